import type { MyStatistics } from '../../../../shared/statistics';
import { formatDateWith, formatNumber } from '../../../i18n/format';
import { statisticsText } from '../../../i18n/namespaces/statistics';

function monthDate(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1));
}

// The months are calendar months (YYYY-MM), not instants: formatted in UTC so no time zone shifts them.

/** '2025-03' as 'Mar 2025', in the page's language. */
export const monthLabel = (month: string): string =>
  formatDateWith(monthDate(month), { month: 'short', year: 'numeric', timeZone: 'UTC' });

const longMonthLabel = (month: string): string =>
  formatDateWith(monthDate(month), { month: 'long', year: 'numeric', timeZone: 'UTC' });

export const RATINGS = [1, 2, 3, 4, 5] as const;
export const ratingLabel = (rating: number): string => statisticsText('ratings.stars', { count: rating });

/** How many times each of 1 to 5 stars was given, every rating present even when the server leaves one out. */
export function ratingCounts(ratings: MyStatistics['ratingsGiven']): number[] {
  return RATINGS.map((rating) => ratings.find((entry) => entry.rating === rating)?.count ?? 0);
}

export const submissionStatuses = ['pending', 'approved', 'rejected'] as const;

/** A submission status as the chart names it. */
export const submissionStatusLabel = (status: (typeof submissionStatuses)[number]): string =>
  statisticsText(`submissions.status.${status}`);

/** The reviews chart in one sentence: how many, and the busiest month. */
export function reviewsByMonthSummary(months: MyStatistics['reviewsByMonth']): string {
  const span = statisticsText('reviewsByMonth.span', { count: months.length });
  const total = months.reduce((sum, month) => sum + month.count, 0);
  if (total === 0) return statisticsText('reviewsByMonth.summaryNone', { span });
  const busiest = months.reduce((best, month) => (month.count > best.count ? month : best));
  const busiestMonth = longMonthLabel(busiest.month);
  if (total === 1) return statisticsText('reviewsByMonth.summaryOne', { span, month: busiestMonth });
  return statisticsText('reviewsByMonth.summary', {
    count: total,
    span,
    month: busiestMonth,
    busiest: formatNumber(busiest.count),
  });
}

/** The ratings chart in one sentence: how many, the most frequent rating and the average. */
export function ratingsSummary(counts: readonly number[]): string {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return statisticsText('ratings.summaryNone');
  let mostIndex = 0;
  counts.forEach((count, index) => {
    if (count > (counts[mostIndex] ?? 0)) mostIndex = index;
  });
  const average = counts.reduce((sum, count, index) => sum + count * (index + 1), 0) / total;
  const most = counts[mostIndex] ?? 0;
  return statisticsText('ratings.summary', {
    count: total,
    rating: ratingLabel(mostIndex + 1),
    times: statisticsText('ratings.times', { count: most }),
    average: formatNumber(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  });
}

/** The submissions chart in one sentence: how many of them wait, went public or were turned down. */
export function submissionsSummary(byStatus: MyStatistics['submissionsByStatus']): string {
  const total = byStatus.pending + byStatus.approved + byStatus.rejected;
  if (total === 0) return statisticsText('submissions.summaryNone');
  if (total === 1) {
    if (byStatus.pending === 1) return statisticsText('submissions.summaryOnePending');
    return byStatus.approved === 1
      ? statisticsText('submissions.summaryOneApproved')
      : statisticsText('submissions.summaryOneRejected');
  }
  return statisticsText('submissions.summary', {
    count: total,
    pending: statisticsText('submissions.pending', { count: byStatus.pending }),
    approved: statisticsText('submissions.approved', { count: byStatus.approved }),
    rejected: statisticsText('submissions.rejected', { count: byStatus.rejected }),
  });
}
