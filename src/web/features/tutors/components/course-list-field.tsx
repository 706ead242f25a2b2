import { useId, useRef } from 'react';
import { COURSE_MAX_LENGTH, COURSES_MAX_COUNT } from '../../../../shared/tutors-constants';
import { FieldError, FieldHint, FieldLabel, fieldWiring, inputClasses } from '../../../components/forms/field';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

/** One course input; the id keeps React's rows (and focus) stable when a row above is removed. */
export interface CourseRow {
  id: string;
  value: string;
}

let lastCourseRowId = 0;
export function courseRow(value = ''): CourseRow {
  lastCourseRowId += 1;
  return { id: `course-row-${lastCourseRowId}`, value };
}

/**
 * The repeatable "Course 1", "Course 2", ... inputs with 'Add Another Course' and a remove
 * button per row. Adding moves focus to the new input; removing moves it to a neighbour, so
 * keyboard users never land on the page's top.
 */
export function CourseListField({
  rows,
  onChange,
  errors = {},
  required = false,
  hint,
}: {
  rows: CourseRow[];
  onChange: (rows: CourseRow[]) => void;
  /** Messages by row id. */
  errors?: Record<string, string>;
  /** Every shown input must be filled (the admin form); otherwise blank rows are skipped. */
  required?: boolean;
  hint?: string;
}) {
  const { t } = useTutorsText();
  const legendId = useId();
  const hintId = useId();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const full = rows.length >= COURSES_MAX_COUNT;

  function setInput(rowId: string, input: HTMLInputElement | null) {
    if (input) inputs.current.set(rowId, input);
    else inputs.current.delete(rowId);
    if (input && focusAfterRender.current === rowId) {
      focusAfterRender.current = null;
      input.focus();
    }
  }

  function addRow() {
    const row = courseRow();
    focusAfterRender.current = row.id;
    onChange([...rows, row]);
  }

  function removeRow(index: number) {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    onChange(rows.filter((_, i) => i !== index));
    if (neighbour) inputs.current.get(neighbour.id)?.focus();
    else addButton.current?.focus();
  }

  function updateRow(index: number, value: string) {
    onChange(rows.map((row, i) => (i === index ? { ...row, value } : row)));
  }

  return (
    <fieldset aria-describedby={hint ? hintId : undefined} className="space-y-3">
      <legend id={legendId} className="mb-1 text-sm font-medium text-slate-800">
        {t('courses.legend')}
      </legend>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {rows.length > 0 && (
        <ol className="space-y-3">
          {rows.map((row, index) => {
            const inputId = `${legendId}-${row.id}`;
            const error = errors[row.id];
            const { errorId, controlProps } = fieldWiring(inputId, { required, error });
            const number = index + 1;
            return (
              <li key={row.id}>
                <FieldLabel htmlFor={inputId} required={required}>
                  {t('courses.course', { number: formatNumber(number) })}
                </FieldLabel>
                <div className="flex gap-2">
                  <input
                    ref={(input) => setInput(row.id, input)}
                    {...controlProps}
                    name="courses"
                    value={row.value}
                    maxLength={COURSE_MAX_LENGTH}
                    onChange={(event) => updateRow(index, event.target.value)}
                    className={inputClasses}
                  />
                  <Button variant="secondary" onClick={() => removeRow(index)} className="shrink-0">
                    {t('courses.remove')}
                    {/* Text rather than aria-label: each button still names its row for screen readers. */}
                    <span className="sr-only">{t('courses.removeRow', { number: formatNumber(number) })}</span>
                  </Button>
                </div>
                {errorId && <FieldError id={errorId}>{error}</FieldError>}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button ref={addButton} type="button" onClick={addRow} disabled={full} className={buttonClasses('secondary')}>
          {t('courses.add')}
        </button>
        {full && <p className="text-sm text-slate-600">{t('courses.atMost', { count: COURSES_MAX_COUNT })}</p>}
      </div>
    </fieldset>
  );
}
