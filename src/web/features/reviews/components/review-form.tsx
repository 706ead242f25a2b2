import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import {
  type MyReview,
  PUBLIC_TUTORS_ONLY_MESSAGE,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_FORM_INCOMPLETE_MESSAGE,
  REVIEW_TITLE_MAX_LENGTH,
} from '../../../../shared/reviews';
import { RequiredFieldsNote, TextAreaField, TextInputField } from '../../../components/forms/field';
import { ErrorAlert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { AiDraftControls } from '../../ai-drafting/components/ai-draft-controls';
import { useReviewDraft } from '../../ai-drafting/hooks/use-review-draft';
import { useCreateReview } from '../api/create-review';
import { useMyReviewOfTutor } from '../api/get-my-review-of-tutor';
import { useUpdateReview } from '../api/update-review';
import { reviewFormValues, useReviewForm } from '../hooks/use-review-form';
import { StarRatingInput } from './star-rating-input';
import { type PickedTutor, TutorPicker } from '../../tutors/components/tutor-picker';

/** One toast per submission: the loading toast turns into its outcome. */
const SUBMIT_TOAST_ID = 'review-form-submit';

/** The update's failure: the server's message when it sent one, else a fallback. */
function updateFailureMessage(error: unknown): string {
  // An answer without an error body (a proxy's 502, say) only carries a generic status text.
  if (error instanceof ApiRequestError && error.code === 'http_error') return 'Failed to update review';
  return errorMessage(error);
}

/**
 * Writes a new review (`review` absent) or rewrites one of the student's own. A student writes
 * one review per tutor: choosing a tutor they already reviewed offers their review to edit
 * instead, and so does the API's refusal if the lookup was not in time. A refused or failed
 * submit keeps everything typed.
 */
export function ReviewForm({
  review,
  initialTutor = null,
  tutorNotice,
}: {
  review?: MyReview;
  /** Chosen beforehand ('Rate the Tutor'). */
  initialTutor?: PickedTutor | null;
  /** Why the tutor asked for in the link is not chosen; shown until a tutor is. */
  tutorNotice?: string | null;
}) {
  const navigate = useNavigate();
  const form = useReviewForm(() => reviewFormValues(review, initialTutor));
  const { values, setField, isMissing } = form;
  const createReview = useCreateReview();
  const updateReview = useUpdateReview();
  const busy = createReview.isPending || updateReview.isPending;
  const draft = useReviewDraft({ values, setField, tutorRef: form.refs.tutor });
  // The text box is four rows tall (spec section 9): keep the newest words of a streaming draft in view.
  const bodyRef = form.refs.body;
  useEffect(() => {
    if (draft.drafting && bodyRef.current) bodyRef.current.scrollTop = bodyRef.current.scrollHeight;
  }, [draft.drafting, values.body, bodyRef]);

  const chosenTutorId = values.tutor?.id;
  const existingReview = useMyReviewOfTutor(review ? undefined : chosenTutorId);
  // The tutor the API said was reviewed already, in case the lookup had not answered yet.
  const [refusedTutorId, setRefusedTutorId] = useState<string | null>(null);
  const alreadyReviewed =
    !review &&
    chosenTutorId !== undefined &&
    // Once created, the lookup finds the new review: no note while leaving for My Reviews.
    !createReview.isPending &&
    !createReview.isSuccess &&
    (Boolean(existingReview.data) || refusedTutorId === chosenTutorId);
  const tutorNoLongerPublic = review !== undefined && !review.tutor.isPublic;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // While a draft streams in, the review text is not the student's yet.
    if (busy || alreadyReviewed || tutorNoLongerPublic || draft.drafting) return;
    const submission = form.submit();
    if (!submission) {
      toast.error(REVIEW_FORM_INCOMPLETE_MESSAGE, { id: SUBMIT_TOAST_ID });
      return;
    }
    if (review) {
      toast.loading('Updating your review...', { id: SUBMIT_TOAST_ID });
      updateReview.mutate(
        { reviewId: review.id, input: submission.content },
        {
          onSuccess: () => {
            toast.success('Review updated successfully!', { id: SUBMIT_TOAST_ID });
            navigate(paths.user.myReviews);
          },
          onError: (error) => {
            toast.error(updateFailureMessage(error), { id: SUBMIT_TOAST_ID });
          },
        },
      );
      return;
    }
    toast.loading('Submitting your review...', { id: SUBMIT_TOAST_ID });
    createReview.mutate(
      { tutorId: submission.tutorId, ...submission.content },
      {
        onSuccess: () => {
          toast.success('Review submitted successfully!', { id: SUBMIT_TOAST_ID });
          navigate(paths.user.myReviews);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'review_exists') {
            setRefusedTutorId(submission.tutorId);
            void existingReview.refetch();
          }
          toast.error(errorMessage(error), { id: SUBMIT_TOAST_ID });
        },
      },
    );
  }

  const incomplete = form.missing.length > 0;
  const cancelTo = review
    ? paths.user.myReviews
    : initialTutor
      ? paths.user.tutorProfile(initialTutor.id)
      : paths.user.dashboard;

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <RequiredFieldsNote />
      <div>
        <TutorPicker
          value={values.tutor}
          onChange={(tutor) => setField('tutor', tutor)}
          required
          invalid={isMissing('tutor')}
          disabled={review !== undefined}
          hint={review ? 'A review stays with the tutor it was written about.' : undefined}
          triggerRef={form.refs.tutor}
        />
        {tutorNotice && !values.tutor && <Notice>{tutorNotice}</Notice>}
        {/* Present from the start so screen readers announce the note when it appears. */}
        <div aria-live="polite">
          {alreadyReviewed && (
            <Notice>
              <p className="font-semibold">You have already reviewed this tutor.</p>
              {existingReview.data && (
                <p className="mt-1">
                  <TextLink to={paths.user.submitReview(existingReview.data.id)}>Edit your review</TextLink>
                </p>
              )}
            </Notice>
          )}
        </div>
        {tutorNoLongerPublic && (
          <Notice>{PUBLIC_TUTORS_ONLY_MESSAGE} This tutor is no longer public, so the review cannot be changed.</Notice>
        )}
      </div>
      <TextInputField
        ref={form.refs.title}
        label="Title"
        required
        value={values.title}
        onChange={(event) => setField('title', event.target.value)}
        placeholder="Enter a title for your review..."
        maxLength={REVIEW_TITLE_MAX_LENGTH}
        aria-invalid={isMissing('title') || undefined}
        autoComplete="off"
      />
      <StarRatingInput
        ref={form.refs.rating}
        value={values.rating}
        onChange={(rating) => setField('rating', rating)}
        required
        invalid={isMissing('rating')}
      />
      <TextAreaField
        ref={form.refs.body}
        label="Review"
        required
        rows={4}
        value={values.body}
        onChange={(event) => setField('body', event.target.value)}
        readOnly={draft.drafting}
        aria-busy={draft.drafting || undefined}
        placeholder="Write your review here..."
        maxLength={REVIEW_BODY_MAX_LENGTH}
        aria-invalid={isMissing('body') || undefined}
        hint={`${values.body.length.toLocaleString()} of ${REVIEW_BODY_MAX_LENGTH.toLocaleString()} characters`}
      />
      <AiDraftControls draft={draft} />
      {incomplete && <ErrorAlert>{REVIEW_FORM_INCOMPLETE_MESSAGE}</ErrorAlert>}
      <FormActions
        cancelTo={cancelTo}
        submitLabel={review ? 'Update Review' : 'Submit Review'}
        busyLabel={review ? 'Updating Review...' : 'Submitting...'}
        busy={busy}
        disabled={alreadyReviewed || tutorNoLongerPublic || draft.drafting}
      />
    </form>
  );
}

/** Something about the chosen tutor that stands in the way of submitting. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {children}
    </div>
  );
}
