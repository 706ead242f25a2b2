import { z } from 'zod';
import { emailSchema, nameSchema, roleSchema } from './account';
import { pageOf, pageQuery } from './pagination';

export const ADMIN_USERS_PAGE_SIZE = 20;
export const USER_SEARCH_MAX_LENGTH = 100;

export const LAST_ADMIN_MESSAGE = 'There must always be at least one active administrator.';
export const OWN_ACCOUNT_MESSAGE = 'You cannot disable or delete your own account here.';
export const USER_NOT_FOUND_MESSAGE = 'User not found.';

/** The Users table's sortable columns: when the account was created, when it was last active, how many reviews it wrote. */
export const adminUserSorts = ['created', 'lastActive', 'reviews'] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];
export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

export const adminUserListQuerySchema = z.object({
  /** Part of a name or an email address. */
  q: z.string().trim().max(USER_SEARCH_MAX_LENGTH).optional(),
  role: z.enum(['student', 'admin']).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  /**
   * Without it: newest accounts first, or best match first when searching. Accounts never
   * active come last whichever the direction.
   */
  sort: z.enum(adminUserSorts).optional(),
  /** The direction of `sort`; descending (newest, latest, most) unless asked. */
  dir: z.enum(sortDirections).default('desc'),
  ...pageQuery(ADMIN_USERS_PAGE_SIZE, 100),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
export type AdminUserListQueryInput = z.input<typeof adminUserListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  reviewCount: z.number().int(),
  /** Tutors the account submitted: they stay if it is deleted, with no submitter. */
  submittedTutorCount: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The last sign-in or use of a session, to the minute; null if the account was never used. */
  lastActiveAt: z.iso.datetime().nullable(),
  /** The administrator looking at the list. */
  isSelf: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Newest accounts first, best match first when searching, or in the order asked. */
export const adminUserListSchema = pageOf(adminUserSchema);
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const userPathParamsSchema = z.object({ userId: z.string() });

export const updateUserSchema = z
  .object({ name: nameSchema, role: roleSchema })
  .partial()
  .refine((changes) => changes.name !== undefined || changes.role !== undefined, 'Nothing to change.');
export type UpdateUserRequest = z.infer<typeof updateUserSchema>;

/**
 * 'Add User': a verified account. With `password` delivery the answer carries a one-time
 * password to hand over (the user chooses their own after signing in); with `invitation` the
 * user gets a mail with a link to choose one.
 */
export const createUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  role: roleSchema.default('student'),
  delivery: z.enum(['password', 'invitation']),
});
export type CreateUserRequest = z.infer<typeof createUserSchema>;
export type CreateUserInput = z.input<typeof createUserSchema>;

export const createUserResponseSchema = z.object({
  user: adminUserSchema,
  /** Shown once, never stored in plain form; null when an invitation was mailed. */
  oneTimePassword: z.string().nullable(),
});
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema });
