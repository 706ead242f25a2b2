import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ListPage, PagedList } from '../../../components/lists/paged-list';
import { TutorCardSkeleton } from './tutor-card';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

const gridClass = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const SKELETON_CARDS = 6;

/**
 * One page of tutors as a grid of 1, 2 or 3 columns: a paged list whose loading skeleton is the
 * size of the cards. The region of results takes focus when a page link is followed.
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
  query: UseQueryResult<ListPage<T>>;
  page: number;
  errorMessage: string;
  emptyMessage: string;
  /** Ways forward from an empty list (clear the filters, add a tutor). */
  emptyActions?: ReactNode;
  renderCard: (tutor: T) => ReactNode;
  skeleton?: { actions: number; badges: boolean; courses?: boolean };
  pagesLabel: string;
}) {
  const { t } = useTutorsText();
  return (
    <PagedList
      query={query}
      page={page}
      label={t('grid.results')}
      errorMessage={errorMessage}
      emptyMessage={emptyMessage}
      emptyActions={emptyActions}
      noun={[t('grid.nounOne'), t('grid.nounMany')]}
      pagesLabel={pagesLabel}
      loading={
        <section aria-busy="true" aria-label={t('grid.loading')} className="space-y-4">
          <p className="text-sm text-slate-700">{t('grid.loadingText')}</p>
          <ul className={gridClass}>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={index}>
                <TutorCardSkeleton {...skeleton} />
              </li>
            ))}
          </ul>
        </section>
      }
    >
      {(items) => (
        <ul className={gridClass}>
          {items.map((tutor) => (
            <li key={tutor.id}>{renderCard(tutor)}</li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
