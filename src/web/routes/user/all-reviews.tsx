import { type RefCallback, useCallback, useState } from 'react';
import { Button, LinkButton } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import type { ReviewFeed } from '../../../shared/review-answers';
import { COURSE_MAX_LENGTH } from '../../../shared/tutors-constants';
import { type ReviewFeedFilters, useReviewFeed } from '../../features/reviews/api/get-review-feed';
import { ReviewCard } from '../../features/reviews/components/review-card';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { EmptyList, ListLoadError } from '../../components/lists/list-status';
import { ListFilterSelect } from '../../components/lists/list-filter-select';
import { ListSearchBox } from '../../components/lists/list-search-box';
import { useListParams } from '../../hooks/use-list-params';
import { useDepartments } from '../../lib/departments';
import { formatNumber } from '../../i18n/format';
import { reviewsText, useReviewsText } from '../../i18n/namespaces/reviews';

/** How far below the screen the next page starts loading, so scrolling rarely waits for it. */
const PRELOAD_MARGIN = '0px 0px 800px 0px';

/** The feed's filters as the page's URL gives them (`?department=&course=`). */
function feedFilters(searchParams: URLSearchParams): ReviewFeedFilters {
  const course = searchParams.get('course')?.trim();
  return {
    department: searchParams.get('department') || undefined,
    course: course && course.length <= COURSE_MAX_LENGTH ? course : undefined,
  };
}

export function AllReviewsRoute() {
  const { t } = useReviewsText();
  useDocumentTitle(t('allReviews.title'));
  const { searchParams, update } = useListParams();
  const filters = feedFilters(searchParams);
  const filtered = filters.department !== undefined || filters.course !== undefined;
  const feed = useReviewFeed(filters);
  const departments = useDepartments();
  const searchCourse = useCallback((course: string) => update({ course }), [update]);
  const reviews = feed.data?.pages.flatMap((page) => page.items) ?? [];
  // Set when 'Load more reviews' is pressed: focus moves to the first new review, not past it.
  const [firstNewIndex, setFirstNewIndex] = useState<number | null>(null);

  const canLoadMore = feed.hasNextPage && !feed.isFetching && !feed.isError;
  const { fetchNextPage } = feed;
  const sentinelRef = useWhenVisible(
    useCallback(() => void fetchNextPage(), [fetchNextPage]),
    canLoadMore,
  );

  const focusFirstNew = useCallback((item: HTMLLIElement | null) => {
    if (!item) return;
    item.focus();
    // Done once: a later refetch of the whole feed must not pull focus back here.
    setFirstNewIndex(null);
  }, []);

  function loadMore() {
    if (!canLoadMore) return;
    setFirstNewIndex(reviews.length);
    void feed.fetchNextPage();
  }

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t('allReviews.title')}</h1>
        <p className="mt-1 text-slate-700">{t('allReviews.intro')}</p>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-end">
        <ListFilterSelect
          label={t('allReviews.department')}
          value={filters.department ?? ''}
          options={departmentOptions(departments.data?.items ?? [], filters.department)}
          onChange={(department) => update({ department })}
          className="md:w-64"
        />
        <ListSearchBox
          label={t('allReviews.course')}
          value={filters.course ?? ''}
          onSearch={searchCourse}
          placeholder={t('allReviews.coursePlaceholder')}
          maxLength={COURSE_MAX_LENGTH}
        />
      </div>

      {feed.isPending ? (
        <Spinner />
      ) : feed.isError && reviews.length === 0 ? (
        <ListLoadError
          message={t('allReviews.loadError')}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : reviews.length === 0 && feed.isPlaceholderData ? (
        <Spinner />
      ) : reviews.length === 0 && filtered ? (
        <EmptyList message={t('allReviews.noMatch')}>
          <LinkButton to={paths.user.allReviews} variant="secondary">
            {t('allReviews.showAll')}
          </LinkButton>
        </EmptyList>
      ) : reviews.length === 0 ? (
        <EmptyList message={t('allReviews.empty')}>
          <LinkButton to={paths.user.tutors}>{t('allReviews.findTutor')}</LinkButton>
        </EmptyList>
      ) : (
        <section
          aria-label={t('allReviews.reviews')}
          aria-busy={feed.isPlaceholderData || undefined}
          className="space-y-4"
        >
          <p role="status" aria-live="polite" className="text-sm text-slate-700">
            {/* One text node, so the live region reads the whole sentence, not just the changed number. */}
            {shownSentence(reviews.length, feed.data?.pages[0]?.total ?? null)}
          </p>
          <ul
            className={`grid grid-cols-1 gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${feed.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {reviews.map((review, index) => (
              <li
                key={review.id}
                ref={index === firstNewIndex ? focusFirstNew : undefined}
                tabIndex={-1}
                className="rounded-xl"
              >
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>

          {/* Reaching this, a little before the end of the list, loads the next page. */}
          <div ref={sentinelRef} aria-hidden="true" />

          <div className="flex flex-col items-center gap-3 pt-2">
            {feed.isError ? (
              <ListLoadError
                message={t('allReviews.loadError')}
                onRetry={() => void (feed.isFetchNextPageError ? feed.fetchNextPage() : feed.refetch())}
                retrying={feed.isFetching}
              />
            ) : feed.hasNextPage ? (
              // Kept focusable while loading, so a keyboard user's focus is not dropped.
              <Button variant="secondary" onClick={loadMore} aria-disabled={!canLoadMore || undefined}>
                {feed.isFetchingNextPage ? (
                  <>
                    <span
                      aria-hidden="true"
                      className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                    />
                    {t('allReviews.loading')}
                  </>
                ) : (
                  t('allReviews.loadMore')
                )}
              </Button>
            ) : (
              <p className="text-sm text-slate-600">{t('allReviews.end')}</p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

/** The department filter's choices: every department with public tutors, and one a bookmark names though it has none now. */
function departmentOptions(departments: ReadonlyArray<{ name: string }>, chosen: string | undefined) {
  const options = [
    { value: '', label: reviewsText('allReviews.allDepartments') },
    ...departments.map((department) => ({ value: department.name, label: department.name })),
  ];
  if (chosen && !options.some((option) => option.value === chosen)) options.push({ value: chosen, label: chosen });
  return options;
}

/** "Showing 24 of 295 reviews" ("of 1,000+" past the count's cap); without a total, what is shown. */
function shownSentence(shown: number, total: ReviewFeed['total']): string {
  if (!total) return reviewsText('allReviews.showing', { count: shown, shown: formatNumber(shown) });
  // The feed may have grown since its first page was read: never say fewer than are shown.
  const count = Math.max(total.count, shown);
  const more = total.more && count === total.count;
  return reviewsText('allReviews.showingOf', {
    count,
    shown: formatNumber(shown),
    total: `${formatNumber(count)}${more ? '+' : ''}`,
  });
}

/**
 * A ref for an element that calls `onVisible` when it comes near the screen, while `enabled`.
 * The observer starts afresh each time `enabled` turns on: a new observer reports at once, so a
 * page that still leaves the element in view loads the next one too.
 */
function useWhenVisible<T extends Element>(onVisible: () => void, enabled: boolean): RefCallback<T> {
  return useCallback(
    (element: T | null) => {
      if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) onVisible();
        },
        { rootMargin: PRELOAD_MARGIN },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [onVisible, enabled],
  );
}

export { AllReviewsRoute as Component };
