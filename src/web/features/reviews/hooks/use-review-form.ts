import { useRef, useState } from 'react';
import type { MyReview, ReviewContentInput } from '../../../../shared/reviews';
import type { TutorSummary } from '../../../../shared/tutors';

/** The tutor a review is about, as the form shows it (what the tutor picker hands back). */
export type ReviewFormTutor = Pick<TutorSummary, 'id' | 'name' | 'department' | 'image'>;

/** What the review form holds while being filled in; 0 stars means no rating yet. */
export interface ReviewFormValues {
  tutor: ReviewFormTutor | null;
  title: string;
  rating: number;
  body: string;
  /**
   * Whether an AI model drafted the text: kept as it was when editing, false for a new review,
   * true once an AI draft finished or was stopped with some text (undoing it puts back the old value).
   */
  aiAssisted: boolean;
}

export type ReviewFormField = 'tutor' | 'title' | 'rating' | 'body';

/** What the form sends once complete: the tutor (fixed after creation) and the content. */
export interface ReviewFormSubmission {
  tutorId: string;
  content: ReviewContentInput;
}

export function reviewFormValues(review: MyReview | undefined, initialTutor: ReviewFormTutor | null): ReviewFormValues {
  if (!review) return { tutor: initialTutor, title: '', rating: 0, body: '', aiAssisted: false };
  return {
    tutor: review.tutor,
    title: review.title,
    rating: review.rating,
    body: review.body,
    aiAssisted: review.aiAssisted,
  };
}

/** The fields still to fill, in the order the form shows them (the API trims text the same way). */
export function missingReviewFields(values: ReviewFormValues): ReviewFormField[] {
  const missing: ReviewFormField[] = [];
  if (!values.tutor) missing.push('tutor');
  if (values.title.trim() === '') missing.push('title');
  if (values.rating === 0) missing.push('rating');
  if (values.body.trim() === '') missing.push('body');
  return missing;
}

const nothingMissing: ReviewFormField[] = [];

/**
 * State and validation for the review form. What is missing shows after the first submit and
 * then follows every change; a refused submit moves focus to the first field to fill.
 */
export function useReviewForm(initialValues: () => ReviewFormValues) {
  const [values, setValues] = useState(initialValues);
  const [submitted, setSubmitted] = useState(false);
  const tutorRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const ratingRef = useRef<HTMLFieldSetElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const missing = missingReviewFields(values);
  const shownMissing = submitted ? missing : nothingMissing;

  function setField<K extends keyof ReviewFormValues>(field: K, value: ReviewFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function focusField(field: ReviewFormField) {
    if (field === 'tutor') tutorRef.current?.focus();
    else if (field === 'title') titleRef.current?.focus();
    else if (field === 'body') bodyRef.current?.focus();
    else
      (
        ratingRef.current?.querySelector<HTMLInputElement>('input:checked') ??
        ratingRef.current?.querySelector<HTMLInputElement>('input')
      )?.focus();
  }

  /** The review to send, or null (with the message shown and focus moved) while something is missing. */
  function submit(): ReviewFormSubmission | null {
    setSubmitted(true);
    const [firstMissing] = missing;
    if (firstMissing || !values.tutor) {
      focusField(firstMissing ?? 'tutor');
      return null;
    }
    return {
      tutorId: values.tutor.id,
      content: {
        title: values.title.trim(),
        body: values.body.trim(),
        rating: values.rating,
        aiAssisted: values.aiAssisted,
      },
    };
  }

  return {
    values,
    setField,
    /** Empty until the first submit. */
    missing: shownMissing,
    isMissing: (field: ReviewFormField) => shownMissing.includes(field),
    submit,
    refs: { tutor: tutorRef, title: titleRef, rating: ratingRef, body: bodyRef },
  };
}

export type ReviewFormState = ReturnType<typeof useReviewForm>;
