import type { ReactNode } from 'react';

/** The red box in which forms show what went wrong. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </div>
  );
}
