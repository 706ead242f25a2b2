import { type ReactNode, type RefObject, useId } from 'react';
import type { TutorProfile } from '../../../../shared/tutors';
import { usePrefetchTutorReviews } from '../api/get-tutor-reviews';
import { RatingDistribution } from './rating-distribution';
import { TutorGate } from './tutor-gate';
import { TutorPicture } from '../../../components/tutors/tutor-picture';
import { TutorRatingSummary } from './tutor-rating-summary';
import { TutorAverages, TutorReviewHighlights } from './tutor-review-summary';
import { TutorAiSummary } from './tutor-ai-summary';
import {
  type HelpfulVoteControl,
  type ResponseControls,
  type ReviewActions,
  TutorReviews,
  useTutorReviewsQuery,
} from './tutor-reviews';
import { ClaimedByTutorMark } from './claimed-by-tutor-mark';
import { TutorStatusBadge } from './tutor-status-badge';
import { TutorVisibilityBadge } from '../../../components/tutors/tutor-visibility-badge';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

interface ReviewListOptions {
  /** Rendered in each review: the student's Edit or Report, the admin's Hide and Delete. */
  reviewActions?: ReviewActions;
  /** The reviews' heading, for moving focus there when an action removes a review. */
  reviewsHeadingRef?: RefObject<HTMLHeadingElement | null>;
  /** The 'Helpful' vote on others' reviews (students); without it the count is shown. */
  helpfulVote?: HelpfulVoteControl;
  /** Under each review: the tutor's own Respond, Edit and Delete, or the admin's moderation of the response. */
  responseControls?: (tutor: TutorProfile) => ResponseControls | undefined;
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
  usePrefetchTutorReviews(tutorId, useTutorReviewsQuery());
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
  helpfulVote,
  responseControls,
}: { tutor: TutorProfile; actions: ReactNode } & ReviewListOptions) {
  const { t } = useTutorsText();
  const nameId = useId();
  const biographyId = useId();
  const coursesId = useId();
  const ratingsId = useId();

  return (
    <article aria-labelledby={nameId} className="space-y-6">
      {/* Compact: name, department, badges and rating beside a mid-sized picture, the actions at the side. */}
      <header className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="flex min-w-0 flex-1 items-center gap-4 sm:gap-5">
            <TutorPicture image={tutor.image} name={tutor.name} size="profile" />
            <div className="min-w-0 flex-1 space-y-1.5">
              <h1 id={nameId} className="text-2xl font-semibold break-words text-slate-900 sm:text-3xl">
                {tutor.name}
              </h1>
              <p className="text-sm font-medium tracking-wide break-words text-slate-700">
                {tutor.department.toUpperCase()}
              </p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <TutorRatingSummary averageRating={tutor.averageRating} reviewCount={tutor.reviewCount} size="md" />
                <TutorVisibilityBadge isPublic={tutor.isPublic} />
                {tutor.status !== 'approved' && <TutorStatusBadge status={tutor.status} />}
                {tutor.claimed && <ClaimedByTutorMark />}
              </div>
            </div>
          </div>
          {actions && <div className="flex w-full flex-col gap-2 sm:w-auto sm:shrink-0">{actions}</div>}
        </div>
        <TutorStatusNote tutor={tutor} />
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        {/* Biography and courses in one card: two short sections need no two frames. */}
        <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm lg:col-span-2 lg:self-start">
          <section aria-labelledby={biographyId} className="p-5 sm:p-6">
            <h2 id={biographyId} className="text-lg font-semibold text-slate-900">
              {t('profile.biography')}
            </h2>
            <p className="mt-2 whitespace-pre-line break-words text-slate-800">{tutor.biography}</p>
          </section>
          <section aria-labelledby={coursesId} className="p-5 sm:p-6">
            <h2 id={coursesId} className="text-lg font-semibold text-slate-900">
              {t('profile.courses')}
            </h2>
            {tutor.courses.length === 0 ? (
              <p className="mt-2 text-slate-600">{t('profile.noCourses')}</p>
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
            {t('profile.ratings')}
          </h2>
          <div className="mt-4 space-y-5">
            <TutorAverages tutor={tutor} />
            <RatingDistribution distribution={tutor.ratingDistribution} labelledBy={ratingsId} />
            <TutorReviewHighlights tutor={tutor} />
          </div>
        </section>
      </div>

      <TutorAiSummary tutor={tutor} />

      <TutorReviews
        tutorId={tutor.id}
        reviewCount={tutor.reviewCount}
        reviewedCourses={tutor.reviewSummary.courses}
        reviewActions={reviewActions}
        helpfulVote={helpfulVote}
        responseControls={responseControls?.(tutor)}
        headingRef={reviewsHeadingRef}
      />
    </article>
  );
}

/** Why a tutor is not (yet) public; the rejection reason reaches only its submitter and admins. */
function TutorStatusNote({ tutor }: { tutor: TutorProfile }) {
  const { t } = useTutorsText();
  if (tutor.status === 'pending') {
    return (
      <p role="note" className="mt-5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {t('profile.pendingNote')}
      </p>
    );
  }
  if (tutor.status === 'rejected') {
    return (
      <div role="note" className="mt-5 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        <p className="font-semibold">{t('profile.rejectedNote')}</p>
        {tutor.rejectionReason && (
          <p className="mt-1 whitespace-pre-line break-words">{t('reason', { reason: tutor.rejectionReason })}</p>
        )}
      </div>
    );
  }
  return null;
}
