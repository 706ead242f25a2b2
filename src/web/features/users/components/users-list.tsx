import { useId } from 'react';
import type { AdminUser, AdminUserSort, SortDirection } from '../../../../shared/users';
import { RowMenu, type RowMenuItem } from '../../../components/tables/row-menu';
import { SortHeader } from '../../../components/tables/sort-header';
import { TruncatedEmail } from '../../../components/tables/truncated-text';
import { formatDate, formatDateTime, formatNumber } from '../../../i18n/format';
import { usersText, useUsersText } from '../../../i18n/namespaces/users';
import type { UserActions } from './user-actions';

export interface UserSortState {
  sort: AdminUserSort | undefined;
  dir: SortDirection;
  onSort: (sort: AdminUserSort, dir: SortDirection) => void;
}

function DateCell({ value, empty }: { value: string | null; empty: string }) {
  if (!value) return <span className="text-slate-600">{empty}</span>;
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatDate(value)}
    </time>
  );
}

/**
 * The accounts as a dense table on wide screens, one line each, sortable by created, last
 * active and reviews (the server sorts, across every page); as cards on narrow ones (only one
 * is displayed, so assistive technology meets each account once). Actions sit in each row's menu.
 */
export function UsersList({
  users,
  actions,
  sorting,
}: {
  users: AdminUser[];
  actions: UserActions;
  sorting: UserSortState;
}) {
  const { t } = useUsersText();
  const header = (sort: AdminUserSort, label: string, className = '') => (
    <SortHeader
      label={label}
      active={sorting.sort === sort}
      direction={sorting.dir}
      onSort={(dir) => sorting.onSort(sort, dir)}
      className={className}
    />
  );
  const createdHeader = header('created', t('list.created'), 'w-[7.5rem] hidden lg:table-cell');
  const lastActiveHeader = header('lastActive', t('list.lastActive'), 'w-[8rem]');
  const reviewsHeader = header('reviews', t('list.reviews'), 'w-[6rem] text-end');
  return (
    <div>
      <div className="hidden rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full table-fixed text-start text-sm">
          <caption className="sr-only">{t('list.caption')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="w-[22%] px-3 py-2 font-semibold">
                {t('list.name')}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('list.email')}
              </th>
              <th scope="col" className="w-[7.5rem] px-3 py-2 font-semibold">
                {t('list.role')}
              </th>
              <th scope="col" className="w-[6.5rem] px-3 py-2 font-semibold">
                {t('list.status')}
              </th>
              {createdHeader}
              {lastActiveHeader}
              {reviewsHeader}
              <th scope="col" className="w-12 px-2 py-2">
                <span className="sr-only">{t('list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((user) => (
              <tr key={user.id} className="hover:bg-slate-50">
                <th scope="row" className="truncate px-3 py-2 font-medium text-slate-900" title={user.name}>
                  {user.name}
                  {user.isSelf && <YouBadge />}
                </th>
                <td className="px-3 py-2">
                  <TruncatedEmail email={user.email} />
                </td>
                <td className="truncate px-3 py-2 text-slate-800">{t(`roles.${user.role}`)}</td>
                <td className="px-3 py-2">
                  <StatusBadge user={user} />
                </td>
                <td className="hidden px-3 py-2 whitespace-nowrap text-slate-800 lg:table-cell">
                  <DateCell value={user.createdAt} empty="" />
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-800">
                  <DateCell value={user.lastActiveAt} empty={t('list.never')} />
                </td>
                <td className="px-3 py-2 text-end text-slate-800 tabular-nums">{formatNumber(user.reviewCount)}</td>
                <td className="px-2 py-1 text-end">
                  <RowMenu label={t('list.actionsFor', { name: user.name })} items={menuItems(user, actions)} />
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
  const { t } = useUsersText();
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={nameId} className="truncate text-base font-semibold text-slate-900" title={user.name}>
            {user.name}
            {user.isSelf && <YouBadge />}
          </h2>
          <TruncatedEmail email={user.email} className="text-sm" />
        </div>
        <RowMenu label={t('list.actionsFor', { name: user.name })} items={menuItems(user, actions)} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-slate-800">{t('list.role')}</dt>
        <dd className="text-slate-800">{t(`roles.${user.role}`)}</dd>
        <dt className="font-medium text-slate-800">{t('list.status')}</dt>
        <dd>
          <StatusBadge user={user} />
        </dd>
        <dt className="font-medium text-slate-800">{t('list.lastActive')}</dt>
        <dd className="text-slate-800">
          <DateCell value={user.lastActiveAt} empty={t('list.never')} />
        </dd>
        <dt className="font-medium text-slate-800">{t('list.reviews')}</dt>
        <dd className="text-slate-800">{formatNumber(user.reviewCount)}</dd>
      </dl>
    </article>
  );
}

/** Edit for every account; Disable or Enable and Delete for everyone but the admin looking; Delete last, apart. */
function menuItems(user: AdminUser, actions: UserActions): RowMenuItem[] {
  const items: RowMenuItem[] = [{ label: usersText('list.edit'), onSelect: () => actions.requestEdit(user) }];
  if (!user.isSelf)
    items.push(
      user.disabled
        ? { label: usersText('list.enable'), onSelect: () => actions.requestEnable(user) }
        : { label: usersText('list.disable'), onSelect: () => actions.requestDisable(user) },
    );
  if (!user.disabled)
    items.push({ label: usersText('list.sendPasswordReset'), onSelect: () => actions.requestPasswordReset(user) });
  items.push({ label: usersText('list.identities'), onSelect: () => actions.requestIdentities(user) });
  if (!user.isSelf)
    items.push({ label: usersText('list.delete'), danger: true, onSelect: () => actions.requestDelete(user) });
  return items;
}

function YouBadge() {
  const { t } = useUsersText();
  return (
    <>
      <span
        aria-hidden="true"
        className="ms-2 rounded-full bg-indigo-100 px-2 py-0.5 align-middle text-xs font-semibold text-indigo-900"
      >
        {t('list.you')}
      </span>
      <span className="sr-only">{t('list.yourAccount')}</span>
    </>
  );
}

function StatusBadge({ user }: { user: AdminUser }) {
  const { t } = useUsersText();
  if (user.disabled)
    return (
      <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
        {t('list.disabled')}
      </span>
    );
  if (!user.emailVerified)
    return (
      <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
        {t('list.unverified')}
      </span>
    );
  return (
    <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
      {t('list.active')}
    </span>
  );
}
