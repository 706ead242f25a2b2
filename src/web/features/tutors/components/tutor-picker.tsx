import {
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';
import { FieldHint, FieldLabel } from '../../../components/forms/field';
import { mergeRefs } from '../../../components/forms/form-fields';
import { ChevronUpDownIcon } from '../../../components/ui/icons/chevron-up-down-icon';
import { type PickedTutor, type TutorMarks, TutorIdentity } from './tutor-picker-parts';
import type { TutorSearchPopup } from './tutor-search-popup';
import { useTutorsText } from '../../../i18n/namespaces/tutors';

export type { PickedTutor, TutorMarks };

/**
 * The search popup is asked for as soon as this module runs, beside the form's own scripts
 * rather than within them: the form renders without waiting for it (the route's JavaScript
 * stays within its budget, decision 0010). Once it has arrived the list opens at once, so keys
 * typed straight after opening reach its search box; opened sooner, it says it is loading.
 */
let loadedPopup: typeof TutorSearchPopup | undefined;
const popupModule = import('./tutor-search-popup').then((module) => (loadedPopup = module.TutorSearchPopup));
// A failed load is reported where it matters, when the list is opened (by the route's error page).
popupModule.catch(() => undefined);
const LazySearchPopup = lazy(() => popupModule.then((popup) => ({ default: popup })));

/**
 * "Tutor": a combobox button that opens a search box over a list of public tutors. There can
 * be thousands, so the server searches (name, department or course) and sends one page at a
 * time; the list scrolls. Keyboard: Down, Up, Home and End move through the list, Enter
 * chooses, Escape closes; focus returns to the button whenever the popup closes by a choice
 * or Escape. Disabled, it just shows the tutor (a review's tutor cannot change).
 */
export function TutorPicker({
  value,
  onChange,
  required = false,
  invalid = false,
  disabled = false,
  hint,
  marks,
  triggerRef: givenTriggerRef,
}: {
  value: PickedTutor | null;
  onChange: (tutor: PickedTutor) => void;
  required?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
  marks?: TutorMarks;
  /** The button, so the form can move focus to it. */
  triggerRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTutorsText();
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const triggerId = `${baseId}-trigger`;
  const popupId = `${baseId}-popup`;
  const hintId = hint ? `${baseId}-hint` : undefined;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const SearchPopup = loadedPopup ?? LazySearchPopup;

  function close({ refocus }: { refocus: boolean }) {
    if (refocus) triggerRef.current?.focus();
    setOpen(false);
  }

  function handleTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      setOpen(true);
    }
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    // Tabbing or clicking away closes the popup and leaves focus where the user put it.
    if (open && !wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <div ref={wrapperRef} className="relative" onBlur={handleBlur}>
      <FieldLabel htmlFor={triggerId} id={labelId} required={required}>
        {t('picker.label')}
      </FieldLabel>
      <button
        ref={mergeRefs(triggerRef, givenTriggerRef)}
        id={triggerId}
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-describedby={hintId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onClick={() => (open ? close({ refocus: true }) : setOpen(true))}
        onMouseDown={(event) => {
          // Pressing the button to close the popup must not first blur the search box (which also closes it).
          if (open) event.preventDefault();
        }}
        onKeyDown={handleTriggerKeyDown}
        // The text inputs' box (inputClasses), laid out as a row.
        className="flex min-h-11 w-full items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-start text-slate-900 shadow-sm focus:border-indigo-600 disabled:cursor-not-allowed disabled:bg-slate-50 aria-[invalid=true]:border-red-600"
      >
        {value ? (
          <TutorIdentity tutor={value} />
        ) : (
          <span className="min-w-0 flex-1 text-slate-600">{t('picker.placeholder')}</span>
        )}
        {!disabled && <ChevronUpDownIcon className="h-5 w-5 shrink-0 text-slate-500" />}
      </button>
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
      {open && (
        <Suspense fallback={<PopupLoading />}>
          <SearchPopup
            id={popupId}
            selected={value}
            marks={marks}
            onPick={(tutor) => {
              onChange(tutor);
              close({ refocus: true });
            }}
            onDismiss={() => close({ refocus: true })}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Stands in for the popup in the moment before its module has arrived. */
function PopupLoading() {
  const { t } = useTutorsText();
  return (
    <p
      role="status"
      className="absolute inset-x-0 top-full z-20 mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg"
    >
      {t('picker.loading')}
    </p>
  );
}
