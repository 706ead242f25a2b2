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

/** Colours with at least 3:1 contrast against white, as non-text graphics need. */
const seriesColours = ['#4338ca', '#b45309', '#047857'];

/** Draws a chart on the canvas; `destroy()` frees it before the canvas is drawn again or goes away. */
export function drawChart(
  canvas: HTMLCanvasElement,
  { kind, labels, series }: Pick<ChartFigureProps, 'kind' | 'labels' | 'series'>,
): { destroy(): void } {
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
      plugins: { tooltip: { enabled: true } },
      scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
    },
  };
  return new Chart(canvas, config);
}
