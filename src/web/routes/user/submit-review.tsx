import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { isReviewId } from '../../../shared/reviews-constants';
import { isTutorId } from '../../../shared/tutors-constants';
import { FormPage } from '../../components/forms/form-page';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { ApiRequestError } from '../../lib/api-client';
import { useMyReviewOfTutor } from '../../features/reviews/api/get-my-review-of-tutor';
import { useReview } from '../../features/reviews/api/get-review';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { HiddenByModeratorNote } from '../../components/reviews/hidden-by-moderator-note';
import { WaitingForModeratorNote } from '../../components/reviews/waiting-for-moderator-note';
import { ReviewedTutors } from '../../features/reviews/components/reviewed-tutors';
import { type PickedTutor, type TutorMarks, TutorPicker } from '../../features/tutors/components/tutor-picker';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useTutor } from '../../features/tutors/api/get-tutor';
import { TutorCourses } from '../../features/tutors/components/tutor-courses';
import { reviewsText, useReviewsText } from '../../i18n/namespaces/reviews';

/**
 * The AI draft controls load after the form: the form is usable at once, and the route's own
 * JavaScript stays within its budget (decision 0010).
 */
const ReviewDraftAssistant = lazy(() =>
  import('../../features/ai-drafting/components/review-draft-assistant').then((module) => ({
    default: module.ReviewDraftAssistant,
  })),
);

// Functions, not constants: the texts are in the page's language of the moment.
const CREATE_TITLE = () => reviewsText('submitReview.createTitle');
const EDIT_TITLE = () => reviewsText('submitReview.editTitle');
const CREATE_INTRO = () => reviewsText('submitReview.intro');

/**
 * /user/SubmitReview writes a review (`?tutorId=` chooses the tutor, from 'Rate the Tutor');
 * /user/SubmitReview/:reviewId rewrites one of the student's own.
 */
export function SubmitReviewRoute() {
  const { reviewId } = useParams();
  const [searchParams] = useSearchParams();
  const tutorId = searchParams.get('tutorId') || null;
  // Re-rendered when the language changes, so the title follows it.
  useReviewsText();
  useDocumentTitle(reviewId === undefined ? CREATE_TITLE() : EDIT_TITLE());
  // Keyed, so following 'Edit your review' or another 'Rate the Tutor' link starts a fresh form.
  if (reviewId !== undefined) return <EditReview key={reviewId} reviewId={reviewId} />;
  return <CreateReview key={tutorId ?? ''} tutorId={tutorId} />;
}

function CreateReview({ tutorId }: { tutorId: string | null }) {
  const { t } = useReviewsText();
  const tutor = useTutor(tutorId ?? undefined);
  // A student writes one review per tutor: 'Rate the Tutor' on one already reviewed opens that
  // review. Decided once, as the page opens: the review this form creates must not send it there.
  const existing = useMyReviewOfTutor(tutorId ?? undefined);
  const [reviewedAlready, setReviewedAlready] = useState<boolean | null>(
    isTutorId(tutorId ?? undefined) ? null : false,
  );
  if (reviewedAlready === null && !existing.isPending) setReviewedAlready(Boolean(existing.data));
  if (reviewedAlready && existing.data) return <Navigate to={paths.user.submitReview(existing.data.id)} replace />;
  if (tutorId === null) {
    return (
      <FormPage title={CREATE_TITLE()} intro={CREATE_INTRO()}>
        <ReviewFormWithHelpers />
      </FormPage>
    );
  }
  // Wait for the tutor in the link, so the form starts with it chosen.
  if (isTutorId(tutorId) && (tutor.isPending || reviewedAlready === null)) {
    return (
      <FormPage title={CREATE_TITLE()} intro={CREATE_INTRO()}>
        <Spinner label={t('submitReview.loadingTutor')} />
      </FormPage>
    );
  }
  let initialTutor: PickedTutor | null = null;
  let tutorNotice: string | null = null;
  if (tutor.data) {
    if (tutor.data.tutor.isPublic) initialTutor = tutor.data.tutor;
    else tutorNotice = t('submitReview.tutorNotPublic');
  } else if (!isTutorId(tutorId) || (tutor.error instanceof ApiRequestError && tutor.error.status === 404)) {
    // The API answers a tutor the student may not see exactly like an unknown one.
    tutorNotice = t('submitReview.tutorNotFound');
  } else {
    tutorNotice = t('submitReview.tutorNotLoaded');
  }
  return (
    <FormPage title={CREATE_TITLE()} intro={CREATE_INTRO()}>
      <ReviewFormWithHelpers initialTutor={initialTutor} tutorNotice={tutorNotice} />
    </FormPage>
  );
}

