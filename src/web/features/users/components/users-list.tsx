import { useId } from 'react';
import type { AdminUser } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import type { UserActions } from './user-actions';
import { roleLabels } from './user-labels';

/**
 * The accounts as a table on wide screens and as cards on narrow ones (only one is displayed,
 * so assistive technology meets each account once). The table scrolls inside its own box
 * rather than widening the page.
 */
export function UsersList({ users, actions }: { users: AdminUser[]; actions: UserActions }) {
  return (
    <div>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Users</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Role
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Verified
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  <span className="break-words">{user.name}</span>
                  {user.isSelf && <YouBadge />}
                </th>
                <td className="max-w-64 px-4 py-3 wrap-anywhere text-slate-800">{user.email}</td>
                <td className="px-4 py-3 text-slate-800">{roleLabels[user.role]}</td>
                <td className="px-4 py-3 text-slate-800">{user.emailVerified ? 'Yes' : 'No'}</td>
                <td className="px-4 py-3">
                  <StatusBadge disabled={user.disabled} />
                </td>
                <td className="px-4 py-2">
                  <UserRowActions user={user} actions={actions} className="justify-end" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden">
        {users.map((user) => (
          <li key={user.id}>
            <UserCard user={user} actions={actions} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function UserCard({ user, actions }: { user: AdminUser; actions: UserActions }) {
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={nameId} className="break-words text-base font-semibold text-slate-900">
        {user.name}
        {user.isSelf && <YouBadge />}
      </h2>
      <p className="wrap-anywhere text-sm text-slate-700">{user.email}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-800">Role</dt>
        <dd className="text-slate-800">{roleLabels[user.role]}</dd>
        <dt className="font-medium text-slate-800">Verified</dt>
        <dd className="text-slate-800">{user.emailVerified ? 'Yes' : 'No'}</dd>
        <dt className="font-medium text-slate-800">Status</dt>
        <dd>
          <StatusBadge disabled={user.disabled} />
        </dd>
      </dl>
      <UserRowActions user={user} actions={actions} className="mt-3 border-t border-slate-100 pt-3" />
    </article>
  );
}

/** Edit for every account; Disable or Enable and Delete for everyone but the admin looking. */
function UserRowActions({
  user,
  actions,
  className = '',
}: {
  user: AdminUser;
  actions: UserActions;
  className?: string;
}) {
  const enabling = actions.enablingId === user.id;
  const who = <span className="sr-only"> {user.name}</span>;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Button variant="secondary" className="min-h-10 px-3" onClick={() => actions.requestEdit(user)}>
        Edit{who}
      </Button>
      {!user.isSelf &&
        (user.disabled ? (
          <Button
            variant="secondary"
            className="min-h-10 px-3"
            aria-busy={enabling || undefined}
            onClick={() => actions.requestEnable(user)}
          >
            {enabling ? 'Enabling...' : 'Enable'}
            {who}
          </Button>
        ) : (
          <Button variant="secondary" className="min-h-10 px-3" onClick={() => actions.requestDisable(user)}>
            Disable{who}
          </Button>
        ))}
      {!user.disabled && (
        <Button
          variant="secondary"
          className="min-h-10 px-3"
          aria-busy={actions.resettingId === user.id || undefined}
          onClick={() => actions.requestPasswordReset(user)}
        >
          {actions.resettingId === user.id ? 'Sending...' : 'Send password reset'}
          {who}
        </Button>
      )}
      {!user.isSelf && (
        <Button variant="danger" className="min-h-10 px-3" onClick={() => actions.requestDelete(user)}>
          Delete{who}
        </Button>
      )}
    </div>
  );
}

function YouBadge() {
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 align-middle text-xs font-semibold text-indigo-900"
      >
        You
      </span>
      <span className="sr-only"> (your account)</span>
    </>
  );
}

function StatusBadge({ disabled }: { disabled: boolean }) {
  return disabled ? (
    <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
      Disabled
    </span>
  ) : (
    <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
      Active
    </span>
  );
}
