import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_RATING, tutorReviewSorts } from '../../../../shared/reviews-constants';
import type { TutorReviewSummary } from '../../../../shared/tutors';
import type { TutorReview } from '../../../../shared/tutor-reviews';
import { ListFilterSelect } from '../../../components/lists/list-filter-select';
import { PagedList } from '../../../components/lists/paged-list';
import {
  AiAssistedBadge,
  reviewAuthorName,
  ReviewDate,
  ReviewStars,
  reviewTitle,
} from '../../../components/reviews/review-parts';
import { helpfulCountSentence, ReviewDetails } from '../../../components/reviews/review-details';
import { ResponseFromTutorView } from '../../../components/reviews/response-from-tutor';
import { Button } from '../../../components/ui/button';
import {
  DEFAULT_TUTOR_REVIEW_SORT,
  TUTOR_REVIEWS_PAGE_PARAM,
  type TutorReviewsPageQuery,
  tutorReviewsFiltered,
  tutorReviewsParams,
  tutorReviewsQuery,
} from '../../../../shared/page-data';
import { useTutorReviews } from '../api/get-tutor-reviews';
import { reviewAnchorId, useShowReviewInAddress } from './tutor-ai-summary';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** The order, filters and page of reviews the URL asks for. */
export function useTutorReviewsQuery(): TutorReviewsPageQuery {
  const [searchParams] = useSearchParams();
  return tutorReviewsQuery(searchParams);
}

/** What a page offers on each review (a student's Edit or Report, an admin's moderation). */
export type ReviewActions = (review: TutorReview) => ReactNode;

/**
 * The way to mark another student's review helpful, where the page offers one (students). It
 * is lent by the page, so a page without it does not load the vote's code; without it, and on
 * the reader's own review, the count is shown instead.
 */
export type HelpfulVoteControl = (review: TutorReview) => ReactNode;

/**
 * What a page offers on the tutor's response to each review, under the review: the tutor's own
 * account's Respond, Edit and Delete; an administrator's Hide, Unhide and Delete.
 */
export type ResponseControls = (review: TutorReview) => ReactNode;

/**
 * A tutor's visible reviews, a page at a time, in the order and with the filters the reader
 * chose (kept in the page's URL, so a filtered list can be shared and paged through).
 */
