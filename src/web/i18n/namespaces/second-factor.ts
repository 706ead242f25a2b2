import { useTranslation } from 'react-i18next';
import english from '../locales/en/second-factor.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('second-factor', english);

/** The 'second-factor' texts in a component, re-rendered when the language changes. */
export const useSecondFactorText = () => useTranslation('second-factor');

/** The 'second-factor' texts outside components (toasts, titles), in the language of the moment. */
export const secondFactorText = i18n.getFixedT(null, 'second-factor');
