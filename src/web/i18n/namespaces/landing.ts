import { useTranslation } from 'react-i18next';
import english from '../locales/en/landing.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('landing', english);

/** The 'landing' texts in a component, re-rendered when the language changes. */
export const useLandingText = () => useTranslation('landing');

/** The 'landing' texts outside components (toasts, titles), in the language of the moment. */
export const landingText = i18n.getFixedT(null, 'landing');