export function TutorReviews({
  tutorId,
  reviewCount,
  reviewedCourses,
  reviewActions,
  helpfulVote,
  responseControls,
  headingRef: givenHeadingRef,
}: {
  tutorId: string;
  /** All the tutor's visible reviews, whatever the filters. */
  reviewCount: number;
  /** The courses the reviews name, for the course filter. */
  reviewedCourses: TutorReviewSummary['courses'];
  reviewActions?: ReviewActions;
  helpfulVote?: HelpfulVoteControl;
  responseControls?: ResponseControls;
  /** The section's heading, focusable: where focus can go when an action removes a review. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTutorsText();
  const query = useTutorReviewsQuery();
  const reviews = useTutorReviews(tutorId, query);
  const [, setSearchParams] = useSearchParams();
  const headingId = useId();
  const ownHeadingRef = useRef<HTMLHeadingElement>(null);
  const headingRef = givenHeadingRef ?? ownHeadingRef;
  const filtered = tutorReviewsFiltered(query);
  useShowReviewInAddress(reviews.data);

  /** A new order or filter starts again from the first page. */
  function update(changes: Partial<Record<keyof typeof tutorReviewsParams, string | null>>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const param = tutorReviewsParams[key as keyof typeof tutorReviewsParams];
          if (value === null || value === '') next.delete(param);
          else next.set(param, value);
        }
        next.delete(TUTOR_REVIEWS_PAGE_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  }

  const clearFilters = () => update({ course: null, rating: null, recent: null });

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {t('reviews.heading')}
        {reviewCount ? (
          <span className="font-normal text-slate-600">
            {t('reviews.headingCount', { number: formatNumber(reviewCount) })}
          </span>
        ) : null}
      </h2>
      {(reviewCount > 0 || filtered) && (
        <ReviewListControls query={query} reviewedCourses={reviewedCourses} onChange={update} />
      )}
      <div className="mt-4">
        <PagedList
          query={reviews}
          page={query.page}
          param={TUTOR_REVIEWS_PAGE_PARAM}
          label={t('reviews.listLabel')}
          variant="section"
          errorMessage={t('reviews.loadError')}
          emptyMessage={filtered ? t('reviews.emptyFiltered') : t('reviews.empty')}
          emptyActions={
            filtered && (
              <Button variant="secondary" onClick={clearFilters}>
                {t('reviews.showAll')}
              </Button>
            )
          }
          noun={filtered ? [t('reviews.nounOne'), t('reviews.nounMany')] : undefined}
          pagesLabel={t('reviews.pagesLabel')}
          onNavigate={() => {
            headingRef.current?.focus({ preventScroll: true });
            headingRef.current?.scrollIntoView({ block: 'start' });
          }}
        >
          {(items) => (
            <ul className="divide-y divide-slate-200">
              {items.map((review) => (
                <li key={review.id} className="py-4 first:pt-0 last:pb-0">
                  <ReviewItem
                    review={review}
                    actions={reviewActions?.(review)}
                    vote={review.writtenByMe ? undefined : helpfulVote?.(review)}
                    responseControls={responseControls?.(review)}
                  />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </section>
  );
}

/** The order and the filters above the reviews. */
function ReviewListControls({
  query,
  reviewedCourses,
  onChange,
}: {
  query: TutorReviewsPageQuery;
  reviewedCourses: TutorReviewSummary['courses'];
  onChange: (changes: Partial<Record<keyof typeof tutorReviewsParams, string | null>>) => void;
}) {
  const { t } = useTutorsText();
  const recentId = useId();
  const sortOptions = tutorReviewSorts.map((sort) => ({ value: sort, label: t(`reviews.sort.${sort}`) }));
  const ratingOptions = [
    { value: '', label: t('reviews.anyStars') },
    ...Array.from({ length: MAX_RATING }, (_, index) => {
      const stars = MAX_RATING - index;
      return { value: String(stars), label: t('stars', { count: stars }) };
    }),
  ];
  const courseOptions = [
    { value: '', label: t('reviews.allCourses') },
    ...reviewedCourses.map((course) => ({
      value: course.name,
      label: t('reviews.courseOption', { course: course.name, number: formatNumber(course.reviewCount) }),
    })),
  ];
  // A shared link may name a course no visible review names any more: it still shows as chosen.
  if (query.course && !courseOptions.some((option) => option.value === query.course)) {
    courseOptions.push({ value: query.course, label: query.course });
  }
  return (
    <div
      role="group"
      aria-label={t('reviews.controlsLabel')}
      className="mt-4 grid grid-cols-1 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
    >
      <ListFilterSelect
        label={t('reviews.sortLabel')}
        value={query.sort}
        options={sortOptions}
        onChange={(value) => onChange({ sort: value === DEFAULT_TUTOR_REVIEW_SORT ? null : value })}
      />
      {courseOptions.length > 1 && (
        <ListFilterSelect
          label={t('reviews.course')}
          value={query.course ?? ''}
          options={courseOptions}
          onChange={(value) => onChange({ course: value })}
        />
      )}
      <ListFilterSelect
        label={t('reviews.stars')}
        value={query.rating === undefined ? '' : String(query.rating)}
        options={ratingOptions}
        onChange={(value) => onChange({ rating: value })}
      />
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={recentId}
          type="checkbox"
          checked={query.recent}
          onChange={(event) => onChange({ recent: event.target.checked ? '1' : null })}
          className="h-5 w-5 shrink-0 rounded border-slate-400 accent-indigo-700"
        />
        <label htmlFor={recentId} className="text-sm font-medium text-slate-800">
          {t('reviews.lastMonths', { count: 12 })}
        </label>
      </div>
    </div>
  );
}

function ReviewItem({
  review,
  actions,
  vote,
  responseControls,
}: {
  review: TutorReview;
  actions: ReactNode;
  vote: ReactNode;
  responseControls: ReactNode;
}) {
  const { t } = useTutorsText();
  return (
    // An anchor a summary's citation leads to; focusable so the reader's place follows it.
    <article
      id={reviewAnchorId(review.id)}
      tabIndex={-1}
      aria-label={reviewTitle(review.title)}
      className="scroll-mt-4 rounded-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-700"
    >
      {/* The actions sit beside the review on wide screens and wrap under its heading on narrow ones. */}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <h3 className="min-w-0 break-words font-semibold text-slate-900">{reviewTitle(review.title)}</h3>
            <ReviewDate value={review.createdAt} className="text-sm text-slate-600" />
          </div>
          <p className="text-sm text-slate-700">
            {reviewAuthorName(review.authorName)}
            {/* Others read only the name above; the author is told the review is theirs. */}
            {review.writtenByMe && <span className="font-medium text-slate-800">{t('reviews.yours')}</span>}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <ReviewStars rating={review.rating} />
            {review.aiAssisted && <AiAssistedBadge />}
          </div>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <ReviewDetails review={review} className="mt-2" />
      <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</p>
      <div className="mt-2">
        {/* One's own review cannot be voted on; its author, like a moderator, reads the count. */}
        {vote ?? <p className="text-sm text-slate-600">{helpfulCountSentence(review.helpfulCount)}</p>}
      </div>
      {review.response && <ResponseFromTutorView response={review.response} />}
      {responseControls}
    </article>
  );
}
