import { type ReactNode, useId } from 'react';
import { useController } from 'react-hook-form';
import {
  COURSE_NOT_LISTED,
  MAX_DIFFICULTY,
  REVIEW_TAGS_MAX,
  termSeasonLabels,
  termSeasons,
} from '../../../../shared/reviews-constants';
import { CheckboxGroupField, groupRef, RadioGroupField } from '../../../components/forms/choice-fields';
import { FieldError, FieldHint, FieldLabel, inputClasses } from '../../../components/forms/field';
import { SelectField } from '../../../components/forms/select-field';
import type { ReviewFormControl, ReviewFormValues } from './review-form-schema';

/** How many years back the term's year goes, this year included. */
const TERM_YEARS_OFFERED = 11;

const difficultyWords = ['Very easy', 'Easy', 'Moderate', 'Hard', 'Very hard'];
const difficultyOptions: ReadonlyArray<{ value: number | null; label: string }> = [
  { value: null, label: 'Not said' },
  ...Array.from({ length: MAX_DIFFICULTY }, (_, index) => ({
    value: index + 1,
    label: `${index + 1} ${difficultyWords[index] ?? ''}`.trim(),
  })),
];

const wouldTakeAgainOptions: ReadonlyArray<{ value: boolean | null; label: string }> = [
  { value: null, label: 'Not said' },
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

const seasonOptions = [
  { value: '', label: 'Not said' },
  ...termSeasons.map((season) => ({ value: season, label: termSeasonLabels[season] })),
];

/** This year and the ten before it, and a year kept from an older review. */
function yearOptions(kept: string) {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: TERM_YEARS_OFFERED }, (_, index) => String(thisYear - index));
  if (kept && !years.includes(kept)) years.push(kept);
  return [{ value: '', label: 'Not said' }, ...years.map((year) => ({ value: year, label: year }))];
}

/**
 * The optional part of the review form: the course (one of the tutor's), the term, difficulty,
 * whether the student would take the tutor again, and up to three tags from the list an
 * administrator keeps. An edited review keeps a course or tags that are no longer offered.
 */
export function ReviewDetailsFields({
  control,
  courses,
  tutorChosen,
  tagChoices,
  kept,
}: {
  control: ReviewFormControl;
  /** The chosen tutor's courses; undefined while they load. */
  courses: readonly string[] | undefined;
  tutorChosen: boolean;
  /** The tags offered; undefined while they load. */
  tagChoices: readonly string[] | undefined;
  /** What the review being edited says, offered though no longer listed. */
  kept: { course: string | null; tags: readonly string[] } | undefined;
}) {
  const headingId = useId();
  const {
    field: { ref: courseRef, ...course },
    fieldState: { error: courseError },
  } = useController({ control, name: 'course' });
  const {
    field: { ref: termRef, ...term },
    fieldState: { error: termError },
  } = useController({ control, name: 'term' });
  const {
    field: { ref: difficultyRef, ...difficulty },
    fieldState: { error: difficultyError },
  } = useController({ control, name: 'difficulty' });
  const {
    field: { ref: wouldTakeAgainRef, ...wouldTakeAgain },
    fieldState: { error: wouldTakeAgainError },
  } = useController({ control, name: 'wouldTakeAgain' });
  const {
    field: { ref: tagsRef, ...tags },
    fieldState: { error: tagsError },
  } = useController({ control, name: 'tags' });

  const listed = courses ?? [];
  const courseOptions = [
    { value: '', label: 'Not said' },
    ...listed.map((name) => ({ value: name, label: name })),
    // A course the review named before the tutor's list changed.
    ...[kept?.course, course.value].flatMap((name) =>
      name && name !== COURSE_NOT_LISTED && !listed.includes(name) ? [{ value: name, label: name }] : [],
    ),
    { value: COURSE_NOT_LISTED, label: COURSE_NOT_LISTED },
  ].filter((option, index, all) => all.findIndex((other) => other.value === option.value) === index);

  const tagOptions = tagChoices && [...tagChoices, ...(kept?.tags ?? []).filter((tag) => !tagChoices.includes(tag))];
  const chosenTags = tags.value ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-5 rounded-lg border border-slate-200 p-4 sm:p-5">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          More about your experience <span className="font-normal text-slate-600">(optional)</span>
        </h2>
        <p className="mt-1 text-sm text-slate-600">Other students can compare tutors by these.</p>
      </div>
      <SelectField
        name={course.name}
        ref={courseRef}
        label="Course"
        value={course.value ?? ''}
        onChange={(event) => course.onChange(event.target.value)}
        onBlur={course.onBlur}
        options={courseOptions}
        disabled={!tutorChosen}
        error={courseError?.message}
        hint={tutorChosen ? 'The course you took with this tutor.' : 'Choose a tutor first to see their courses.'}
        className="sm:max-w-md"
      />
      <TermField
        value={term.value}
        onChange={term.onChange}
        onBlur={term.onBlur}
        seasonRef={termRef}
        error={termError?.message}
      />
      <RadioGroupField
        ref={groupRef(difficultyRef)}
        legend="Difficulty"
        name={difficulty.name}
        options={difficultyOptions}
        value={difficulty.value ?? null}
        onChange={difficulty.onChange}
        onBlur={difficulty.onBlur}
        error={difficultyError?.message}
      />
      <RadioGroupField
        ref={groupRef(wouldTakeAgainRef)}
        legend="Would you take this tutor again?"
        name={wouldTakeAgain.name}
        options={wouldTakeAgainOptions}
        value={wouldTakeAgain.value ?? null}
        onChange={wouldTakeAgain.onChange}
        onBlur={wouldTakeAgain.onBlur}
        error={wouldTakeAgainError?.message}
      />
      {tagOptions ? (
        <CheckboxGroupField
          ref={groupRef(tagsRef)}
          legend="Tags"
          name={tags.name}
          options={tagOptions}
          value={chosenTags}
          onChange={tags.onChange}
          onBlur={tags.onBlur}
          max={REVIEW_TAGS_MAX}
          error={tagsError?.message}
          hint={
            <span aria-live="polite">
              Choose up to {REVIEW_TAGS_MAX}.{chosenTags.length >= REVIEW_TAGS_MAX && ' Untick one to choose another.'}
            </span>
          }
        />
      ) : (
        <p className="text-sm text-slate-600">Loading the tags...</p>
      )}
    </section>
  );
}

/** The term: a season and a year, both or neither. */
function TermField({
  value,
  onChange,
  onBlur,
  seasonRef,
  error,
}: {
  value: ReviewFormValues['term'];
  onChange: (term: ReviewFormValues['term']) => void;
  onBlur: () => void;
  seasonRef: (element: HTMLSelectElement | null) => void;
  error: string | undefined;
}): ReactNode {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${errorId} ${hintId}` : hintId;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Term</legend>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div>
          <FieldLabel htmlFor={`${id}-season`}>Season</FieldLabel>
          <select
            id={`${id}-season`}
            ref={seasonRef}
            value={value.season}
            onChange={(event) =>
              onChange({ ...value, season: termSeasons.find((season) => season === event.target.value) ?? '' })
            }
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClasses} h-11 pr-8`}
          >
            {seasonOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-year`}>Year</FieldLabel>
          <select
            id={`${id}-year`}
            value={value.year}
            onChange={(event) => onChange({ ...value, year: event.target.value })}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClasses} h-11 pr-8`}
          >
            {yearOptions(value.year).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <FieldHint id={hintId}>When you took the course or the sessions.</FieldHint>
    </fieldset>
  );
}
