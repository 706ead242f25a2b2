import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';

// The errors catalog is keyed by the English message itself: an English page shows a message as
// it came (message-translator.ts) and a missing key reads as the key, so English pages carry no
// errors catalog; Spanish and Arabic arrive with the page's other catalogs.

/** The 'errors' texts in a component, re-rendered when the language changes. */
export const useErrorsText = () => useTranslation('errors');

/** The 'errors' texts outside components (toasts, titles), in the language of the moment. */
export const errorsText = i18n.getFixedT(null, 'errors');
