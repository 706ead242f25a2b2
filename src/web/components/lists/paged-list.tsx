import { type ReactNode, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination } from '../ui/pagination';
import { Spinner } from '../ui/spinner';
import { EmptyList, ListLoadError, ResultCount } from './list-status';

/** One page of a list as every paged endpoint answers it (`pageOf` in src/shared/pagination.ts). */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a list with what every paged page needs, in one order: loading, the spec's error
 * and empty texts, the result count, the items, the page links, and the way back from a page
 * past the end. While the next page loads, the previous one stays, dimmed. The page passes its
 * texts in and draws the items itself.
 *
 * Past the end: when the page the URL asks for is beyond the last page that exists (its last
 * item was just deleted or decided, or an old bookmark), the list goes to that last page,
 * replacing the URL. A list with nothing in it has one page, the empty one, so `?page=4` of an
 * empty list goes to page 1 and shows the empty text. Placeholder data (the previous page, kept
 * while this one loads) never decides this: its total may belong to other filters.
 */
export function PagedList<T>({
  query,
  page,
  param = 'page',
  label,
  errorMessage,
  emptyMessage,
  emptyActions,
  variant = 'page',
  noun,
  pagesLabel,
  onNavigate,
  loading = <Spinner />,
  children,
}: {
  query: UseQueryResult<ListPage<T>>;
  /** The page the URL asks for. */
  page: number;
  /** The search parameter holding the page number. */
  param?: string;
  /** The accessible name of the region that holds the items, e.g. "Your reviews". */
  label: string;
  errorMessage: string;
  emptyMessage: string;
  /** Ways forward from an empty list (clear the filters, add a tutor). */
  emptyActions?: ReactNode;
  /** 'page': the list is the page's content (a panel says it is empty); 'section': one part of a page (a line does). */
  variant?: 'page' | 'section';
  /** Singular and plural for "Showing 1–12 of 40 tutors"; left out, no count is shown. */
  noun?: [string, string] | ((count: number) => string);
  /** The page links' accessible name, e.g. "Tutors pages". */
  pagesLabel: string;
  /**
   * Runs after a page link is followed, to move focus to the top of the new page (usually the
   * page's heading). Left out, the region of items itself takes focus.
   */
  onNavigate?: (page: number) => void;
  /** What stands in while the first page loads. */
  loading?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const regionRef = useRef<HTMLElement>(null);

  if (query.isPending) return loading;
  if (query.isError) {
    return <ListLoadError message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }

  const { items, total, pageSize } = query.data;
  const busy = query.isPlaceholderData;
  const pageCount = Math.ceil(total / pageSize);

  const lastPage = busy ? null : lastPageIfPastTheEnd(page, total, pageSize);
  if (lastPage !== null) return <GoToLastPage page={lastPage} param={param} />;
  // An empty page standing in while another loads says nothing about that page yet.
  if (items.length === 0 && busy) return loading;
  if (items.length === 0) {
    return variant === 'page' ? (
      <EmptyList message={emptyMessage}>{emptyActions}</EmptyList>
    ) : (
      <div className="space-y-2">
        <p className="text-slate-600">{emptyMessage}</p>
        {emptyActions}
      </div>
    );
  }

  const focusRegion = () => {
    // Keyboard and screen reader users continue from the top of the new page.
    regionRef.current?.focus({ preventScroll: true });
    regionRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section
      ref={regionRef}
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={onNavigate ? undefined : -1}
      className="scroll-mt-4 space-y-4 focus:outline-none"
    >
      {noun && <ResultCount page={query.data.page} pageSize={pageSize} total={total} noun={noun} />}
      <div className={`transition-opacity ${busy ? 'opacity-60' : ''}`}>{children(items)}</div>
      {pageCount > 1 && (
        <div className="pt-2">
          <Pagination
            page={page}
            pageCount={pageCount}
            label={pagesLabel}
            param={param}
            onNavigate={onNavigate ?? focusRegion}
          />
        </div>
      )}
    </section>
  );
}

/**
 * The last page that exists, when `page` is past it; null when `page` exists. A list with
 * nothing in it has one page, the empty one.
 */
export function lastPageIfPastTheEnd(page: number, total: number, pageSize: number): number | null {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return page > lastPage ? lastPage : null;
}

/** Replaces the URL's page past the end with `page`, keeping the other parameters. */
function GoToLastPage({ page, param }: { page: number; param: string }) {
  const [searchParams] = useSearchParams();
  const next = new URLSearchParams(searchParams);
  // Page 1 is the default: leaving it out keeps one URL per list.
  if (page === 1) next.delete(param);
  else next.set(param, String(page));
  const search = next.toString();
  return <Navigate replace to={{ search: search ? `?${search}` : '' }} />;
}
