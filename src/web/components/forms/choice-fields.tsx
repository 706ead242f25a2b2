import { type ReactNode, type Ref, useId } from 'react';
import { FieldError, FieldHint } from './field';

/** The legend every group of choices shares. */
function GroupLegend({ children }: { children: ReactNode }) {
  return <legend className="mb-1 text-sm font-medium text-slate-800">{children}</legend>;
}

/** The ids of a group's hint and error, and the attribute that points the group at them (the error first). */
function useGroupWiring(hint: ReactNode, error: string | null | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

/** Moves focus into a group: to its chosen radio, else its first control (the group's stop in the tab order). */
export function focusGroup(fieldset: HTMLFieldSetElement) {
  (
    fieldset.querySelector<HTMLInputElement>('input:checked') ??
    fieldset.querySelector<HTMLInputElement>('input:not(:disabled)')
  )?.focus();
}

/** The form's ref for a group: something it can focus, which focuses the group's control. */
export function groupRef(ref: (instance: { focus: () => void } | null) => void) {
  return (fieldset: HTMLFieldSetElement | null) => ref(fieldset && { focus: () => focusGroup(fieldset) });
}

/**
 * A short list of choices, one of which may be chosen, as a row of buttons that wraps on a
 * narrow screen. Underneath each is a real radio button lying invisibly over it, so a click,
 * a tap, the arrow keys and screen readers all work as for any radio group.
 */
export function RadioGroupField<T extends string | number | boolean | null>({
  legend,
  name,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  ref,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLFieldSetElement>;
}) {
  const { hintId, errorId, describedBy } = useGroupWiring(hint, error);
  return (
    <fieldset ref={ref} aria-describedby={describedBy}>
      <GroupLegend>{legend}</GroupLegend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={String(option.value)}
              className={`relative inline-flex min-h-11 items-center rounded-md border px-3 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-indigo-500 ${
                checked
                  ? 'border-indigo-700 bg-indigo-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={String(option.value)}
                checked={checked}
                onChange={() => onChange(option.value)}
                onBlur={onBlur}
                className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {errorId && <FieldError id={errorId}>{error}</FieldError>}
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </fieldset>
  );
}

/**
 * Choices of which up to `max` may be ticked: once that many are, the others are disabled until
 * one is unticked, and the hint says so.
 */
export function CheckboxGroupField({
  legend,
  name,
  options,
  value,
  onChange,
  onBlur,
  max,
  hint,
  error,
  ref,
  optionLabel = (option) => option,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  /** What a box says when it is not its value (e.g. a tag in the reader's language). */
  optionLabel?: (option: string) => string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  max: number;
  hint?: ReactNode;
  error?: string | null;
  ref?: Ref<HTMLFieldSetElement>;
}) {
  const idPrefix = useId();
  const full = value.length >= max;
  const { hintId, errorId, describedBy } = useGroupWiring(hint, error);
  return (
    <fieldset ref={ref} aria-describedby={describedBy}>
      <GroupLegend>{legend}</GroupLegend>
      {/* Said before the boxes: the limit is read before the choices it limits. */}
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      <div className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {options.map((option, index) => {
          const checked = value.includes(option);
          const id = `${idPrefix}-${index}`;
          return (
            <div key={option} className="flex min-h-11 items-center gap-3">
              <input
                id={id}
                type="checkbox"
                name={name}
                value={option}
                checked={checked}
                disabled={!checked && full}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? // In the order offered, whatever the order of ticking.
                        options.filter((choice) => choice === option || value.includes(choice))
                      : value.filter((choice) => choice !== option),
                  )
                }
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
                className="h-5 w-5 shrink-0 rounded border-slate-400 accent-indigo-700 disabled:cursor-not-allowed"
              />
              <label
                htmlFor={id}
                className={`min-w-0 break-words text-sm ${!checked && full ? 'text-slate-500' : 'text-slate-800'}`}
              >
                {optionLabel(option)}
              </label>
            </div>
          );
        })}
      </div>
      {errorId && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
