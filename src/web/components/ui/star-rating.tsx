const STARS = [1, 2, 3, 4, 5] as const;

const sizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-6 w-6' } as const;

/**
 * Five stars filled to `value` (fractions fill part of a star). Read-only: screen readers
 * hear the label ("Rated 4.3 out of 5"), not five separate images.
 */
export function StarRating({
  value,
  size = 'md',
  label,
}: {
  value: number;
  size?: keyof typeof sizes;
  label?: string;
}) {
  const clamped = Math.max(0, Math.min(5, value));
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${formatRating(clamped)} out of 5`}
      className="inline-flex items-center gap-0.5"
    >
      {STARS.map((star) => {
        const fill = Math.max(0, Math.min(1, clamped - (star - 1)));
        return (
          <span key={star} className={`relative inline-block ${sizes[size]}`} aria-hidden="true">
            <StarShape className="absolute inset-0 h-full w-full text-slate-300" />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <StarShape className={`h-full text-amber-500 ${sizes[size]}`} />
            </span>
          </span>
        );
      })}
    </span>
  );
}

function StarShape({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
    </svg>
  );
}

/** One decimal, as everywhere a mean rating is shown. */
export function formatRating(value: number): string {
  return value.toFixed(1);
}
