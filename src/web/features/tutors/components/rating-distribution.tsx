import { Star } from '../../../components/ui/star-rating';
import { formatNumber } from '../../../i18n/format';
import { useTutorsText } from '../../../i18n/namespaces/tutors';
import { reviewCountLabel } from './tutor-rating-summary';

/**
 * How many reviews gave each number of stars, 5 first, as bars. The bars are decoration: each
 * row also reads as a sentence ("5 stars: 12 reviews") for screen readers.
 */
export function RatingDistribution({
  distribution,
  labelledBy,
}: {
  distribution: readonly number[];
  labelledBy?: string;
}) {
  const { t } = useTutorsText();
  const largest = Math.max(1, ...distribution);
  const rows = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: distribution[stars - 1] ?? 0 }));
  return (
    <ul aria-labelledby={labelledBy} className="space-y-2">
      {rows.map(({ stars, count }) => (
        <li key={stars} className="flex items-center gap-3 text-sm">
          <span className="sr-only">
            {t('ratingDistribution.row', { stars: t('stars', { count: stars }), reviews: reviewCountLabel(count) })}
          </span>
          <span aria-hidden="true" className="flex w-9 shrink-0 items-center gap-0.5 font-medium text-slate-700">
            {formatNumber(stars)}
            <Star fill={1} size="sm" />
          </span>
          <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200">
            <span className="block h-full rounded-full bg-amber-500" style={{ width: `${(count / largest) * 100}%` }} />
          </span>
          <span aria-hidden="true" className="w-10 shrink-0 text-end tabular-nums text-slate-700">
            {formatNumber(count)}
          </span>
        </li>
      ))}
    </ul>
  );
}
