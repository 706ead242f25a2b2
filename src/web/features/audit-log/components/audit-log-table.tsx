import { Link } from 'react-router';
import { auditActionLabels, DELETED_ACCOUNT_NAME, type AuditEntry } from '../../../../shared/audit';
import { paths } from '../../../config/paths';

const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const targetTypeLabels: Record<AuditEntry['target']['type'], string> = {
  review: 'Review',
  response: "Tutor's response",
  tutor: 'Tutor',
  user: 'User',
  settings: 'Settings',
};

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
  const type = targetTypeLabels[entry.target.type];
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
            (open)
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
  const cell = 'block px-3 py-1 align-top md:table-cell md:py-2';
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="block w-full text-left text-sm md:table md:table-fixed">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="sr-only border-b border-slate-200 bg-slate-50 text-slate-800 md:not-sr-only md:table-header-group">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[17%]">
              When
            </th>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[16%]">
              Who
            </th>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[20%]">
              What
            </th>
            <th scope="col" className="px-3 py-2 font-semibold md:w-[22%]">
              Record
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Why
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 md:table-row-group">
          {entries.map((entry) => (
            <tr key={entry.id} className="block py-2 md:table-row md:py-0">
              <td className={`${cell} whitespace-nowrap text-slate-800`}>
                <NarrowLabel>When</NarrowLabel>
                <time dateTime={entry.createdAt}>{exactTime.format(new Date(entry.createdAt))}</time>
              </td>
              <td className={`${cell} break-words`}>
                <NarrowLabel>Who</NarrowLabel>
                {entry.actor ? entry.actor.name : <span className="italic text-slate-700">{DELETED_ACCOUNT_NAME}</span>}
              </td>
              <td className={`${cell} break-words`}>
                <NarrowLabel>What</NarrowLabel>
                {auditActionLabels[entry.action]}
              </td>
              <td className={cell}>
                <NarrowLabel>Record</NarrowLabel>
                <TargetCell entry={entry} />
              </td>
              <td className={`${cell} whitespace-pre-line break-words text-slate-800`}>
                <NarrowLabel>Why</NarrowLabel>
                {entry.reason ?? <span className="text-slate-600">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
