import { useTranslation } from 'react-i18next';
import english from '../locales/en/common.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('common', english);

/** The 'common' texts in a component, re-rendered when the language changes. */
export const useCommonText = () => useTranslation('common');

/** The 'common' texts outside components (toasts, titles), in the language of the moment. */
export const commonText = i18n.getFixedT(null, 'common');
