import { useId } from 'react';
import { Trans } from 'react-i18next';
import type { MyDeletedReview } from '../../../../shared/appeals';
import { HiddenByModeratorNote } from '../../../components/reviews/hidden-by-moderator-note';
import { ReviewDate, ReviewStars, ReviewText, reviewTitle } from '../../../components/reviews/review-parts';
import { useReviewsText } from '../../../i18n/namespaces/reviews';
import { ReviewAppealSection } from './review-appeal';
import { ReviewedTutor } from './reviewed-tutor';

/** One of the student's reviews a moderator deleted: as it was, why, and its appeal. */
export function DeletedReviewItem({ review, appealOpen = false }: { review: MyDeletedReview; appealOpen?: boolean }) {
  const { t } = useReviewsText();
  const titleId = useId();
  const { tutor } = review;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <ReviewedTutor tutor={tutor} />
      <div className="mt-4">
        <HiddenByModeratorNote heading={t('deletedItem.heading')} reason={review.reason}>
          <p className="mt-1">
            <Trans t={t} i18nKey="deletedItem.text" components={{ date: <ReviewDate value={review.deletedAt} /> }} />
          </p>
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
      <h3 id={titleId} className="mt-4 break-words text-lg font-semibold text-slate-900">
        {reviewTitle(review.title)}
      </h3>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <ReviewStars rating={review.rating} />
        <ReviewDate value={review.createdAt} />
      </div>
      <ReviewText text={review.body} title={reviewTitle(review.title)} className="mt-3" />
    </article>
  );
}
