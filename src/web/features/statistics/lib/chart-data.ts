import type { MyStatistics } from '../../../../shared/statistics';

// The months are calendar months (YYYY-MM), not instants: formatted in UTC so no time zone shifts them.
const shortMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function monthDate(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1));
}

/** '2025-03' as 'Mar 2025'. */
export const monthLabel = (month: string): string => shortMonthFormat.format(monthDate(month));

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const RATINGS = [1, 2, 3, 4, 5] as const;
export const ratingLabel = (rating: number): string => plural(rating, 'star', 'stars');

/** How many times each of 1 to 5 stars was given, every rating present even when the server leaves one out. */
export function ratingCounts(ratings: MyStatistics['ratingsGiven']): number[] {
  return RATINGS.map((rating) => ratings.find((entry) => entry.rating === rating)?.count ?? 0);
}

export const submissionStatuses = [
  { key: 'pending', label: 'Pending' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
] as const;

/** The reviews chart in one sentence: how many, and the busiest month. */
export function reviewsByMonthSummary(months: MyStatistics['reviewsByMonth']): string {
  const span = `the last ${plural(months.length, 'month', 'months')}`;
  const total = months.reduce((sum, month) => sum + month.count, 0);
  if (total === 0) return `You wrote no reviews in ${span}.`;
  const busiest = months.reduce((best, month) => (month.count > best.count ? month : best));
  const busiestMonth = longMonthFormat.format(monthDate(busiest.month));
  if (total === 1) return `You wrote 1 review in ${span}, in ${busiestMonth}.`;
  return `You wrote ${plural(total, 'review', 'reviews')} in ${span}, the most in ${busiestMonth} (${busiest.count}).`;
}

/** The ratings chart in one sentence: how many, the most frequent rating and the average. */
export function ratingsSummary(counts: readonly number[]): string {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 'You have not rated any tutor yet.';
  let mostIndex = 0;
  counts.forEach((count, index) => {
    if (count > (counts[mostIndex] ?? 0)) mostIndex = index;
  });
  const average = counts.reduce((sum, count, index) => sum + count * (index + 1), 0) / total;
  const most = counts[mostIndex] ?? 0;
  const mostOften = `${ratingLabel(mostIndex + 1)} (${plural(most, 'time', 'times')})`;
  return `You gave ${plural(total, 'rating', 'ratings')}, most often ${mostOften}; on average ${average.toFixed(1)} stars.`;
}

/** The submissions chart in one sentence: how many of them wait, went public or were turned down. */
export function submissionsSummary(byStatus: MyStatistics['submissionsByStatus']): string {
  const total = byStatus.pending + byStatus.approved + byStatus.rejected;
  if (total === 0) return 'You have not suggested any tutors yet.';
  if (total === 1) {
    if (byStatus.pending === 1) return 'Your one submission is waiting for an administrator.';
    return `Your one submission was ${byStatus.approved === 1 ? 'approved' : 'rejected'}.`;
  }
  const pending = `${byStatus.pending} ${byStatus.pending === 1 ? 'is' : 'are'} pending`;
  const approved = `${byStatus.approved} ${byStatus.approved === 1 ? 'was' : 'were'} approved`;
  const rejected = `${byStatus.rejected} ${byStatus.rejected === 1 ? 'was' : 'were'} rejected`;
  return `Of your ${plural(total, 'submission', 'submissions')}, ${pending}, ${approved} and ${rejected}.`;
}
