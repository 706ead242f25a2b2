import type { Role } from '../../../../shared/account';

/** The roles in the order the Role drop-down offers them; each reads as the 'users' catalog's `roles.<role>`. */
export const roleOptions: readonly Role[] = ['student', 'admin'];
