import { memo, useId } from 'react';
import { Trans } from 'react-i18next';
import type { ReviewCard as ReviewCardData } from '../../../../shared/review-answers';
import { TutorPicture } from '../../../components/tutors/tutor-picture';
import {
  AiAssistedBadge,
  ReviewDate,
  ReviewStars,
  ReviewText,
  reviewAuthorName,
  ReviewTutorName,
  reviewTitle,
} from '../../../components/reviews/review-parts';
import { ReviewDetails } from '../../../components/reviews/review-details';
import { useReviewsText } from '../../../i18n/namespaces/reviews';

/**
 * One review in a grid (All Reviews, the dashboard): the tutor it is about, the review and who
 * wrote it. Memoised because a long feed re-renders every card each time a page arrives.
 */
export const ReviewCard = memo(function ReviewCard({
  review,
  headingLevel = 2,
}: {
  review: ReviewCardData;
  headingLevel?: 2 | 3;
}) {
  const { t } = useReviewsText();
  const titleId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { tutor } = review;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <TutorPicture image={tutor.image} name={tutor.name} size="sm" />
        <div className="min-w-0">
          <p className="break-words font-semibold text-slate-900">
            <ReviewTutorName tutor={tutor} />
          </p>
          <p className="truncate text-sm text-slate-700" title={tutor.department}>
            {tutor.department}
          </p>
        </div>
      </div>
      <Heading id={titleId} className="mt-4 break-words text-lg font-semibold text-slate-900">
        {reviewTitle(review.title)}
      </Heading>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <ReviewStars rating={review.rating} />
        {review.aiAssisted && <AiAssistedBadge />}
      </div>
      <ReviewDetails review={review} className="mt-3" />
      <ReviewText text={review.body} title={reviewTitle(review.title)} className="mt-3" />
      <p className="mt-auto break-words pt-4 text-sm text-slate-600">
        <Trans
          t={t}
          i18nKey="reviewCard.by"
          components={{
            author: <span className="font-medium text-slate-800">{reviewAuthorName(review.authorName)}</span>,
          }}
        />
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        <ReviewDate value={review.createdAt} />
      </p>
    </article>
  );
});