function EditReview({ reviewId }: { reviewId: string }) {
  const { t } = useReviewsText();
  const review = useReview(reviewId);
  if (!isReviewId(reviewId)) return <LeaveForMyReviews message={t('submitReview.reviewNotFound')} />;
  if (review.isPending) {
    return (
      <FormPage title={EDIT_TITLE()}>
        <Spinner label={t('submitReview.loadingReview')} />
      </FormPage>
    );
  }
  if (review.isError) {
    // Someone else's review is answered exactly like a missing one.
    if (review.error instanceof ApiRequestError && review.error.status === 404)
      return <LeaveForMyReviews message={review.error.message} />;
    return (
      <FormPage title={EDIT_TITLE()}>
        <ErrorAlert>
          <p>{t('general.failedToLoad')}</p>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() => void review.refetch()}
            disabled={review.isFetching}
          >
            {review.isFetching ? t('submitReview.tryingAgain') : t('submitReview.tryAgain')}
          </Button>
        </ErrorAlert>
      </FormPage>
    );
  }
  const { review: ownReview } = review.data;
  return (
    <FormPage title={EDIT_TITLE()}>
      {ownReview.isHidden && (
        <div className="mb-6">
          <HiddenByModeratorNote reason={ownReview.hiddenReason}>
            <p className="mt-1">{t('submitReview.staysHidden')}</p>
          </HiddenByModeratorNote>
        </div>
      )}
      {ownReview.waitingForModerator && (
        <div className="mb-6">
          <WaitingForModeratorNote>
            <p className="mt-1">{t('submitReview.keepsWaiting')}</p>
          </WaitingForModeratorNote>
        </div>
      )}
      <ReviewFormWithHelpers review={ownReview} />
    </FormPage>
  );
}

/** The picker marks the tutors the student reviewed already: choosing one offers that review to edit. */
const reviewedMarks: TutorMarks = {
  get label() {
    return reviewsText('submitReview.reviewed');
  },
  lookUp: (tutorIds, render) => <ReviewedTutors tutorIds={tutorIds}>{render}</ReviewedTutors>,
};

/**
 * The review form with what other features lend it: the tutor picker, the chosen tutor's
 * courses, the tags an administrator offers, and AI drafting.
 */
function ReviewFormWithHelpers(
  props: Omit<
    ComponentProps<typeof ReviewForm>,
    'tutorPicker' | 'tutorCourses' | 'tagChoices' | 'screeningMode' | 'draftControls'
  >,
) {
  const settings = usePublicSettings().data;
  return (
    <ReviewForm
      {...props}
      tutorPicker={(picker) => <TutorPicker {...picker} marks={props.review ? undefined : reviewedMarks} />}
      tutorCourses={(tutorId, render) => <TutorCourses tutorId={tutorId}>{render}</TutorCourses>}
      tagChoices={settings?.reviewTags}
      screeningMode={settings?.screeningMode}
      draftControls={(target) => (
        <Suspense fallback={null}>
          <ReviewDraftAssistant {...target} />
        </Suspense>
      )}
    />
  );
}

/** A review the student cannot edit: back to their reviews, saying why. */
function LeaveForMyReviews({ message }: { message: string }) {
  useEffect(() => {
    // A fixed id, so the message shows once however often this renders.
    toast.error(message, { id: 'review-not-found' });
  }, [message]);
  return <Navigate to={paths.user.myReviews} replace />;
}

export { SubmitReviewRoute as Component };
