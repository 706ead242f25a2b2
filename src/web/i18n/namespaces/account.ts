import { useTranslation } from 'react-i18next';
import english from '../locales/en/account.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('account', english);

/** The 'account' texts in a component, re-rendered when the language changes. */
export const useAccountText = () => useTranslation('account');

/** The 'account' texts outside components (toasts, titles), in the language of the moment. */
export const accountText = i18n.getFixedT(null, 'account');
