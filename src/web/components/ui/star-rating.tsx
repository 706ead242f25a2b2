import { commonText } from '../../i18n/namespaces/common';
const STARS = [1, 2, 3, 4, 5] as const;

const sizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-6 w-6', input: 'h-8 w-8' } as const;

/** How a star is coloured: as given, as a preview of a choice (hovered), or marking a missing choice. */
export type StarTone = 'rated' | 'preview' | 'invalid';

/**
 * One star, the only star drawn anywhere (ratings shown and the rating chosen in the review
 * form): an outlined shape filled to `fill` (0 to 1, a fraction fills part of it from the
 * left). Decorative: whoever draws it says the rating in words.
 */
export function Star({
  fill,
  size = 'md',
  tone = 'rated',
  className = '',
}: {
  fill: number;
  size?: keyof typeof sizes;
  tone?: StarTone;
  className?: string;
}) {
  const part = Math.max(0, Math.min(1, fill));
  return (
    <span className={`relative inline-block shrink-0 ${sizes[size]} ${className}`} aria-hidden="true">
      <StarShape
        className={`absolute inset-0 h-full w-full fill-white ${tone === 'invalid' ? 'stroke-red-700' : 'stroke-slate-500'}`}
      />
      {part > 0 && (
        <span className="absolute inset-0 overflow-hidden" style={{ width: `${part * 100}%` }}>
          <StarShape
            className={`h-full stroke-amber-700 ${sizes[size]} ${tone === 'preview' ? 'fill-amber-200' : 'fill-amber-500'}`}
          />
        </span>
      )}
    </span>
  );
}

/** The star's outline from its top point, in relative steps, so it can be drawn at any offset. */
const STAR_FROM_TOP = 'l2.9 5.9 6.5.95-4.7 4.6 1.1 6.45-5.8-3.05-5.8 3.05 1.1-6.45-4.7-4.6 6.5-.95z';
/** Each star is 24 units wide (the viewBox of `StarShape`), 2.4 units apart. */
const STAR_STEP = 26.4;
const ROW_WIDTH = STAR_STEP * 4 + 24;
const FIVE_STARS = STARS.map((star) => `M${12 + (star - 1) * STAR_STEP} 2.8${STAR_FROM_TOP}`).join('');
const rowHeights = { sm: 'h-4', md: 'h-5', lg: 'h-6' } as const;

/**
 * Five stars filled to `value` (fractions fill part of a star), the same shape as `Star`. Read-only:
 * screen readers hear the label ("Rated 4.3 out of 5"), not five separate images. One drawing for
 * the row, not five `Star`s: a page of reviews shows dozens of rows, and each `Star` is up to six
 * elements.
 */
export function StarRating({
  value,
  size = 'md',
  label,
}: {
  value: number;
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}) {
  const clamped = Math.max(0, Math.min(5, value));
  const filledWidth = filledStarsWidth(clamped);
  return (
    <svg
      role="img"
      aria-label={label ?? commonText('starRating.rated', { rating: formatRating(clamped) })}
      viewBox={`0 0 ${ROW_WIDTH} 24`}
      strokeWidth={1.5}
      strokeLinejoin="round"
      className={`inline-block w-auto shrink-0 ${rowHeights[size]}`}
    >
      <path d={FIVE_STARS} className="fill-white stroke-slate-500" />
      {filledWidth > 0 && (
        <svg width={filledWidth} height={24}>
          <path d={FIVE_STARS} className="fill-amber-500 stroke-amber-700" />
        </svg>
      )}
    </svg>
  );
}

function StarShape({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" strokeWidth={1.5} strokeLinejoin="round" className={className}>
      <path d={`M12 2.8${STAR_FROM_TOP}`} />
    </svg>
  );
}

/**
 * How much of the row of five stars (in viewBox units) is filled for a rating: whole stars with
 * the gaps after them, then the given fraction of the next star's own width, as `Star` fills one.
 */
export function filledStarsWidth(value: number): number {
  const clamped = Math.max(0, Math.min(5, value));
  const whole = Math.floor(clamped);
  return Math.min(ROW_WIDTH, whole * STAR_STEP + (clamped - whole) * 24);
}

/** One decimal, as everywhere a mean rating is shown. */
export function formatRating(value: number): string {
  return value.toFixed(1);
}
