import { useEffect, useId, useRef } from 'react';
import { useColourScheme } from '../../lib/theme';
import { useCommonText } from '../../i18n/namespaces/common';

// Chart.js is the largest library in the app: it loads once a chart is on screen, after the page
// has rendered, instead of holding up the page that shows it.
const loadChartDrawing = () => import('./draw-chart');

export interface ChartSeries {
  label: string;
  values: number[];
}

export interface ChartFigureProps {
  /** Names the chart; also the caption. */
  title: string;
  kind: 'bar' | 'line';
  /** One per point or bar, e.g. months or star ratings. */
  labels: string[];
  series: ChartSeries[];
  /** A sentence that sums the chart up for those who cannot see it. */
  summary: string;
  /** Heading of the label column in the data table, e.g. 'Month'. */
  labelHeading: string;
}

/**
 * A chart drawn with Chart.js, with its text alternative: the canvas is an image named by the
 * summary, and the numbers behind it are in a data table a click away (and always in the
 * accessibility tree through the details element).
 */
export function ChartFigure({ title, kind, labels, series, summary, labelHeading }: ChartFigureProps) {
  const { t } = useCommonText();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const captionId = useId();
  // Drawn again when the theme changes: the canvas keeps the colours it was drawn with.
  const scheme = useColourScheme();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let chart: { destroy(): void } | undefined;
    let unmounted = false;
    loadChartDrawing()
      .then(({ drawChart }) => {
        if (unmounted) return;
        chart = drawChart(canvas, { kind, labels, series }, scheme);
        canvas.dataset.drawn = 'true';
      })
      // Without the picture the summary and the table still tell everything.
      .catch(() => undefined);
    return () => {
      unmounted = true;
      chart?.destroy();
      delete canvas.dataset.drawn;
    };
  }, [kind, labels, series, scheme]);

  return (
    <figure aria-labelledby={captionId} className="rounded-lg border border-slate-200 bg-white p-4">
      <figcaption id={captionId} className="text-base font-semibold text-slate-900">
        {title}
      </figcaption>
      <div className="relative mt-3 h-56 w-full">
        {/* Until Chart.js has seen a narrower window, the canvas keeps its old width: never wider than its box. */}
        <canvas ref={canvasRef} role="img" aria-label={`${title}. ${summary}`} className="max-w-full" />
      </div>
      <p className="mt-2 text-sm text-slate-700">{summary}</p>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-indigo-800 underline-offset-2 hover:underline">
          {t('chart.showNumbers')}
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-start">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pe-4 font-semibold">
                  {labelHeading}
                </th>
                {series.map((entry) => (
                  <th key={entry.label} scope="col" className="py-1 pe-4 font-semibold">
                    {entry.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, row) => (
                <tr key={label} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pe-4 font-normal">
                    {label}
                  </th>
                  {series.map((entry) => (
                    <td key={entry.label} className="py-1 pe-4 tabular-nums">
                      {entry.values[row] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
