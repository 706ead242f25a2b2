import type { ReviewTutor } from '../../../../shared/review-answers';
import { ReviewTutorName } from '../../../components/reviews/review-parts';
import { TutorPicture } from '../../../components/tutors/tutor-picture';

/** Whom one of the student's own reviews is about: picture, name (linked while public) and department. */
export function ReviewedTutor({ tutor, className = '' }: { tutor: ReviewTutor; className?: string }) {
  return (
    <div className={`flex min-w-0 items-center gap-3 ${className}`}>
      <TutorPicture image={tutor.image} name={tutor.name} size="sm" />
      <div className="min-w-0">
        <p className="break-words font-semibold text-slate-900">
          <ReviewTutorName tutor={tutor} />
        </p>
        <p className="break-words text-sm text-slate-700">{tutor.department}</p>
      </div>
    </div>
  );
}
