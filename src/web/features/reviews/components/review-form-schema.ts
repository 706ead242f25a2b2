import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { REVIEW_FORM_INCOMPLETE_MESSAGE, reviewContentSchema, termSchema } from '../../../../shared/reviews';
import type { MyReview } from '../../../../shared/my-reviews';
import type { TutorSummary } from '../../../../shared/tutors';
import { reviewsText } from '../../../i18n/namespaces/reviews';

/** The tutor a review is about, as the form shows it (what the tutor picker hands back). */
export type ReviewFormTutor = Pick<TutorSummary, 'id' | 'name' | 'department' | 'image'>;

/** The term as its two drop-downs hold it: both chosen, or neither ('' is not said). */
const termFieldSchema = z
  .object({ season: z.enum(['', 'spring', 'summer', 'fall', 'winter']), year: z.string() })
  .refine(({ season, year }) => (season === '') === (year === ''), {
    // Said in the page's language when the form is checked.
    error: () => reviewsText('detailsFields.termIncomplete'),
  })
  .transform(({ season, year }) => (season !== '' && year !== '' ? { season, year: Number(year) } : null))
  .pipe(termSchema.nullable());

/**
 * The API's own rules for a review's content, and a tutor chosen. A rating of 0 (no star
 * chosen yet) fails the rating's minimum; every missing field says the spec's one sentence.
 * The details (course to tags) are optional: '' and null say nothing.
 */
export const reviewFormSchema = z.object({
  tutor: z
    .custom<ReviewFormTutor | null>()
    .pipe(z.custom<ReviewFormTutor>((tutor) => tutor !== null, REVIEW_FORM_INCOMPLETE_MESSAGE)),
  title: reviewContentSchema.shape.title,
  rating: reviewContentSchema.shape.rating,
  body: reviewContentSchema.shape.body,
  /**
   * Whether an AI model drafted the text: kept as it was when editing, false for a new review,
   * true once an AI draft finished or was stopped with some text (undoing it puts back the old value).
   */
  aiAssisted: z.boolean(),
  /** Unticked for a new review: reviews are anonymous unless their author chooses otherwise. */
  showName: z.boolean(),
  course: reviewContentSchema.shape.course,
  term: termFieldSchema,
  difficulty: reviewContentSchema.shape.difficulty,
  wouldTakeAgain: reviewContentSchema.shape.wouldTakeAgain,
  tags: reviewContentSchema.shape.tags,
});

/** What the form's controls hold ('' and null in the details: not said). */
export type ReviewFormValues = z.input<typeof reviewFormSchema>;
export type ReviewFormSubmission = z.output<typeof reviewFormSchema>;
export type ReviewFormControl = Control<ReviewFormValues, unknown, ReviewFormSubmission>;

/** The form as it starts: blank but for a tutor chosen beforehand, or the review being edited. */
export function reviewFormValues(review: MyReview | undefined, initialTutor: ReviewFormTutor | null): ReviewFormValues {
  if (!review) {
    return {
      tutor: initialTutor,
      title: '',
      rating: 0,
      body: '',
      aiAssisted: false,
      showName: false,
      course: '',
      term: { season: '', year: '' },
      difficulty: null,
      wouldTakeAgain: null,
      tags: [],
    };
  }
  const { tutor, title, rating, body, aiAssisted, showName, course, term, difficulty, wouldTakeAgain, tags } = review;
  return {
    tutor,
    title,
    rating,
    body,
    aiAssisted,
    showName,
    course: course ?? '',
    term: term ? { season: term.season, year: String(term.year) } : { season: '', year: '' },
    difficulty,
    wouldTakeAgain,
    tags,
  };
}
