import type { AdminUserListQueryInput } from '../../../../shared/users';

/** Every cached answer about accounts, for the Users page, sits under ['admin-users']. */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (query: AdminUserListQueryInput) => ['admin-users', 'list', query] as const,
};
