import { type LoaderFunctionArgs, useParams } from 'react-router';
import { apiPaths } from '../../../shared/api-paths';
import type { TutorReview } from '../../../shared/tutor-reviews';
import { isTutorId } from '../../../shared/tutors-constants';
import { tutorReviewsQuery } from '../../../shared/page-data';
import { prefetchCarriedOrSoon, prefetchSignedInPageData } from '../../app/page-data';
import { LinkButton } from '../../components/ui/button';
import { TextLink } from '../../components/ui/text-link';
import { paths } from '../../config/paths';
import { useRememberedListPath } from '../../hooks/use-remembered-list';
import { myReviewOfTutorQueryOptions, useMyReviewOfTutor } from '../../features/reviews/api/get-my-review-of-tutor';
import { ReportReviewButton } from '../../features/reviews/components/report-review-button';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { myTutorClaimsQueryOptions } from '../../features/tutors/api/get-my-tutor-claims';
import { tutorQueryOptions, useTutor } from '../../features/tutors/api/get-tutor';
import { tutorReviewSummaryQueryOptions } from '../../features/tutors/api/get-tutor-review-summary';
import { tutorReviewsQueryOptions } from '../../features/tutors/api/get-tutor-reviews';
import { HelpfulButton } from '../../features/tutors/components/helpful-button';
import { RateTutorLink } from '../../features/tutors/components/rate-tutor-link';
import { ClaimProfile } from '../../features/tutors/components/claim-profile';
import { showsAiSummary } from '../../features/tutors/components/tutor-ai-summary';
import { ReviewResponseControls } from '../../features/tutors/components/review-response-controls';
import { TutorProfileView } from '../../features/tutors/components/tutor-profile-view';
import { useTutorsText } from '../../i18n/namespaces/tutors';

export function loader({ params, request }: LoaderFunctionArgs) {
  const { tutorId } = params;
  if (!isTutorId(tutorId)) return null;
  const reviewsQuery = tutorReviewsQuery(new URL(request.url).searchParams);
  return prefetchSignedInPageData((client) => [
    client
      .fetchQuery(tutorQueryOptions(tutorId))
      // What the profile shows beside its first data: the AI summary, and the claim button of a
      // public profile (it would push the page down, coming after the first render on a phone).
      .then(async ({ tutor }) => {
        await Promise.all([
          showsAiSummary(tutor)
            ? prefetchCarriedOrSoon(
                client,
                tutorReviewSummaryQueryOptions(tutorId),
                apiPaths.tutorReviewSummary(tutorId),
              )
            : undefined,
          tutor.isPublic
            ? prefetchCarriedOrSoon(client, myTutorClaimsQueryOptions(), apiPaths.myTutorClaims)
            : undefined,
        ]);
      })
      // The page shows what went wrong.
      .catch(() => undefined),
    client.prefetchQuery(tutorReviewsQueryOptions(tutorId, reviewsQuery)),
    client.prefetchQuery(myReviewOfTutorQueryOptions(tutorId)),
  ]);
}

export function UserTutorProfileRoute() {
  const { t } = useTutorsText();
  const { tutorId } = useParams();
  // The same cached answer the profile shows: the tab carries the tutor's name once it is known.
  const { data } = useTutor(tutorId);
  useDocumentTitle(data?.tutor.name ?? t('profile.title'));
  const tutorsPath = useRememberedListPath(paths.user.tutors);

  return (
    <div className="space-y-4">
      <TextLink to={tutorsPath}>{t('profile.back')}</TextLink>
      <TutorProfileView
        tutorId={tutorId}
        // Reviews are written for public tutors only, and not by the tutor's own account;
        // students never get edit or delete here.
        actions={(tutor) =>
          tutor.isPublic ? (
            <>
              {!tutor.claimedByMe && <RateOrEdit tutorId={tutor.id} />}
              <ClaimProfile tutor={tutor} />
            </>
          ) : null
        }
        reviewActions={(review) => <StudentReviewActions review={review} />}
        helpfulVote={(review) => tutorId && <HelpfulButton tutorId={tutorId} review={review} />}
        // The tutor's own account answers each review, once.
        responseControls={(tutor) =>
          tutor.claimedByMe ? (review) => <ReviewResponseControls review={review} /> : undefined
        }
      />
    </div>
  );
}

/** 'Rate the Tutor', or 'Edit your review' straight to the form once the student has reviewed this tutor. */
function RateOrEdit({ tutorId }: { tutorId: string }) {
  const { t } = useTutorsText();
  const mine = useMyReviewOfTutor(tutorId);
  if (!mine.data) return <RateTutorLink tutorId={tutorId} />;
  // Not in the list below while it waits or is hidden: its author learns why here.
  const status = mine.data.waitingForModerator
    ? t('profile.reviewWaiting')
    : mine.data.isHidden
      ? t('profile.reviewHidden')
      : null;
  return (
    <>
      <LinkButton to={paths.user.submitReview(mine.data.id)}>{t('profile.editYourReview')}</LinkButton>
      {status && (
        <span className="inline-flex items-center rounded-full border border-sky-300 bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-950">
          {status}
        </span>
      )}
    </>
  );
}

/** The student's own review can be edited; anyone else's can be reported, once. */
function StudentReviewActions({ review }: { review: TutorReview }) {
  const { t } = useTutorsText();
  if (!review.writtenByMe) return <ReportReviewButton review={review} />;
  return (
    <>
      <span className="inline-flex items-center rounded-full border border-indigo-300 bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-900">
        {t('profile.yourReview')}
      </span>
      <LinkButton to={paths.user.submitReview(review.id)} variant="secondary" className="min-h-11">
        {t('actions.edit')}
      </LinkButton>
    </>
  );
}

export { UserTutorProfileRoute as Component };
