import { lazy, type ReactNode, type Ref, Suspense, useEffect, useRef, useState } from 'react';
import type { ScreenedText, ScreeningFinding, ScreeningMode } from '../../../../shared/screening';
import { type FieldErrors, useController, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { REVIEW_BODY_MAX_LENGTH, REVIEW_TITLE_MAX_LENGTH } from '../../../../shared/reviews';
import type { MyReview } from '../../../../shared/my-reviews';
import { CheckboxField, RequiredFieldsNote, TextAreaField, TextInputField } from '../../../components/forms/field';
import { mergeRefs } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { ErrorAlert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { reviewAuthorName } from '../../../components/reviews/review-parts';
import { formatNumber } from '../../../i18n/format';
import { reviewsText, useReviewsText } from '../../../i18n/namespaces/reviews';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useCreateReview } from '../api/create-review';
import { useMyReviewOfTutor } from '../api/get-my-review-of-tutor';
import { useUpdateReview } from '../api/update-review';
import {
  type ReviewFormSubmission,
  type ReviewFormTutor,
  type ReviewFormValues,
  reviewFormSchema,
  reviewFormValues,
} from './review-form-schema';
import { StarRatingInput } from './star-rating-input';

export type { ReviewFormTutor };

/**
 * The optional details load beside the form rather than with it: the form is usable at once,
 * and the route's own JavaScript stays within its budget (decision 0010). Their values are in
 * the form from the start, so a review sent before they appear sends them as they were.
 */
const ReviewDetailsFields = lazy(() =>
  import('./review-details-fields').then((module) => ({ default: module.ReviewDetailsFields })),
);

/** What the screen finds as the student types: it and the rules load once the student starts typing. */
const LiveScreeningHint = lazy(() =>
  import('./live-screening-hint').then((module) => ({ default: module.LiveScreeningHint })),
);

/** Shown only when the screen found something: loaded with the screen's rules, not with the form. */
const ScreeningNotice = lazy(() =>
  import('../../../components/reviews/screening-notice').then((module) => ({ default: module.ScreeningNotice })),
);

/**
 * Each distinct message about the required fields, in their order: the spec's one sentence while
 * fields are missing. The optional details say what is wrong beside themselves.
 */
function errorMessages(errors: FieldErrors<ReviewFormValues>): string[] {
  const messages = [errors.root, errors.tutor, errors.title, errors.rating, errors.body].map((error) => error?.message);
  return [...new Set(messages.filter((message): message is string => Boolean(message)))];
}

/** What the form hands the tutor picker the page puts in it. */
export interface ReviewTutorPickerProps {
  value: ReviewFormTutor | null;
  onChange: (tutor: ReviewFormTutor) => void;
  required: boolean;
  invalid: boolean;
  disabled: boolean;
  hint?: ReactNode;
  /** The picker's button, where focus goes when no tutor is chosen. */
  triggerRef: Ref<HTMLButtonElement>;
}

/** What the form lends a drafting aid the page puts under the review text (AI drafting). */
export interface ReviewDraftTarget {
  values: ReviewFormValues;
  setField: {
    (field: 'body', value: string): void;
    (field: 'aiAssisted', value: boolean): void;
  };
  focusTutor: () => void;
  /** While a draft is written the text is read-only and the review cannot be sent. */
  onDraftingChange: (drafting: boolean) => void;
}

/**
 * The chosen tutor's courses, looked up by the page (the tutors are another feature's): `render`
 * is called with them, undefined while they load.
 */
export type TutorCoursesLookUp = (
  tutorId: string,
  render: (courses: readonly string[] | undefined) => ReactNode,
) => ReactNode;

/** One toast per submission: the loading toast turns into its outcome. */
const SUBMIT_TOAST_ID = 'review-form-submit';

/** The update's failure: the server's message when it sent one, else a fallback. */
function updateFailureMessage(error: unknown): string {
  // An answer without an error body (a proxy's 502, say) only carries a generic status text.
  if (error instanceof ApiRequestError && error.code === 'http_error') return reviewsText('form.updateFailed');
  return errorMessage(error);
}

/**
 * Writes a new review (`review` absent) or rewrites one of the student's own. A student writes
 * one review per tutor: choosing a tutor they already reviewed offers their review to edit
 * instead, and so does the API's refusal if the lookup was not in time. A refused or failed
 * submit keeps everything typed. The page puts in the tutor picker and, optionally, a drafting
 * aid, both from other features.
 */
export function ReviewForm({
  review,
  initialTutor = null,
  tutorNotice,
  tutorPicker,
  tutorCourses,
  tagChoices,
  screeningMode,
  draftControls,
}: {
  review?: MyReview;
  /** Chosen beforehand ('Rate the Tutor'). */
  initialTutor?: ReviewFormTutor | null;
  /** Why the tutor asked for in the link is not chosen; shown until a tutor is. */
  tutorNotice?: string | null;
  tutorPicker: (picker: ReviewTutorPickerProps) => ReactNode;
  tutorCourses: TutorCoursesLookUp;
  /** The tags an administrator offers (public settings); undefined while they load. */
  tagChoices: readonly string[] | undefined;
  /** What the administrator set (public settings); undefined while it loads, when the server's screen still answers. */
  screeningMode: ScreeningMode | undefined;
  draftControls?: (target: ReviewDraftTarget) => ReactNode;
}) {
  const { t } = useReviewsText();
  const navigate = useNavigate();
  const form = useAppForm({
    schema: reviewFormSchema,
    defaultValues: reviewFormValues(review, initialTutor),
    // The API names the tutor by its id; the form holds the whole tutor.
    serverErrorPlaces: { pathToField: { tutorId: 'tutor' } },
  });
  const { control } = form;
  // In the order the form shows them: a refused submit moves focus to the first one to fix.
  const tutorField = useController({ control, name: 'tutor' });
  const titleField = useController({ control, name: 'title' });
  const ratingField = useController({ control, name: 'rating' });
  const bodyField = useController({ control, name: 'body' });
  const { field: showName } = useController({ control, name: 'showName' });
  const values = useWatch({ control }) as ReviewFormValues;
  const createReview = useCreateReview();
  const updateReview = useUpdateReview();
  const busy = createReview.isPending || updateReview.isPending;
  const [drafting, setDrafting] = useState(false);

  // The text box is four rows tall (spec section 9): keep the newest words of a streaming draft in view.
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (drafting && bodyRef.current) bodyRef.current.scrollTop = bodyRef.current.scrollHeight;
  }, [drafting, values.body]);

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

  // What the screen found in the review as it was sent, shown instead of sending it.
  const [notice, setNotice] = useState<{
    findings: readonly ScreeningFinding[];
    text: ScreenedText;
    submission: ReviewFormSubmission;
  } | null>(null);
  /**
   * The screen's findings in the review about to be sent, shown instead of sending it. Its rules
   * load on the first submit (their word list is large); if they cannot, the server's screen answers.
   */
  async function screenedBeforeSending(submission: ReviewFormSubmission): Promise<boolean> {
    if (screeningMode === undefined || screeningMode === 'off') return false;
    const rules = await import('../../../../shared/screening-rules').catch(() => null);
    const text = { title: submission.title, body: submission.body };
    const findings = rules?.screenText(text) ?? [];
    if (findings.length > 0) setNotice({ findings, text, submission });
    return findings.length > 0;
  }

  /** The server's screen found something (the form's had not loaded, or the AI provider's opinion). */
  function showServerScreening(error: unknown, submission: ReviewFormSubmission): boolean {
    if (!(error instanceof ApiRequestError) || error.code !== 'screening_findings') return false;
    toast.dismiss(SUBMIT_TOAST_ID);
    setNotice({
      findings: error.screeningFindings,
      text: { title: submission.title, body: submission.body },
      submission,
    });
    return true;
  }

  function succeeded(saved: MyReview, message: string) {
    toast.success(saved.waitingForModerator ? t('form.waiting') : message, {
      id: SUBMIT_TOAST_ID,
    });
    navigate(paths.user.myReviews);
  }

  /** A refused request's field errors go to their fields too; the toast says what happened. */
  function showFieldErrors(error: unknown) {
    if (error instanceof ApiRequestError && error.fields.length > 0) form.showServerError(error);
  }

  async function send(submission: ReviewFormSubmission, screeningAcknowledged = false) {
    const { tutor, ...content } = submission;
    if (!screeningAcknowledged && (await screenedBeforeSending(submission))) return;
    setNotice(null);
    if (review) {
      toast.loading(t('form.updating'), { id: SUBMIT_TOAST_ID });
      updateReview.mutate(
        { reviewId: review.id, input: { ...content, screeningAcknowledged } },
        {
          onSuccess: (saved) => succeeded(saved.review, t('form.updated')),
          onError: (error) => {
            if (showServerScreening(error, submission)) return;
            toast.error(updateFailureMessage(error), { id: SUBMIT_TOAST_ID });
            showFieldErrors(error);
          },
        },
      );
      return;
    }
    toast.loading(t('form.submitting'), { id: SUBMIT_TOAST_ID });
    createReview.mutate(
      { tutorId: tutor.id, ...content, screeningAcknowledged },
      {
        onSuccess: (saved) => succeeded(saved.review, t('form.submitted')),
        onError: (error) => {
          if (showServerScreening(error, submission)) return;
          if (error instanceof ApiRequestError && error.code === 'review_exists') {
            setRefusedTutorId(tutor.id);
            void existingReview.refetch();
          }
          toast.error(errorMessage(error), { id: SUBMIT_TOAST_ID });
          showFieldErrors(error);
        },
      },
    );
  }

  // What is missing is said once, beside the form; a toast is for the outcome of sending it.
  const submit = form.handleSubmit((submission) => send(submission));

  const setField: ReviewDraftTarget['setField'] = (field: 'body' | 'aiAssisted', value: string | boolean) => {
    // Once the form was sent, a message follows its field as it changes, drafted text included.
    if (field === 'body' && typeof value === 'string')
      form.setValue('body', value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    else if (field === 'aiAssisted' && typeof value === 'boolean') form.setValue('aiAssisted', value);
  };

  const messages = errorMessages(form.formState.errors);
  const detailsFields = (courses: readonly string[] | undefined) => (
    <Suspense fallback={null}>
      <ReviewDetailsFields
        control={control}
        courses={courses}
        tutorChosen={values.tutor !== null}
        tagChoices={tagChoices}
        kept={review && { course: review.course, tags: review.tags }}
      />
    </Suspense>
  );
  const chooseTutor = (tutor: ReviewFormTutor) => {
    // Another tutor's courses are not this one's.
    if (tutor.id !== values.tutor?.id) form.setValue('course', '');
    tutorField.field.onChange(tutor);
  };
  const focusTutor = () => form.setFocus('tutor');
  const cancelTo = review
    ? paths.user.myReviews
    : initialTutor
      ? paths.user.tutorProfile(initialTutor.id)
      : paths.user.dashboard;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // While a draft streams in, the review text is not the student's yet.
        if (busy || alreadyReviewed || tutorNoLongerPublic || drafting) {
          event.preventDefault();
          return;
        }
        void submit(event);
      }}
      className="space-y-6"
    >
      <RequiredFieldsNote />
      {/* The form's error summary (the spec's one sentence): a refused submit moves the focus here. */}
      {messages.length > 0 && (
        <div data-error-summary="" tabIndex={-1} className="focus:outline-none">
          <ErrorAlert>{messages.join(' ')}</ErrorAlert>
        </div>
      )}
      <div>
        {tutorPicker({
          value: values.tutor,
          onChange: chooseTutor,
          required: true,
          invalid: tutorField.fieldState.invalid,
          disabled: review !== undefined,
          hint: review ? t('form.tutorKept') : undefined,
          triggerRef: tutorField.field.ref,
        })}
        {tutorNotice && !values.tutor && <Notice>{tutorNotice}</Notice>}
        {/* Present from the start so screen readers announce the note when it appears. */}
        <div aria-live="polite">
          {alreadyReviewed && (
            <Notice>
              <p className="font-semibold">{t('form.alreadyReviewed')}</p>
              {existingReview.data && (
                <p className="mt-1">
                  <TextLink to={paths.user.submitReview(existingReview.data.id)}>{t('form.editYours')}</TextLink>
                </p>
              )}
            </Notice>
          )}
        </div>
        {tutorNoLongerPublic && <Notice>{t('form.tutorNoLongerPublic')}</Notice>}
      </div>
      <TextInputField
        {...titleField.field}
        label={t('form.title')}
        required
        placeholder={t('form.titlePlaceholder')}
        maxLength={REVIEW_TITLE_MAX_LENGTH}
        aria-invalid={titleField.fieldState.invalid || undefined}
        autoComplete="off"
      />
      <StarRatingInput
        ref={(fieldset) => ratingField.field.ref(fieldset && { focus: () => focusRating(fieldset) })}
        value={ratingField.field.value}
        onChange={ratingField.field.onChange}
        required
        invalid={ratingField.fieldState.invalid}
      />
      <TextAreaField
        {...bodyField.field}
        ref={mergeRefs(bodyField.field.ref, bodyRef)}
        label={t('form.body')}
        required
        rows={4}
        readOnly={drafting}
        aria-busy={drafting || undefined}
        placeholder={t('form.bodyPlaceholder')}
        maxLength={REVIEW_BODY_MAX_LENGTH}
        aria-invalid={bodyField.fieldState.invalid || undefined}
        hint={t('form.bodyCount', {
          length: formatNumber(values.body.length),
          max: formatNumber(REVIEW_BODY_MAX_LENGTH),
        })}
      />
      {/* Present from the start so screen readers announce the hint when it appears. */}
      <div aria-live="polite">
        {screeningMode !== undefined && screeningMode !== 'off' && !drafting && (values.title || values.body) && (
          <Suspense fallback={null}>
            <LiveScreeningHint text={{ title: values.title, body: values.body }} />
          </Suspense>
        )}
      </div>
      {draftControls?.({
        values,
        setField,
        focusTutor,
        onDraftingChange: setDrafting,
      })}
      {values.tutor ? tutorCourses(values.tutor.id, detailsFields) : detailsFields(undefined)}
      <CheckboxField
        name={showName.name}
        checked={showName.value}
        onChange={(event) => showName.onChange(event.target.checked)}
        onBlur={showName.onBlur}
        label={t('form.showName')}
        hint={t('form.showNameHint', { anonymous: reviewAuthorName(null) })}
      />
      {notice && (
        <Suspense fallback={null}>
          <ScreeningNotice
            findings={notice.findings}
            text={notice.text}
            mode={screeningMode ?? 'warn'}
            busy={busy}
            onEdit={() => setNotice(null)}
            onSubmitAnyway={() => void send(notice.submission, true)}
          />
        </Suspense>
      )}
      <FormActions
        cancelTo={cancelTo}
        submitLabel={review ? t('form.update') : t('form.submit')}
        busyLabel={review ? t('form.updateBusy') : t('form.submitBusy')}
        busy={busy}
        disabled={alreadyReviewed || tutorNoLongerPublic || drafting}
      />
    </form>
  );
}

/** The chosen star, or the first: the group's one stop in the tab order. */
function focusRating(fieldset: HTMLFieldSetElement) {
  (
    fieldset.querySelector<HTMLInputElement>('input:checked') ?? fieldset.querySelector<HTMLInputElement>('input')
  )?.focus();
}

/** Something about the chosen tutor that stands in the way of submitting. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {children}
    </div>
  );
}
