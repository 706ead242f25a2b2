import { type ReactNode, useId } from 'react';
import { Trans } from 'react-i18next';
import { useController } from 'react-hook-form';
import { COURSE_NOT_LISTED, MAX_DIFFICULTY, REVIEW_TAGS_MAX, termSeasons } from '../../../../shared/reviews-constants';
import { CheckboxGroupField, groupRef, RadioGroupField } from '../../../components/forms/choice-fields';
import { FieldError, FieldHint, FieldLabel, inputClasses } from '../../../components/forms/field';
import { SelectField } from '../../../components/forms/select-field';
import { formatNumber } from '../../../i18n/format';
import { reviewsText, useReviewsText } from '../../../i18n/namespaces/reviews';
import type { ReviewFormControl, ReviewFormValues } from './review-form-schema';
import { tagLabel } from '../../../components/reviews/tag-label';

/** How many years back the term's year goes, this year included. */
const TERM_YEARS_OFFERED = 11;

const difficultyLevels = ['1', '2', '3', '4', '5'] as const;

// Made at each render, not once: the labels are in the page's language of the moment.
const difficultyOptions = (): ReadonlyArray<{ value: number | null; label: string }> => [
  { value: null, label: reviewsText('general.notSaid') },
  ...Array.from({ length: MAX_DIFFICULTY }, (_, index) => {
    const level = difficultyLevels[index];
    return {
      value: index + 1,
      label: level
        ? reviewsText('detailsFields.difficultyOption', {
            value: index + 1,
            word: reviewsText(`detailsFields.difficultyWords.${level}`),
          })
        : String(index + 1),
    };
  }),
];

const wouldTakeAgainOptions = (): ReadonlyArray<{ value: boolean | null; label: string }> => [
  { value: null, label: reviewsText('general.notSaid') },
  { value: true, label: reviewsText('general.yes') },
  { value: false, label: reviewsText('general.no') },
];

const seasonOptions = () => [
  { value: '', label: reviewsText('general.notSaid') },
  ...termSeasons.map((season) => ({ value: season, label: reviewsText(`seasons.${season}`) })),
];

/** This year and the ten before it, and a year kept from an older review. */
function yearOptions(kept: string) {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: TERM_YEARS_OFFERED }, (_, index) => String(thisYear - index));
  if (kept && !years.includes(kept)) years.push(kept);
  return [
    { value: '', label: reviewsText('general.notSaid') },
    ...years.map((year) => ({ value: year, label: formatNumber(Number(year), { useGrouping: false }) })),
  ];
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
  const { t } = useReviewsText();
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
    { value: '', label: t('general.notSaid') },
    ...listed.map((name) => ({ value: name, label: name })),
    // A course the review named before the tutor's list changed.
    ...[kept?.course, course.value].flatMap((name) =>
      name && name !== COURSE_NOT_LISTED && !listed.includes(name) ? [{ value: name, label: name }] : [],
    ),
    { value: COURSE_NOT_LISTED, label: t('detailsFields.courseNotListed') },
  ].filter((option, index, all) => all.findIndex((other) => other.value === option.value) === index);

  const tagOptions = tagChoices && [...tagChoices, ...(kept?.tags ?? []).filter((tag) => !tagChoices.includes(tag))];
  const chosenTags = tags.value ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-5 rounded-lg border border-slate-200 p-4 sm:p-5">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          <Trans
            t={t}
            i18nKey="detailsFields.heading"
            components={{ muted: <span className="font-normal text-slate-600" /> }}
          />
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('detailsFields.intro')}</p>
      </div>
      <SelectField
        name={course.name}
        ref={courseRef}
        label={t('detailsFields.course')}
        value={course.value ?? ''}
        onChange={(event) => course.onChange(event.target.value)}
        onBlur={course.onBlur}
        options={courseOptions}
        disabled={!tutorChosen}
        error={courseError?.message}
        hint={tutorChosen ? t('detailsFields.courseHint') : t('detailsFields.courseHintNoTutor')}
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
        legend={t('detailsFields.difficulty')}
        name={difficulty.name}
        options={difficultyOptions()}
        value={difficulty.value ?? null}
        onChange={difficulty.onChange}
        onBlur={difficulty.onBlur}
        error={difficultyError?.message}
      />
      <RadioGroupField
        ref={groupRef(wouldTakeAgainRef)}
        legend={t('detailsFields.wouldTakeAgain')}
        name={wouldTakeAgain.name}
        options={wouldTakeAgainOptions()}
        value={wouldTakeAgain.value ?? null}
        onChange={wouldTakeAgain.onChange}
        onBlur={wouldTakeAgain.onBlur}
        error={wouldTakeAgainError?.message}
      />
      {tagOptions ? (
        <CheckboxGroupField
          ref={groupRef(tagsRef)}
          legend={t('detailsFields.tags')}
          name={tags.name}
          options={tagOptions}
          optionLabel={tagLabel}
          value={chosenTags}
          onChange={tags.onChange}
          onBlur={tags.onBlur}
          max={REVIEW_TAGS_MAX}
          error={tagsError?.message}
          hint={
            <span aria-live="polite">
              {t('detailsFields.tagsHint', { max: REVIEW_TAGS_MAX })}
              {chosenTags.length >= REVIEW_TAGS_MAX && t('detailsFields.tagsFull')}
            </span>
          }
        />
      ) : (
        <p className="text-sm text-slate-600">{t('detailsFields.loadingTags')}</p>
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
  const { t } = useReviewsText();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${errorId} ${hintId}` : hintId;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{t('detailsFields.term')}</legend>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div>
          <FieldLabel htmlFor={`${id}-season`}>{t('detailsFields.season')}</FieldLabel>
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
            className={`${inputClasses} h-11 pe-8`}
          >
            {seasonOptions().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <FieldLabel htmlFor={`${id}-year`}>{t('detailsFields.year')}</FieldLabel>
          <select
            id={`${id}-year`}
            value={value.year}
            onChange={(event) => onChange({ ...value, year: event.target.value })}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClasses} h-11 pe-8`}
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
      <FieldHint id={hintId}>{t('detailsFields.termHint')}</FieldHint>
    </fieldset>
  );
}
