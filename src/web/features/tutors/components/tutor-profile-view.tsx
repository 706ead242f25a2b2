import { type ReactNode, type RefObject, useId } from 'react';
import type { TutorProfile } from '../../../../shared/tutors';
import { usePrefetchTutorReviews } from '../api/get-tutor-reviews';
import { RatingDistribution } from './rating-distribution';
import { TutorGate } from './tutor-gate';
import { TutorPicture } from '../../../components/tutors/tutor-picture';
import { TutorRatingSummary } from './tutor-rating-summary';
import { type ReviewActions, TutorReviews, useReviewsPage } from './tutor-reviews';
import { TutorStatusBadge } from './tutor-status-badge';
import { TutorVisibilityBadge } from '../../../components/tutors/tutor-visibility-badge';

interface ReviewListOptions {
  /** Rendered in each review: the student's Edit or Report, the admin's Hide and Delete. */
  reviewActions?: ReviewActions;
  /** The reviews' heading, for moving focus there when an action removes a review. */
  reviewsHeadingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * A tutor's full profile, the same under /user and /admin: the page decides which actions it
 * offers on the tutor (the student's 'Rate the Tutor', the admin's Edit and Delete) and on
 * each review.
 */
export function TutorProfileView({
  tutorId,
  actions,
  ...reviewListOptions
}: { tutorId: string | undefined; actions?: (tutor: TutorProfile) => ReactNode } & ReviewListOptions) {
  // The reviews depend on the id alone: asked for now, they arrive with the profile, not after it.
  usePrefetchTutorReviews(tutorId, useReviewsPage());
  return (
    <TutorGate tutorId={tutorId}>
      {(tutor) => <TutorProfileDetails tutor={tutor} actions={actions?.(tutor)} {...reviewListOptions} />}
    </TutorGate>
  );
}

function TutorProfileDetails({
  tutor,
  actions,
  reviewActions,
  reviewsHeadingRef,
}: { tutor: TutorProfile; actions: ReactNode } & ReviewListOptions) {
  const nameId = useId();
  const biographyId = useId();
  const coursesId = useId();
  const ratingsId = useId();

  return (
    <article aria-labelledby={nameId} className="space-y-6">
      <header className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
          <TutorPicture image={tutor.image} name={tutor.name} size="lg" />
          <div className="min-w-0 flex-1 space-y-2">
            <h1 id={nameId} className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">
              {tutor.name}
            </h1>
            <p className="break-words font-semibold tracking-wide text-slate-700">{tutor.department.toUpperCase()}</p>
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <TutorVisibilityBadge isPublic={tutor.isPublic} />
              {tutor.status !== 'approved' && <TutorStatusBadge status={tutor.status} />}
            </div>
            <div className="flex justify-center sm:justify-start">
              <TutorRatingSummary averageRating={tutor.averageRating} reviewCount={tutor.reviewCount} size="md" />
            </div>
          </div>
          {actions && <div className="flex w-full flex-col gap-2 sm:w-auto sm:shrink-0">{actions}</div>}
        </div>
        <TutorStatusNote tutor={tutor} />
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section
            aria-labelledby={biographyId}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id={biographyId} className="text-lg font-semibold text-slate-900">
              Biography
            </h2>
            <p className="mt-3 whitespace-pre-line break-words text-slate-800">{tutor.biography}</p>
          </section>
          <section
            aria-labelledby={coursesId}
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <h2 id={coursesId} className="text-lg font-semibold text-slate-900">
              Courses
            </h2>
            {tutor.courses.length === 0 ? (
              <p className="mt-3 text-slate-600">No courses listed.</p>
            ) : (
              <ul className="mt-3 flex flex-wrap gap-2">
                {tutor.courses.map((course, index) => (
                  <li
                    key={`${index}-${course}`}
                    className="rounded-md bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800"
                  >
                    {course}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <section
          aria-labelledby={ratingsId}
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:self-start"
        >
          <h2 id={ratingsId} className="text-lg font-semibold text-slate-900">
            Ratings
          </h2>
          <div className="mt-3">
            <TutorRatingSummary averageRating={tutor.averageRating} reviewCount={tutor.reviewCount} />
          </div>
          <div className="mt-4">
            <RatingDistribution distribution={tutor.ratingDistribution} labelledBy={ratingsId} />
          </div>
        </section>
      </div>

      <TutorReviews tutorId={tutor.id} reviewActions={reviewActions} headingRef={reviewsHeadingRef} />
    </article>
  );
}

/** Why a tutor is not (yet) public; the rejection reason reaches only its submitter and admins. */
function TutorStatusNote({ tutor }: { tutor: TutorProfile }) {
  if (tutor.status === 'pending') {
    return (
      <p role="note" className="mt-5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        This tutor is waiting for an administrator to verify it. Only its submitter and administrators can see it.
      </p>
    );
  }
  if (tutor.status === 'rejected') {
    return (
      <div role="note" className="mt-5 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        <p className="font-semibold">This submission was rejected.</p>
        {tutor.rejectionReason && (
          <p className="mt-1 whitespace-pre-line break-words">Reason: {tutor.rejectionReason}</p>
        )}
      </div>
    );
  }
  return null;
}
