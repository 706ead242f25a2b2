import { useId } from 'react';
import { type Theme, themes } from '../../../shared/theme';
import { useCommonText } from '../../i18n/namespaces/common';

/** 'Theme': System, Light or Dark, a labelled select that keyboards and screen readers know. */
export function ThemeSelect({
  value,
  onChange,
  labelClassName = 'text-slate-700',
  className = '',
}: {
  value: Theme;
  onChange: (theme: Theme) => void;
  labelClassName?: string;
  className?: string;
}) {
  const { t } = useCommonText();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={`text-sm font-medium ${labelClassName}`}>
        {t('theme.label')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Theme)}
        className="rounded-md border border-slate-300 bg-white py-1.5 pe-8 ps-2 text-sm text-slate-900"
      >
        {themes.map((theme) => (
          <option key={theme} value={theme}>
            {t(`theme.${theme}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
