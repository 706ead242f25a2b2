import toast from 'react-hot-toast';
import type { TutorReview } from '../../../../shared/tutor-reviews';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import { buttonClasses } from '../../../components/ui/button';
import { ThumbUpIcon } from '../../../components/ui/icons/thumb-up-icon';
import { errorMessage } from '../../../lib/api-client';
import { useSetHelpfulVote } from '../api/set-helpful-vote';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/**
 * 'Helpful' on another student's review: a toggle (pressed once the reader marked it) with the
 * number of students who did. The count changes at once; a refused vote puts it back and says why.
 */
export function HelpfulButton({ tutorId, review }: { tutorId: string; review: TutorReview }) {
  const { t } = useTutorsText();
  const vote = useSetHelpfulVote();
  const marked = review.markedHelpfulByMe;
  const label =
    review.helpfulCount > 0
      ? t('helpful.withCount', { number: formatNumber(review.helpfulCount) })
      : t('helpful.label');
  return (
    <button
      type="button"
      aria-pressed={marked}
      // What the button says, then which review it is about: a page has one per review.
      aria-label={t('helpful.aria', { label, review: reviewByAuthor(review) })}
      onClick={() => {
        // One vote at a time: a second click before the answer would race the first.
        if (vote.isPending) return;
        vote.mutate(
          { tutorId, reviewId: review.id, helpful: !marked },
          { onError: (error) => toast.error(errorMessage(error)) },
        );
      }}
      // Pressed, it takes the colour of a chosen option (as the form's choices do when picked).
      className={buttonClasses(marked ? 'primary' : 'secondary', 'min-h-11 px-3 text-xs')}
    >
      <ThumbUpIcon className={`h-4 w-4 ${marked ? 'fill-white/30' : ''}`} />
      {label}
    </button>
  );
}
