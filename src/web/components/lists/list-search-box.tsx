import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldLabel, inputClasses } from '../forms/field';

const DEBOUNCE_MS = 300;

/**
 * A search field that applies what is typed after a short pause (or at once on Enter), so the
 * list follows the typing without a request per keystroke.
 */
export function ListSearchBox({
  label,
  value,
  onSearch,
  placeholder,
  maxLength,
}: {
  label: string;
  /** The search in force (from the URL). */
  value: string;
  onSearch: (query: string) => void;
  placeholder?: string;
  maxLength?: number;
}) {
  const inputId = useId();
  const [draft, setDraft] = useState(value);
  const applied = useRef(value);

  // The URL changed without typing (back button, a link): show that search instead.
  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    const query = draft.trim();
    if (query === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = query;
      onSearch(query);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onSearch]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = draft.trim();
    if (query === applied.current) return;
    applied.current = query;
    onSearch(query);
  }

  return (
    <form role="search" onSubmit={handleSubmit} className="min-w-0 flex-1">
      <FieldLabel htmlFor={inputId}>{label}</FieldLabel>
      <input
        id={inputId}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        enterKeyHint="search"
        className={`${inputClasses} h-11`}
      />
    </form>
  );
}
