import { useId } from 'react';
import { formatNumber } from '../../../i18n/format';

/**
 * Below this many things counted a chart is mostly empty axes: the page shows the counts
 * themselves instead (a student with two reviews sees "3 stars: 1, 5 stars: 1").
 */
export const CHART_MIN_TOTAL = 5;

/** Whether numbers adding up to this few are shown as counts rather than drawn. */
export const tooFewToChart = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) < CHART_MIN_TOTAL;

/**
 * A chart's figure for a handful of numbers: its title, each label that counted something with
 * its count, and the chart's summary sentence. Loads no chart library.
 */
export function SmallCounts({
  title,
  labels,
  values,
  summary,
}: {
  title: string;
  labels: readonly string[];
  values: readonly number[];
  summary: string;
}) {
  const captionId = useId();
  const counted = labels.flatMap((label, index) => {
    const value = values[index] ?? 0;
    return value > 0 ? [{ label, value }] : [];
  });
  return (
    <figure aria-labelledby={captionId} className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption id={captionId} className="text-base font-semibold text-slate-900">
        {title}
      </figcaption>
      {counted.length > 0 && (
        <dl className="mt-3 flex flex-wrap gap-3">
          {counted.map(({ label, value }) => (
            <div key={label} className="min-w-24 rounded-md bg-slate-50 px-3 py-2">
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums text-slate-900">{formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-3 text-sm text-slate-700">{summary}</p>
    </figure>
  );
}
