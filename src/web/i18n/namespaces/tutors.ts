import { useTranslation } from 'react-i18next';
import english from '../locales/en/tutors.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('tutors', english);

/** The 'tutors' texts in a component, re-rendered when the language changes. */
export const useTutorsText = () => useTranslation('tutors');

/** The 'tutors' texts outside components (toasts, titles), in the language of the moment. */
export const tutorsText = i18n.getFixedT(null, 'tutors');
