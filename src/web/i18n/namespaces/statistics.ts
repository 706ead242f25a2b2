import { useTranslation } from 'react-i18next';
import english from '../locales/en/statistics.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('statistics', english);

/** The 'statistics' texts in a component, re-rendered when the language changes. */
export const useStatisticsText = () => useTranslation('statistics');

/** The 'statistics' texts outside components (toasts, titles), in the language of the moment. */
export const statisticsText = i18n.getFixedT(null, 'statistics');
