import { useId } from 'react';
import { Button, LinkButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { MyReview } from '../../../../shared/my-reviews';
import { ANONYMOUS_AUTHOR_NAME } from '../../../../shared/reviews-constants';
import {
  AiAssistedBadge,
  ReviewDate,
  ReviewStars,
  ReviewText,
  reviewTitle,
} from '../../../components/reviews/review-parts';
import { helpfulCountSentence, ReviewDetails } from '../../../components/reviews/review-details';
import { HiddenByModeratorNote } from '../../../components/reviews/hidden-by-moderator-note';
import { WaitingForModeratorNote } from '../../../components/reviews/waiting-for-moderator-note';
import { AppealState, ReviewAppealSection } from './review-appeal';
import { ReviewedTutor } from './reviewed-tutor';

/**
 * One of the student's own reviews in My Reviews, with the way to edit or delete it, and to
 * appeal it once hidden (`appealOpen`: the appeal form open, from the notification's link).
 */
export function MyReviewItem({
  review,
  onDelete,
  appealOpen = false,
}: {
  review: MyReview;
  onDelete: () => void;
  appealOpen?: boolean;
}) {
  const titleId = useId();
  const { tutor } = review;
  const edited = review.updatedAt !== review.createdAt;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <ReviewedTutor tutor={tutor} className="flex-1" />
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <LinkButton
            to={paths.user.submitReview(review.id)}
            variant="secondary"
            aria-label={`Edit review of ${tutor.name}`}
          >
            Edit
          </LinkButton>
          <Button variant="danger" onClick={onDelete} aria-label={`Delete review of ${tutor.name}`}>
            Delete
          </Button>
        </div>
      </div>

      {review.waitingForModerator && (
        <div className="mt-4">
          <WaitingForModeratorNote>
            <p className="mt-1">
              Only you can see it until a moderator publishes it; it does not count towards the tutor&apos;s rating yet.
            </p>
          </WaitingForModeratorNote>
        </div>
      )}
      {review.isHidden && (
        <div className="mt-4">
          <HiddenByModeratorNote reason={review.hiddenReason}>
            <p className="mt-1">Other students cannot see it, and it does not count towards the tutor&apos;s rating.</p>
          </HiddenByModeratorNote>
          <div className="mt-3">
            <ReviewAppealSection
              reviewId={review.id}
              tutorName={tutor.name}
              appeal={review.appeal}
              startOpen={appealOpen}
            />
          </div>
        </div>
      )}

      {!review.isHidden && review.appeal && (
        <div className="mt-4">
          <AppealState appeal={review.appeal} />
        </div>
      )}

      <h2 id={titleId} className="mt-4 break-words text-lg font-semibold text-slate-900">
        {reviewTitle(review.title)}
      </h2>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <ReviewStars rating={review.rating} />
        {review.aiAssisted && <AiAssistedBadge />}
        <span>{review.showName ? 'Shown with your name' : `Shown as “${ANONYMOUS_AUTHOR_NAME}”`}</span>
        <span>
          <ReviewDate value={review.createdAt} />
          {edited && (
            <>
              {' '}
              (edited
              {sameDay(review.createdAt, review.updatedAt) ? (
                ''
              ) : (
                <>
                  {' '}
                  <ReviewDate value={review.updatedAt} />
                </>
              )}
              )
            </>
          )}
        </span>
        <span>{helpfulCountSentence(review.helpfulCount)}</span>
      </div>
      <ReviewDetails review={review} className="mt-3" />
      <ReviewText text={review.body} title={reviewTitle(review.title)} className="mt-3" />
    </article>
  );
}

function sameDay(first: string, second: string): boolean {
  return new Date(first).toDateString() === new Date(second).toDateString();
}
