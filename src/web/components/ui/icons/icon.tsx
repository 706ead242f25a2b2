import type { SVGProps } from 'react';

/**
 * Outline icons drawn inline, so they look the same on every system whatever its fonts. One
 * module an icon, so a page's bundle carries only the icons it shows.
 */
export function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}
