import { formatRating, StarRating } from '../../../components/ui/star-rating';

export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
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
  if (averageRating === null) {
    return <p className="text-sm text-slate-600">No ratings yet</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <StarRating value={averageRating} size={size} />
      <span>
        <span className="font-semibold text-slate-900">{formatRating(averageRating)}</span> (
        {reviewCountLabel(reviewCount)})
      </span>
    </p>
  );
}
