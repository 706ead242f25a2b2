import { auditActionLabels, type AuditEntry } from '../../../../shared/audit';

// en-US for the chart's "Nov 16"; the week starts are UTC dates, so they are formatted in UTC.
const weekLabelFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** '2025-11-16' as 'Nov 16'. */
export function weekLabel(weekStart: string): string {
  return weekLabelFormat.format(new Date(`${weekStart}T00:00:00Z`));
}

const relativeSteps: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/** '5 minutes ago', 'just now' under a minute (and for a clock slightly behind the server's). */
export function timeAgo(isoDate: string, now: number): string {
  const elapsedSeconds = Math.floor((now - new Date(isoDate).getTime()) / 1000);
  for (const step of relativeSteps) {
    if (elapsedSeconds >= step.seconds)
      return relativeFormat.format(-Math.floor(elapsedSeconds / step.seconds), step.unit);
  }
  return 'just now';
}

/** Who did what to which: "Dana Dean hid a review · 'Awful'". */
export function activitySentence(entry: AuditEntry): string {
  const actor = entry.actor?.name ?? 'A deleted account';
  const target = entry.target.label ? ` · '${entry.target.label}'` : '';
  return `${actor} ${auditActionLabels[entry.action]}${target}`;
}

/** The chart's text alternative: the total, the busiest week and the current one. */
export function reviewsPerWeekSummary(weeks: readonly { weekStart: string; count: number }[]): string {
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const span = weeks.length === 1 ? 'this week' : `in the last ${weeks.length} weeks`;
  if (total === 0) return `No reviews were written ${span}.`;
  const busiest = weeks.reduce((best, week) => (week.count > best.count ? week : best));
  const current = weeks[weeks.length - 1];
  const reviews = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    `${reviews(total)} ${span}. The busiest was the week of ${weekLabel(busiest.weekStart)} with ${reviews(busiest.count)}` +
    (current ? `; this week so far: ${reviews(current.count)}.` : '.')
  );
}
