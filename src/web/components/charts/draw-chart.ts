import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { currentLanguage } from '../../i18n/i18n';
import type { ColourScheme } from '../../lib/theme';
import type { ChartFigureProps } from './chart-figure';

// Only what these charts draw, so the rest of Chart.js stays out of the bundle.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
);

/**
 * A canvas takes no CSS variables: each theme's colours, as styles.css defines them (indigo, amber
 * and emerald 700, slate 600 for the axes' text). Series have at least 3:1 contrast against the
 * chart's background, as non-text graphics need.
 */
const schemeColours = {
  light: { series: ['#4338ca', '#b45309', '#047857'], text: '#475569', grid: 'rgba(0, 0, 0, 0.1)' },
  dark: { series: ['#9da8ff', '#d86819', '#2da179'], text: '#98aac4', grid: 'rgba(255, 255, 255, 0.15)' },
} as const;

/** Draws a chart on the canvas; `destroy()` frees it before the canvas is drawn again or goes away. */
export function drawChart(
  canvas: HTMLCanvasElement,
  { kind, labels, series }: Pick<ChartFigureProps, 'kind' | 'labels' | 'series'>,
  scheme: ColourScheme,
): { destroy(): void } {
  const colours = schemeColours[scheme];
  const seriesColours = colours.series;
  // Read right to left, the chart is mirrored as the page is: time runs from the right and the
  // value axis stands on the right, where such a reader starts.
  const rtl = getComputedStyle(canvas).direction === 'rtl';
  const config: ChartConfiguration<'bar' | 'line'> = {
    type: kind,
    data: {
      labels,
      datasets: series.map((entry, index) => ({
        label: entry.label,
        data: entry.values,
        backgroundColor: seriesColours[index % seriesColours.length],
        borderColor: seriesColours[index % seriesColours.length],
        borderWidth: 2,
        tension: 0.2,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      // The axes' numbers in the page's language, as its other numbers are.
      locale: currentLanguage(),
      color: colours.text,
      borderColor: colours.grid,
      plugins: { tooltip: { enabled: true, rtl } },
      scales: {
        x: { reverse: rtl, ticks: { color: colours.text }, grid: { color: colours.grid } },
        y: {
          position: rtl ? 'right' : 'left',
          beginAtZero: true,
          ticks: { precision: 0, color: colours.text },
          grid: { color: colours.grid },
        },
      },
    },
  };
  return new Chart(canvas, config);
}
