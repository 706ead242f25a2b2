import type { AdminUserListQueryInput } from '../../../../shared/users';
import { staleOn } from '../../../lib/data-changes';

/** Every cached answer about accounts, for the Users page, sits under ['admin-users']. */
export const userKeys = {
  all: ['admin-users'] as const,
  list: (query: AdminUserListQueryInput) => ['admin-users', 'list', query] as const,
};

staleOn(['users'], userKeys.all);
