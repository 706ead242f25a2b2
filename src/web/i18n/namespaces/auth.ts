import { useTranslation } from 'react-i18next';
import english from '../locales/en/auth.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('auth', english);

/** The 'auth' texts in a component, re-rendered when the language changes. */
export const useAuthText = () => useTranslation('auth');

/** The 'auth' texts outside components (toasts, titles), in the language of the moment. */
export const authText = i18n.getFixedT(null, 'auth');
