import { Link } from 'react-router';
import type { AuditEntry } from '../../../../shared/audit';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../i18n/format';
import { useAuditLogText } from '../../../i18n/namespaces/audit-log';

/** Where an entry's record can be opened, while it still exists. */
function targetLink(entry: AuditEntry): string | null {
  const { target } = entry;
  if (!target.exists || !target.id) return null;
  switch (target.type) {
    case 'tutor':
      return paths.admin.teacherFullProfile(target.id);
    case 'review':
    case 'response':
      // Reviews and responses are read on their tutor's profile.
      return entry.tutorId ? paths.admin.teacherFullProfile(entry.tutorId) : null;
    case 'user':
      return target.label ? `${paths.admin.users}?q=${encodeURIComponent(target.label)}` : paths.admin.users;
    case 'settings':
      return null;
  }
}

function TargetCell({ entry }: { entry: AuditEntry }) {
  const { t } = useAuditLogText();
  const type = t(`table.targetTypes.${entry.target.type}`);
  const label = entry.target.label?.trim();
  const link = targetLink(entry);
  return (
    <>
      <span className="text-slate-700">{type}</span>
      {label && (
        <>
          {': '}
          {link ? (
            <Link to={link} className="break-words font-medium text-indigo-800 underline underline-offset-2">
              {label}
            </Link>
          ) : (
            <span className="break-words">{label}</span>
          )}
        </>
      )}
      {!label && link && (
        <>
          {' '}
          <Link to={link} className="font-medium text-indigo-800 underline underline-offset-2">
            {t('table.open')}
          </Link>
        </>
      )}
    </>
  );
}

/** A cell's name, shown in each stacked row on narrow screens where the header row is hidden. */
function NarrowLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-semibold uppercase tracking-wide text-slate-600 md:hidden">
      {children}
    </span>
  );
}

/**
 * The audit log's entries, newest first: when, who, what, which record and why. A table on wide
 * screens; on narrow ones each row stacks its cells, each under its name.
 */
export function AuditLogTable({ entries }: { entries: AuditEntry[] }) {
  const { t } = useAuditLogText();
  const cell = 'block px-3 py-1 align-top md:table-cell md:py-2';
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="block w-full text-start text-sm md:table md:table-fixed">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="sr-only border-b border-slate-200 bg-slate-50 text-slate-800 md:not-sr-only md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[17%]">
              {t('table.when')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[16%]">
              {t('table.who')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[20%]">
              {t('table.what')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[22%]">
              {t('table.record')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('table.why')}
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {entries.map((entry) => (
            <tr key={entry.id} className="block py-2 md:table-row md:py-0">
              <td className={`${cell} whitespace-nowrap text-slate-800`}>
                <NarrowLabel>{t('table.when')}</NarrowLabel>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className={`${cell} break-words`}>
                <NarrowLabel>{t('table.who')}</NarrowLabel>
                {entry.actor ? (
                  entry.actor.name
                ) : (
                  <span className="italic text-slate-700">{t('table.deletedAccount')}</span>
                )}
              </td>
              <td className={`${cell} break-words`}>
                <NarrowLabel>{t('table.what')}</NarrowLabel>
                {t(`actions.${entry.action}`)}
              </td>
              <td className={cell}>
                <NarrowLabel>{t('table.record')}</NarrowLabel>
                <TargetCell entry={entry} />
              </td>
              <td className={`${cell} whitespace-pre-line break-words text-slate-800`}>
                <NarrowLabel>{t('table.why')}</NarrowLabel>
                {entry.reason ?? <span className="text-slate-600">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
