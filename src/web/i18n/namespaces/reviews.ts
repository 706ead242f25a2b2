import { useTranslation } from 'react-i18next';
import english from '../locales/en/reviews.json';
import { addEnglishCatalog, i18n } from '../i18n';

addEnglishCatalog('reviews', english);

/** The 'reviews' texts in a component, re-rendered when the language changes. */
export const useReviewsText = () => useTranslation('reviews');

/** The 'reviews' texts outside components (toasts, titles), in the language of the moment. */
export const reviewsText = i18n.getFixedT(null, 'reviews');
