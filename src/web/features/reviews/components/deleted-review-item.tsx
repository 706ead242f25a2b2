import { useId } from 'react';
import type { MyDeletedReview } from '../../../../shared/appeals';
import { HiddenByModeratorNote } from '../../../components/reviews/hidden-by-moderator-note';
import { ReviewDate, ReviewStars, ReviewText, reviewTitle } from '../../../components/reviews/review-parts';
import { ReviewAppealSection } from './review-appeal';
import { ReviewedTutor } from './reviewed-tutor';

/** One of the student's reviews a moderator deleted: as it was, why, and its appeal. */
export function DeletedReviewItem({ review, appealOpen = false }: { review: MyDeletedReview; appealOpen?: boolean }) {
  const titleId = useId();
  const { tutor } = review;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <ReviewedTutor tutor={tutor} />
      <div className="mt-4">
        <HiddenByModeratorNote heading="Deleted by a moderator" reason={review.reason}>
          <p className="mt-1">
            Deleted <ReviewDate value={review.deletedAt} />. Nobody else can see it; if a moderator restores it on
            appeal, it is published again (without its helpful marks).
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
