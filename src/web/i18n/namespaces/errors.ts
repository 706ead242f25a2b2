import { useTranslation } from 'react-i18next';
import english from '../locales/en/errors.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('errors', english);

/** The 'errors' texts in a component, re-rendered when the language changes. */
export const useErrorsText = () => useTranslation('errors');

/** The 'errors' texts outside components (toasts, titles), in the language of the moment. */
export const errorsText = i18n.getFixedT(null, 'errors');
