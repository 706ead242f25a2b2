import { useMemo } from 'react';
import type { AdminDashboard } from '../../../../shared/admin-dashboard';
import { ChartFigure, type ChartSeries } from '../../../components/charts/chart-figure';
import { reviewsPerWeekSummary, weekLabel } from '../lib/format';

/** Reviews written each week, oldest first; empty weeks show as zero. */
export function ReviewsPerWeekChart({ weeks }: { weeks: AdminDashboard['reviewsPerWeek'] }) {
  // The chart redraws whenever labels or series change identity: derived once per answer.
  const { labels, series, summary } = useMemo(() => {
    const chartSeries: ChartSeries[] = [{ label: 'Reviews', values: weeks.map((week) => week.count) }];
    return {
      labels: weeks.map((week) => weekLabel(week.weekStart)),
      series: chartSeries,
      summary: reviewsPerWeekSummary(weeks),
    };
  }, [weeks]);

  return (
    <ChartFigure
      title="Reviews per week"
      kind="bar"
      labels={labels}
      series={series}
      summary={summary}
      labelHeading="Week of"
    />
  );
}
