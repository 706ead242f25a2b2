import { useState } from 'react';
import type { Theme } from '../../../shared/theme';
import { applyTheme, rememberThemeOnThisDevice } from '../../lib/theme';
import { ThemeSelect } from './theme-select';

const shownTheme = (): Theme => {
  const chosen = document.documentElement.dataset.theme;
  return chosen === 'light' || chosen === 'dark' ? chosen : 'system';
};

/** The theme for a visitor who is signed out: kept on this device only (the theme cookie). */
export function DeviceThemeSelect({ className }: { className?: string }) {
  const [theme, setTheme] = useState(shownTheme);
  return (
    <ThemeSelect
      className={className}
      value={theme}
      onChange={(next) => {
        setTheme(next);
        applyTheme(next);
        rememberThemeOnThisDevice(next);
      }}
    />
  );
}
