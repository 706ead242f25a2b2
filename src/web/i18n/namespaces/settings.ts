import { useTranslation } from 'react-i18next';
import english from '../locales/en/settings.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('settings', english);

/** The 'settings' texts in a component, re-rendered when the language changes. */
export const useSettingsText = () => useTranslation('settings');

/** The 'settings' texts outside components (toasts, titles), in the language of the moment. */
export const settingsText = i18n.getFixedT(null, 'settings');
