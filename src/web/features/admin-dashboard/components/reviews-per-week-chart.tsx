import { useMemo } from 'react';
import type { AdminDashboard } from '../../../../shared/admin-dashboard';
import { ChartFigure, type ChartSeries } from '../../../components/charts/chart-figure';
import { useAdminText } from '../../../i18n/namespaces/admin';
import { reviewsPerWeekSummary, weekLabel } from '../lib/format';

/** Reviews written each week, oldest first; empty weeks show as zero. */
export function ReviewsPerWeekChart({ weeks }: { weeks: AdminDashboard['reviewsPerWeek'] }) {
  const { t, i18n } = useAdminText();
  const language = i18n.language;
  // The chart redraws whenever labels or series change identity: derived once per answer and
  // language (the week labels and the summary are in the page's language).
  const { labels, series, summary } = useMemo(() => {
    const chartSeries: ChartSeries[] = [{ label: t('reviewsPerWeek.series'), values: weeks.map((week) => week.count) }];
    return {
      labels: weeks.map((week) => weekLabel(week.weekStart)),
      series: chartSeries,
      summary: reviewsPerWeekSummary(weeks),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the language
  }, [weeks, t, language]);

  return (
    <ChartFigure
      title={t('reviewsPerWeek.title')}
      kind="bar"
      labels={labels}
      series={series}
      summary={summary}
      labelHeading={t('reviewsPerWeek.labelHeading')}
    />
  );
}
