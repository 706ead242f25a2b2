import type { ReactNode } from 'react';
import { useRef } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination } from '../../../components/ui/pagination';
import { TutorCardSkeleton } from './tutor-card';
import { EmptyList, ListLoadError, ResultCount } from '../../../components/lists/list-status';

interface TutorPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const gridClass = 'mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const SKELETON_CARDS = 6;

/**
 * One page of tutors as a grid of 1, 2 or 3 columns, with what every such list needs: a loading
 * skeleton the size of the cards, the spec's error and empty messages, the result count and
 * the page links. While the next page loads, the previous one stays, dimmed.
 */
export function TutorGrid<T extends { id: string }>({
  query,
  page,
  errorMessage,
  emptyMessage,
  emptyActions,
  renderCard,
  skeleton = { actions: 2, badges: false },
  pagesLabel,
}: {
  query: UseQueryResult<TutorPage<T>>;
  page: number;
  errorMessage: string;
  emptyMessage: string;
  /** Ways forward from an empty list (clear the filters, add a tutor). */
  emptyActions?: ReactNode;
  renderCard: (tutor: T) => ReactNode;
  skeleton?: { actions: number; badges: boolean };
  pagesLabel: string;
}) {
  const sectionRef = useRef<HTMLElement>(null);

  if (query.isError) {
    return <ListLoadError message={errorMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (query.isPending) {
    return (
      <section aria-busy="true" aria-label="Loading">
        <p className="h-5 text-sm text-slate-700">Loading...</p>
        <ul className={gridClass}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <TutorCardSkeleton {...skeleton} />
            </li>
          ))}
        </ul>
      </section>
    );
  }

  const { items, total, pageSize } = query.data;
  const pageCount = Math.ceil(total / pageSize);
  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-label="Results"
      aria-busy={query.isPlaceholderData}
      className="scroll-mt-4 focus:outline-none"
    >
      <div className="h-5">
        <ResultCount page={page} pageSize={pageSize} total={total} noun={['tutor', 'tutors']} />
      </div>
      {items.length === 0 ? (
        <div className="mt-3">
          <EmptyList message={emptyMessage}>{emptyActions}</EmptyList>
        </div>
      ) : (
        <ul className={`${gridClass} transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
          {items.map((tutor) => (
            <li key={tutor.id}>{renderCard(tutor)}</li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <div className="mt-6">
          <Pagination
            page={page}
            pageCount={pageCount}
            label={pagesLabel}
            onNavigate={() => {
              // Keyboard and screen reader users continue from the top of the new page.
              sectionRef.current?.focus({ preventScroll: true });
              sectionRef.current?.scrollIntoView({ block: 'start' });
            }}
          />
        </div>
      )}
    </section>
  );
}
