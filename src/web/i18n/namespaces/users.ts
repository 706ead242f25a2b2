import { useTranslation } from 'react-i18next';
import english from '../locales/en/users.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('users', english);

/** The 'users' texts in a component, re-rendered when the language changes. */
export const useUsersText = () => useTranslation('users');

/** The 'users' texts outside components (toasts, titles), in the language of the moment. */
export const usersText = i18n.getFixedT(null, 'users');
