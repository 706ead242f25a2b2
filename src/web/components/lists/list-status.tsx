import type { ReactNode } from 'react';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';

/** "Showing 13–24 of 40 tutors", announced politely as the results change. */
export function ResultCount({
  page,
  pageSize,
  total,
  noun,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: [string, string];
}) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const word = total === 1 ? noun[0] : noun[1];
  return (
    <p role="status" className="text-sm text-slate-700">
      {total === 0 ? '' : first > total ? `${total} ${word}` : `Showing ${first}–${last} of ${total} ${word}`}
    </p>
  );
}

/** A list that could not be loaded, with the spec's message and a way to ask again. */
export function ListLoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <ErrorAlert>
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </ErrorAlert>
  );
}

/** Nothing to list; `children` offers a way forward (clear the filters, add a tutor). */
export function EmptyList({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-900">{message}</p>
      {children && <div className="mt-4 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
