import { useId } from 'react';
import { type Language, languageNames, languages } from '../../../shared/languages';
import { GlobeIcon } from './icons/globe-icon';

/**
 * 'Language': a labelled select that keyboards and screen readers know. Each language is named
 * in itself (and marked as such, so a screen reader pronounces it right), as a reader looking
 * for theirs would recognise it. Compact, for a top bar: a globe stands for the label, which
 * screen readers still read. The label comes from the caller, in the page's language (the
 * `languages` catalog's `menu.label`).
 */
export function LanguageSelect({
  label,
  value,
  onChange,
  compact = false,
  labelClassName = 'text-slate-700',
  className = '',
}: {
  label: string;
  value: Language;
  onChange: (language: Language) => void;
  compact?: boolean;
  labelClassName?: string;
  className?: string;
}) {
  const id = useId();
  return (
    // Marked as the language choice: the names it offers are in their own languages, never the page's.
    <div data-language-choice className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={`flex items-center gap-1 text-sm font-medium ${labelClassName}`}>
        {compact && <GlobeIcon className="size-5 shrink-0" />}
        <span className={compact ? 'sr-only' : undefined}>{label}</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Language)}
        className="rounded-md border border-slate-300 bg-white py-1.5 ps-2 pe-8 text-sm text-slate-900"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
