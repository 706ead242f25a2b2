import { useTranslation } from 'react-i18next';
import english from '../locales/en/audit-log.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('audit-log', english);

/** The 'audit-log' texts in a component, re-rendered when the language changes. */
export const useAuditLogText = () => useTranslation('audit-log');

/** The 'audit-log' texts outside components (toasts, titles), in the language of the moment. */
export const auditLogText = i18n.getFixedT(null, 'audit-log');
