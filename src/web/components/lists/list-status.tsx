import type { ReactNode } from 'react';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { useCommonText } from '../../i18n/namespaces/common';
import { formatNumber } from '../../i18n/format';

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
  /** The things counted, as [one, several], or by count where the language has more forms. */
  noun: [string, string] | ((count: number) => string);
}) {
  const { t } = useCommonText();
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const word = typeof noun === 'function' ? noun(total) : total === 1 ? noun[0] : noun[1];
  const numbers = { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total), noun: word };
  return (
    <p role="status" className="text-sm text-slate-700">
      {total === 0 ? '' : first > total ? t('resultCount.total', numbers) : t('resultCount.showing', numbers)}
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
  const { t } = useCommonText();
  return (
    <ErrorAlert>
      <p className="font-semibold">{message}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry} disabled={retrying}>
        {retrying ? t('listLoadError.tryingAgain') : t('listLoadError.tryAgain')}
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
