import { useTranslation } from 'react-i18next';
import english from '../locales/en/admin.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('admin', english);

/** The 'admin' texts in a component, re-rendered when the language changes. */
export const useAdminText = () => useTranslation('admin');

/** The 'admin' texts outside components (toasts, titles), in the language of the moment. */
export const adminText = i18n.getFixedT(null, 'admin');
