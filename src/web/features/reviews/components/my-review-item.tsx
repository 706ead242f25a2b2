import { useId } from 'react';
import { Trans } from 'react-i18next';
import { Button, LinkButton } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { MyReview } from '../../../../shared/my-reviews';
import {
  AiAssistedBadge,
  ReviewDate,
  ReviewStars,
  ReviewText,
  reviewAuthorName,
  reviewTitle,
} from '../../../components/reviews/review-parts';
import { helpfulCountSentence, ReviewDetails } from '../../../components/reviews/review-details';
import { HiddenByModeratorNote } from '../../../components/reviews/hidden-by-moderator-note';
import { WaitingForModeratorNote } from '../../../components/reviews/waiting-for-moderator-note';
import { useReviewsText } from '../../../i18n/namespaces/reviews';
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
  const { t } = useReviewsText();
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
            aria-label={t('myReviewItem.editLabel', { name: tutor.name })}
          >
            {t('myReviewItem.edit')}
          </LinkButton>
          <Button variant="danger" onClick={onDelete} aria-label={t('myReviewItem.deleteLabel', { name: tutor.name })}>
            {t('myReviewItem.delete')}
          </Button>
        </div>
      </div>

      {review.waitingForModerator && (
        <div className="mt-4">
          <WaitingForModeratorNote>
            <p className="mt-1">{t('myReviewItem.waiting')}</p>
          </WaitingForModeratorNote>
        </div>
      )}
      {review.isHidden && (
        <div className="mt-4">
          <HiddenByModeratorNote reason={review.hiddenReason}>
            <p className="mt-1">{t('myReviewItem.hidden')}</p>
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
        <span>
          {review.showName
            ? t('myReviewItem.shownWithName')
            : t('myReviewItem.shownAs', { name: reviewAuthorName(null) })}
        </span>
        <span>
          <ReviewDate value={review.createdAt} />
          {edited && (
            <>
              {' '}
              {sameDay(review.createdAt, review.updatedAt) ? (
                t('myReviewItem.edited')
              ) : (
                <Trans
                  t={t}
                  i18nKey="myReviewItem.editedOn"
                  components={{ date: <ReviewDate value={review.updatedAt} /> }}
                />
              )}
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
