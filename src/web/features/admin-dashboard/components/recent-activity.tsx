import type { AuditEntry } from '../../../../shared/audit';
import { useNow } from '../hooks/use-now';
import { activitySentence, timeAgo } from '../lib/format';

const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The latest admin actions, newest first: "Dana Dean hid a review · 'Awful' · 5 minutes ago". */
export function RecentActivity({ entries }: { entries: AuditEntry[] }) {
  const now = useNow();
  if (entries.length === 0) return <p className="text-slate-700">No admin activity yet.</p>;
  return (
    <ol className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
          <p className="break-words text-slate-900">
            {activitySentence(entry)} ·{' '}
            <time
              dateTime={entry.createdAt}
              title={exactTime.format(new Date(entry.createdAt))}
              className="text-slate-700"
            >
              {timeAgo(entry.createdAt, now)}
            </time>
          </p>
          {entry.reason && (
            <p className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-700">Reason: {entry.reason}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
