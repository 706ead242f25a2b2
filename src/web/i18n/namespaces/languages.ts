import { useTranslation } from 'react-i18next';
import english from '../locales/en/languages.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('languages', english);

/** The 'languages' texts (the language menu and Profile's section), re-rendered when the language changes. */
export const useLanguagesText = () => useTranslation('languages');

/** The 'languages' texts outside components, in the language of the moment. */
export const languagesText = i18n.getFixedT(null, 'languages');
