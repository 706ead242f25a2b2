import type { AuditEntry } from '../../../../shared/audit';
import { formatDateTime } from '../../../i18n/format';
import { useAdminText } from '../../../i18n/namespaces/admin';
import { useNow } from '../hooks/use-now';
import { activitySentence, timeAgo } from '../lib/format';

/** The latest admin actions, newest first: "Dana Dean hid a review · 'Awful' · 5 minutes ago". */
export function RecentActivity({ entries }: { entries: AuditEntry[] }) {
  const { t } = useAdminText();
  const now = useNow();
  if (entries.length === 0) return <p className="text-slate-700">{t('dashboard.noActivity')}</p>;
  return (
    <ol className="divide-y divide-slate-100">
      {entries.map((entry) => (
        <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
          <p className="break-words text-slate-900">
            {activitySentence(entry)} ·{' '}
            <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)} className="text-slate-700">
              {timeAgo(entry.createdAt, now)}
            </time>
          </p>
          {entry.reason && (
            <p className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-700">
              {t('dashboard.reason', { reason: entry.reason })}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
