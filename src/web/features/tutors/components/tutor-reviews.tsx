import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PagedList } from '../../../components/lists/paged-list';
import type { TutorReview } from '../../../../shared/tutors';
import { useTutorReviews } from '../api/get-tutor-reviews';
import {
  AiAssistedBadge,
  reviewAuthorName,
  ReviewDate,
  ReviewStars,
  reviewTitle,
} from '../../../components/reviews/review-parts';
import { pageFromParam, TUTOR_REVIEWS_PAGE_PARAM } from '../../../../shared/page-data';

/** The page of reviews the URL asks for. */
export function useReviewsPage(): number {
  const [searchParams] = useSearchParams();
  return reviewsPageFromParams(searchParams);
}

/** The page of reviews a profile's URL asks for (its loader reads it before the page renders). */
export function reviewsPageFromParams(searchParams: URLSearchParams): number {
  return pageFromParam(searchParams.get(TUTOR_REVIEWS_PAGE_PARAM));
}

/** What a page offers on each review (a student's Edit or Report, an admin's moderation). */
export type ReviewActions = (review: TutorReview) => ReactNode;

/** A tutor's visible reviews, newest first, a page at a time. */
export function TutorReviews({
  tutorId,
  reviewActions,
  headingRef: givenHeadingRef,
}: {
  tutorId: string;
  reviewActions?: ReviewActions;
  /** The section's heading, focusable: where focus can go when an action removes a review. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const page = useReviewsPage();
  const reviews = useTutorReviews(tutorId, page);
  const headingId = useId();
  const ownHeadingRef = useRef<HTMLHeadingElement>(null);
  const headingRef = givenHeadingRef ?? ownHeadingRef;

  const total = reviews.data?.total;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        Reviews{total ? <span className="font-normal text-slate-600"> ({total})</span> : null}
      </h2>
      <div className="mt-4">
        <PagedList
          query={reviews}
          page={page}
          param={TUTOR_REVIEWS_PAGE_PARAM}
          label="Reviews of this tutor"
          variant="section"
          errorMessage="Error To Fetch Reviews"
          emptyMessage="No reviews yet."
          pagesLabel="Reviews pages"
          onNavigate={() => {
            headingRef.current?.focus({ preventScroll: true });
            headingRef.current?.scrollIntoView({ block: 'start' });
          }}
        >
          {(items) => (
            <ul className="divide-y divide-slate-200">
              {items.map((review) => (
                <li key={review.id} className="py-4 first:pt-0 last:pb-0">
                  <ReviewItem review={review} actions={reviewActions?.(review)} />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </section>
  );
}

function ReviewItem({ review, actions }: { review: TutorReview; actions: ReactNode }) {
  return (
    <article aria-label={reviewTitle(review.title)}>
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
            {review.writtenByMe && <span className="font-medium text-slate-800"> · Your review</span>}
          </p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <ReviewStars rating={review.rating} />
            {review.aiAssisted && <AiAssistedBadge />}
          </div>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-slate-800">{review.body}</p>
    </article>
  );
}
