import type { AuditEntry } from '../../../../shared/audit';
import { formatDateWith, formatRelativeTime } from '../../../i18n/format';
import { adminText } from '../../../i18n/namespaces/admin';
import { auditLogText } from '../../../i18n/namespaces/audit-log';

// The week starts are UTC dates, so they are formatted in UTC.
const weekLabelFormat: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };

/** '2025-11-16' as 'Nov 16', in the page's language. */
export function weekLabel(weekStart: string): string {
  return formatDateWith(new Date(`${weekStart}T00:00:00Z`), weekLabelFormat);
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
      return formatRelativeTime(-Math.floor(elapsedSeconds / step.seconds), step.unit);
  }
  return adminText('activity.justNow');
}

/** Who did what to which: "Dana Dean hid a review · 'Awful'". */
export function activitySentence(entry: AuditEntry): string {
  const sentence = adminText('activity.sentence', {
    actor: entry.actor?.name ?? adminText('deletedAccount'),
    // The kinds of action read as on the audit log's page, from its catalog.
    action: auditLogText(`actions.${entry.action}`),
  });
  return entry.target.label ? adminText('activity.withTarget', { sentence, target: entry.target.label }) : sentence;
}

/** The chart's text alternative: the total, the busiest week and the current one. */
export function reviewsPerWeekSummary(weeks: readonly { weekStart: string; count: number }[]): string {
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const span = adminText('reviewsPerWeek.span', { count: weeks.length });
  if (total === 0) return adminText('reviewsPerWeek.none', { span });
  const busiest = weeks.reduce((best, week) => (week.count > best.count ? week : best));
  const current = weeks[weeks.length - 1];
  const reviews = (count: number) => adminText('reviewsPerWeek.reviews', { count });
  return adminText('reviewsPerWeek.summary', {
    total: reviews(total),
    span,
    week: weekLabel(busiest.weekStart),
    busiest: reviews(busiest.count),
    // Some review was written, so there is a week: the last one is the current one.
    current: reviews(current?.count ?? 0),
  });
}
