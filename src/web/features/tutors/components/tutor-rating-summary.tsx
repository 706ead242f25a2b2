import { Trans } from 'react-i18next';
import { formatRating, StarRating } from '../../../components/ui/star-rating';
import { formatNumber } from '../../../i18n/format';
import { tutorsText, useTutorsText } from '../../../i18n/namespaces/tutors';

/** "12 reviews", in the language of the moment (a component's render follows it). */
export function reviewCountLabel(count: number): string {
  return tutorsText('reviewCount', { count });
}

/** "★★★★☆ 4.3 (12 reviews)", or 'No ratings yet' for a tutor nobody has reviewed. */
export function TutorRatingSummary({
  averageRating,
  reviewCount,
  size = 'sm',
}: {
  averageRating: number | null;
  reviewCount: number;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTutorsText();
  if (averageRating === null) {
    return <p className="text-sm text-slate-600">{t('noRatingsYet')}</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <StarRating value={averageRating} size={size} />
      <span>
        <Trans
          t={t}
          i18nKey="ratingWithCount"
          values={{
            rating: formatNumber(Number(formatRating(averageRating)), { minimumFractionDigits: 1 }),
            reviews: reviewCountLabel(reviewCount),
          }}
          components={{ strong: <span className="font-semibold text-slate-900" /> }}
        />
      </span>
    </p>
  );
}
