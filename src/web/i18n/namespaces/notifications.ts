import { useTranslation } from 'react-i18next';
import english from '../locales/en/notifications.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('notifications', english);

/** The 'notifications' texts in a component, re-rendered when the language changes. */
export const useNotificationsText = () => useTranslation('notifications');

/** The 'notifications' texts outside components (toasts, titles), in the language of the moment. */
export const notificationsText = i18n.getFixedT(null, 'notifications');
