import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A group of the main navigation behind one button on wide screens (Mine ▾, the account):
 * a disclosure, not an ARIA menu, so its links stay ordinary links. Escape or a click
 * elsewhere folds it. On narrow screens the group lies open inside the collapsed menu, under
 * its label as a heading.
 */
export function NavDisclosure({
  label,
  open,
  onOpenChange,
  current,
  align = 'start',
  children,
}: {
  label: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whether the page shown is one of the group's, so the button shows it as the current place. */
  current: boolean;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Listening only while open: a click outside the group or Escape anywhere folds it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onOpenChange(false);
      if (buttonRef.current?.offsetParent !== null) buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onOpenChange]);

  return (
    <div ref={rootRef} className="md:relative">
      <span className="block px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase md:hidden">
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
        className={`hidden items-center gap-1 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap md:inline-flex ${current ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700 hover:bg-slate-100'}`}
      >
        {label}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <ul
        id={id}
        className={`${open ? '' : 'md:hidden'} flex flex-col gap-1 md:absolute md:top-full md:z-30 md:mt-1 md:min-w-48 md:rounded-lg md:border md:border-slate-200 md:bg-white md:p-1.5 md:shadow-lg ${align === 'end' ? 'md:end-0' : 'md:start-0'}`}
      >
        {children}
      </ul>
    </div>
  );
}
