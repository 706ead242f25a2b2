import { type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { SEARCH_QUERY_MAX_LENGTH, TUTOR_PAGE_SIZE_MAX } from '../../../../shared/tutors-constants';
import { inputClasses } from '../../../components/forms/field';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useTutors } from '../api/get-tutors';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';
import { type PickedTutor, type TutorMarks, TutorIdentity } from './tutor-picker-parts';

const noMarks: ReadonlySet<string> = new Set();

const SEARCH_PAUSE_MS = 300;

/** The tutor picker's popup: a search box over a page of public tutors (see TutorPicker). */
export function TutorSearchPopup({
  id,
  selected,
  marks,
  onPick,
  onDismiss,
}: {
  id: string;
  selected: PickedTutor | null;
  marks?: TutorMarks;
  onPick: (tutor: PickedTutor) => void;
  onDismiss: () => void;
}) {
  const { t } = useTutorsText();
  const listboxId = `${id}-listbox`;
  const optionId = (tutorId: string) => `${id}-option-${tutorId}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const tutors = useTutors({ q: query || undefined, sort: 'name', pageSize: TUTOR_PAGE_SIZE_MAX });
  const items = tutors.data?.items ?? [];
  // Nothing is active until the arrow keys (or the pointer) say so, except the tutor already chosen.
  const [activeId, setActiveId] = useState<string | null>(selected?.id ?? null);
  const activeIndex = items.findIndex((tutor) => tutor.id === activeId);
  const active = items[activeIndex];
  const activeOptionId = active ? optionId(active.id) : undefined;

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  function activate(index: number) {
    const tutor = items[index];
    if (tutor) setActiveId(tutor.id);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = items.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        activate(activeIndex < 0 ? 0 : Math.min(activeIndex + 1, last));
        break;
      case 'ArrowUp':
        activate(activeIndex < 0 ? last : Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
        if (items.length === 0) return;
        activate(0);
        break;
      case 'End':
        if (items.length === 0) return;
        activate(last);
        break;
      case 'Enter':
        // Never submits the form from the search box.
        if (active) onPick(active);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  // Clicking an option picks it; the keyboard does the same from the search box (Enter).
  function handleListClick(event: MouseEvent<HTMLElement>) {
    const option = (event.target as Element).closest<HTMLElement>('[role="option"]');
    const tutor = items.find((item) => item.id === option?.dataset.tutorId);
    if (tutor) onPick(tutor);
  }

  const ids = items.map((tutor) => tutor.id);
  const renderList = (marked: ReadonlySet<string>) => (
    <ul
      id={listboxId}
      role="listbox"
      aria-label={t('picker.results')}
      // Focus stays in the search box (aria-activedescendant); the list is not a Tab stop of its own.
      tabIndex={-1}
      className="max-h-[15rem] overflow-y-auto border-t border-slate-200 py-1"
    >
      {items.map((tutor) => {
        const isActive = tutor.id === active?.id;
        const isSelected = tutor.id === selected?.id;
        return (
          <li
            key={tutor.id}
            id={optionId(tutor.id)}
            data-tutor-id={tutor.id}
            role="option"
            aria-selected={isSelected}
            onMouseMove={() => setActiveId(tutor.id)}
            className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${isActive ? 'bg-indigo-50 outline-2 -outline-offset-2 outline-indigo-600' : ''}`}
          >
            <TutorIdentity tutor={tutor} />
            {marked.has(tutor.id) && marks && (
              <span className="shrink-0 rounded-full border border-emerald-300 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900">
                <span className="sr-only">, </span>
                {marks.label}
              </span>
            )}
            {isSelected && <CheckIcon className="h-5 w-5 shrink-0 text-indigo-700" />}
          </li>
        );
      })}
    </ul>
  );

  return (
    // Escape closes the popup from whichever of its controls has the focus (the search box, "Try again").
    <div
      id={id}
      role="presentation"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onDismiss();
      }}
      className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-md border border-slate-300 bg-white shadow-lg"
    >
      <div className="p-2">
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={t('picker.search')}
          aria-autocomplete="list"
          aria-expanded={items.length > 0}
          aria-controls={items.length > 0 ? listboxId : undefined}
          aria-activedescendant={activeOptionId}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t('picker.search')}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          className={inputClasses}
        />
      </div>
      {/* Pressing in the list must not take focus from the search box, which drives the list. */}
      <div role="presentation" onMouseDown={(event) => event.preventDefault()} onClick={handleListClick}>
        <SearchStatus tutors={tutors} shown={items.length} searching={search.trim() !== query} />
        {items.length > 0 && (marks ? marks.lookUp(ids, (marked) => renderList(marked)) : renderList(noMarks))}
      </div>
    </div>
  );
}

/** How the search stands, announced politely: loading, nothing found, or how much of it is listed. */
function SearchStatus({
  tutors,
  shown,
  searching,
}: {
  tutors: ReturnType<typeof useTutors>;
  shown: number;
  searching: boolean;
}) {
  const { t } = useTutorsText();
  if (tutors.isError && !tutors.data) {
    return (
      <div role="alert" className="border-t border-slate-200 px-3 py-2 text-sm text-red-800">
        <p>{t('picker.loadError')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void tutors.refetch()} disabled={tutors.isFetching}>
          {tutors.isFetching ? t('actions.tryingAgain') : t('actions.tryAgain')}
        </Button>
      </div>
    );
  }
  const total = tutors.data?.total ?? 0;
  let message: string;
  if (tutors.isPending) message = t('picker.loading');
  else if (searching || (tutors.isPlaceholderData && tutors.isFetching)) message = t('picker.searching');
  else if (total === 0) message = t('picker.none');
  else if (total > shown) message = t('picker.showingFirst', { count: total, shown: formatNumber(shown) });
  else message = t('picker.count', { count: total });
  return (
    <p role="status" className="border-t border-slate-200 px-3 py-2 text-sm text-slate-600">
      {message}
    </p>
  );
}
