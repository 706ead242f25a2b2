// Kept apart from button.tsx so a page without React Router (the landing page) can style links as buttons.
/**
 * `danger` is the quiet red of a destructive action on a page (Delete on a list row); the solid
 * `danger-confirm` is kept for the one button that carries it out, in its confirmation dialog.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-confirm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-700 text-white hover:bg-indigo-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'border border-slate-300 bg-white text-red-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800',
  'danger-confirm': 'bg-red-700 text-white hover:bg-red-800',
};

export function buttonClasses(variant: ButtonVariant = 'primary', className = ''): string {
  return `${base} ${variants[variant]} ${className}`.trim();
}
