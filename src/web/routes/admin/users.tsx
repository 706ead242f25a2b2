import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type AdminUser,
  adminUserSorts,
  type CreateUserRequest,
  type SortDirection,
  USER_SEARCH_MAX_LENGTH,
} from '../../../shared/users';
import { ListFilterSelect } from '../../components/lists/list-filter-select';
import { ListSearchBox } from '../../components/lists/list-search-box';
import { PagedList } from '../../components/lists/paged-list';
import { Button, LinkButton } from '../../components/ui/button';
import { UserPlusIcon } from '../../components/ui/icons/user-plus-icon';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { useCreateUser } from '../../features/users/api/create-user';
import { useAdminUsers } from '../../features/users/api/get-admin-users';
import { AddUserDialog } from '../../features/users/components/add-user-dialog';
import { type IssuedPassword, OneTimePasswordDialog } from '../../features/users/components/one-time-password-dialog';
import { useUserActions } from '../../features/users/components/user-actions';
import { UsersList } from '../../features/users/components/users-list';
import { optionFromParam, useListParams } from '../../hooks/use-list-params';
import { useUsersText } from '../../i18n/namespaces/users';
import { errorMessage } from '../../lib/api-client';
import { pageFromParam } from '../../../shared/query-string';

const roleFilterOptions = [
  { value: '', label: 'page.allRoles' },
  { value: 'student', label: 'page.students' },
  { value: 'admin', label: 'page.administrators' },
] as const;

const statusFilterOptions = [
  { value: '', label: 'page.allStatuses' },
  { value: 'active', label: 'page.active' },
  { value: 'disabled', label: 'page.disabled' },
] as const;

/** /admin/users: every account, searchable by name or email, with role and status to change. */
export function UsersRoute() {
  const { t } = useUsersText();
  useDocumentTitle(t('page.title'));
  const { searchParams, update } = useListParams();
  const q = searchParams.get('q')?.trim() ?? '';
  const role = optionFromParam(roleFilterOptions, searchParams.get('role'));
  const status = optionFromParam(statusFilterOptions, searchParams.get('status'));
  const page = pageFromParam(searchParams.get('page'));
  const sort = adminUserSorts.find((value) => value === searchParams.get('sort'));
  const dir: SortDirection = searchParams.get('dir') === 'asc' ? 'asc' : 'desc';

  const users = useAdminUsers({ q: q || undefined, role, status, page, sort, dir: sort ? dir : undefined });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusTop = useCallback(() => headingRef.current?.focus(), []);
  const search = useCallback((query: string) => update({ q: query }), [update]);

  // A changed account stays on screen only if it still matches the filters (a search may match
  // by the old name: the refetch decides, and the page is left as it is meanwhile).
  const stillListed = (user: AdminUser) =>
    (!role || user.role === role) && (!status || (status === 'disabled') === user.disabled);
  const actions = useUserActions({ stillListed, focusTop });

  const create = useCreateUser();
  const [adding, setAdding] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  function handleCreate(request: CreateUserRequest) {
    create.mutate(request, {
      onSuccess: ({ user, oneTimePassword }) => {
        setAdding(false);
        if (oneTimePassword) {
          toast.success(t('page.added', { name: user.name }));
          setIssued({ user, password: oneTimePassword });
        } else {
          toast.success(t('page.addedAndInvited', { name: user.name, email: user.email }));
        }
      },
      // The dialog stays open with what was typed, to correct and send again.
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  const filtered = Boolean(q || role || status);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900">
            {t('page.title')}
          </h1>
          <p className="mt-1 text-slate-700">{t('page.intro')}</p>
        </div>
        <Button onClick={() => setAdding(true)} className="self-start sm:self-auto">
          <UserPlusIcon className="h-5 w-5" />
          {t('page.addUser')}
        </Button>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:flex-row md:items-end">
        <ListSearchBox
          label={t('page.searchLabel')}
          value={q}
          onSearch={search}
          placeholder={t('page.searchPlaceholder')}
          maxLength={USER_SEARCH_MAX_LENGTH}
        />
        <div className="grid gap-4 min-[400px]:grid-cols-2 md:flex">
          <ListFilterSelect
            label={t('page.role')}
            value={role ?? ''}
            options={roleFilterOptions.map((option) => ({ value: option.value, label: t(option.label) }))}
            onChange={(value) => update({ role: value })}
            className="md:w-44"
          />
          <ListFilterSelect
            label={t('page.status')}
            value={status ?? ''}
            options={statusFilterOptions.map((option) => ({ value: option.value, label: t(option.label) }))}
            onChange={(value) => update({ status: value })}
            className="md:w-44"
          />
        </div>
      </div>

      <PagedList
        query={users}
        page={page}
        label={t('page.listLabel')}
        errorMessage={t('page.loadError')}
        emptyMessage={t('page.empty')}
        emptyActions={
          filtered && (
            <LinkButton to={paths.admin.users} variant="secondary">
              {t('page.showAll')}
            </LinkButton>
          )
        }
        noun={(count) => t('page.noun', { count })}
        pagesLabel={t('page.pages')}
        onNavigate={focusTop}
      >
        {(items) => (
          <UsersList
            users={items}
            actions={actions}
            sorting={{ sort, dir, onSort: (column, direction) => update({ sort: column, dir: direction }) }}
          />
        )}
      </PagedList>

      {actions.dialogs}
      <AddUserDialog open={adding} busy={create.isPending} onCreate={handleCreate} onCancel={() => setAdding(false)} />
      <OneTimePasswordDialog issued={issued} onDone={() => setIssued(null)} />
    </div>
  );
}

export { UsersRoute as Component };
