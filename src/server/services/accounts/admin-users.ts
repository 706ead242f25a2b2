import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../shared/account';
import {
  LAST_ADMIN_MESSAGE,
  OWN_ACCOUNT_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type AdminUser,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserSort,
  type SortDirection,
  type CreateUserRequest,
  type CreateUserResponse,
  type UpdateUserRequest,
} from '../../../shared/users';
import { offsetOf } from '../../../shared/pagination';
import { reportsChanged, sessionsChanged } from '../../cache/data-changes';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { authorNameShownOn } from '../reviews/author-pages';
import { auditLog, reviews, tutors, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { escapeLike } from '../../lib/search-text';
import { generateToken } from '../../lib/tokens';
import { insertUser, lockActiveAdmins } from './users';
import { recordAudit } from '../audit-log';
import { hashPassword } from './passwords';
import { withdrawAllHelpfulVotesOf } from '../reviews/helpful-votes';
import { releaseTutorOf } from '../tutors/claims';
import { deleteAllReviewsOfAuthor } from '../reviews/authoring';
import { moveCredentialEpoch } from './credential-epoch';
import { linkedIdentityNames } from './linked-identities';
import { revokeAllSessions } from './sessions';
import type { Viewer } from '../auth/viewer';
import { issueInvitationSecret } from './invitations';
import { issuePasswordResetToken } from './password-reset';

const INVITATION_NOT_SENT_MESSAGE =
  'We could not send the invitation email right now. Please try again in a few minutes.';
const ALREADY_DISABLED_MESSAGE = 'This account is already disabled.';
const NOT_DISABLED_MESSAGE = 'This account is not disabled.';
const RESET_DISABLED_MESSAGE = 'This account is disabled. Enable it before sending a password reset.';

const userNotFound = () => new AppError('not_found', USER_NOT_FOUND_MESSAGE);
const isUserId = (id: string) => z.uuid().safeParse(id).success;

// Letters and digits that cannot be mistaken for one another when read aloud or copied by hand.
const ONE_TIME_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four, such as `k7dm-q2xa-9fhe-tw3p`: about 79 bits, easy to read out and type. */
function generateOneTimePassword(): string {
  const group = () =>
    Array.from({ length: 4 }, () => ONE_TIME_PASSWORD_ALPHABET[randomInt(ONE_TIME_PASSWORD_ALPHABET.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

// Spelled out with its table: in a single-table select the column would be rendered bare and
// resolve to reviews.id inside the subquery.
const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;

/** Every review the user wrote, hidden ones included: what deleting the account would remove. */
const reviewCountOf = sql<number>`(select count(*) from ${reviews} where ${reviews.authorId} = ${outerUserId})::int`;

/** Every tutor the user submitted, whatever its state: what stays, submitter-less, when the account goes. */
const submittedTutorCountOf = sql<number>`(select count(*) from ${tutors} where ${tutors.submittedBy} = ${outerUserId})::int`;

const userColumns = { user: users, reviewCount: reviewCountOf, submittedTutorCount: submittedTutorCountOf };

function toAdminUser(
  user: UserRow,
  { reviewCount, submittedTutorCount }: { reviewCount: number; submittedTutorCount: number },
  viewer: Viewer,
): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    disabled: user.disabledAt !== null,
    reviewCount,
    submittedTutorCount,
    createdAt: user.createdAt.toISOString(),
    lastActiveAt: user.lastActiveAt?.toISOString() ?? null,
    isSelf: user.id === viewer.id,
  };
}

function searchWordsOf(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** Each word somewhere in the name or the email address, in any case. */
function matchesUserSearch(words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(ilike(users.name, pattern), ilike(users.email, pattern));
    }),
  );
}

/** The exact address first, then an exact name, then names and addresses that start with the query. */
function bestMatchFirst(query: string): SQL {
  const prefix = `${escapeLike(query)}%`;
  return sql`case
    when ${users.email} = ${query} then 0
    when lower(${users.name}) = ${query} then 1
    when ${users.email} like ${prefix} or lower(${users.name}) like ${prefix} then 2
    else 3 end`;
}

/** A column's order, ties broken by id so pages never overlap; never-active accounts last either way. */
function orderOf(sort: AdminUserSort, dir: SortDirection): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  switch (sort) {
    case 'created':
      return [by(users.createdAt), by(users.id)];
    case 'lastActive':
      return [sql`${users.lastActiveAt} ${sql.raw(dir)} nulls last`, by(users.id)];
    case 'reviews':
      return [by(reviewCountOf), by(users.createdAt), by(users.id)];
  }
}

/** The Users page: search by name or email, filter by role and status, newest accounts first or sorted by a column. */
export async function listAdminUsers(db: Database, viewer: Viewer, query: AdminUserListQuery): Promise<AdminUserList> {
  const words = searchWordsOf(query.q);
  const where = and(
    matchesUserSearch(words),
    query.role ? eq(users.role, query.role) : undefined,
    query.status === 'active'
      ? isNull(users.disabledAt)
      : query.status === 'disabled'
        ? isNotNull(users.disabledAt)
        : undefined,
  );
  const newestFirst = [desc(users.createdAt), desc(users.id)];
  const order = query.sort
    ? orderOf(query.sort, query.dir)
    : words.length > 0
      ? [asc(bestMatchFirst(words.join(' '))), ...newestFirst]
      : newestFirst;
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  return {
    items: rows.map((row) => toAdminUser(row.user, row, viewer)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function getAdminUser(db: Database, viewer: Viewer, userId: string): Promise<AdminUser> {
  if (!isUserId(userId)) throw userNotFound();
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw userNotFound();
  return toAdminUser(row.user, row, viewer);
}

/** The user's row, locked until the transaction ends, so checks and the change see the same state. */
async function lockUser(tx: WritableDatabase, userId: string): Promise<UserRow> {
  if (!isUserId(userId)) throw userNotFound();
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!user) throw userNotFound();
  return user;
}

/** Refuses a change that takes the target's admin rights away when nobody else has them. */
function assertAnotherAdminRemains(activeAdminIds: readonly string[], target: UserRow): void {
  if (activeAdminIds.includes(target.id) && activeAdminIds.length <= 1)
    throw new AppError('conflict', LAST_ADMIN_MESSAGE);
}

function assertNotSelf(actor: Viewer, userId: string): void {
  if (actor.id === userId) throw new AppError('forbidden', OWN_ACCOUNT_MESSAGE);
}

const userData = (user: Pick<UserRow, 'name' | 'email'>) => ({ userName: user.name, userEmail: user.email });

/** Mails the invitation link; throws when the mail could not be handed over. */
export type InvitationSender = (user: UserRow, secret: string) => Promise<void>;

/**
 * 'Add User': a verified account, sign-up's domain restriction aside. With password delivery
 * the answer carries a readable one-time password, stored only hashed; with an invitation
 * nobody knows the password until the user chooses one through the mailed link.
 */
export async function addUser(
  db: Database,
  actor: Viewer,
  input: CreateUserRequest,
  now: Date,
  sendInvitation: InvitationSender,
): Promise<CreateUserResponse> {
  const oneTimePassword = input.delivery === 'password' ? generateOneTimePassword() : null;
  const passwordHash = await hashPassword(oneTimePassword ?? generateToken());
  const { user, secret } = await changeData(db, [], async (tx) => {
    const created = await insertUser(
      tx,
      {
        name: input.name,
        email: input.email,
        role: input.role,
        emailVerifiedAt: now,
        passwordHash,
        // The administrator has seen the one-time password; the user replaces it at first login.
        passwordChangeRequired: oneTimePassword !== null,
      },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user_created',
        target: { type: 'user', id: created.id },
        subjectUserId: created.id,
        data: { ...userData(created), changes: { role: created.role } },
      },
      now,
    );
    const invitationSecret = input.delivery === 'invitation' ? await issueInvitationSecret(tx, created.id, now) : null;
    return { user: created, secret: invitationSecret };
  });
  if (secret) {
    try {
      await sendInvitation(user, secret);
    } catch {
      // Nobody could ever sign in to an account whose invitation never left, so it is taken
      // back with its log entry, and the administrator can simply try again.
      await changeData(db, [sessionsChanged(user.id)], async (tx) => {
        await tx.delete(auditLog).where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, user.id)));
        await tx.delete(users).where(eq(users.id, user.id));
      });
      throw new AppError('service_unavailable', INVITATION_NOT_SENT_MESSAGE);
    }
  }
  return { user: toAdminUser(user, { reviewCount: 0, submittedTutorCount: 0 }, actor), oneTimePassword };
}

/**
 * Renames the user or changes their role; the last active administrator keeps theirs. A role
 * change moves the credential epoch: the account's sessions end and its mailed links stop working.
 */
export async function updateUser(
  db: Database,
  actor: Viewer,
  userId: string,
  input: UpdateUserRequest,
  now: Date,
): Promise<AdminUser> {
  await changeData(db, [sessionsChanged(userId)], async (tx, alsoChanged) => {
    const activeAdminIds = await lockActiveAdmins(tx);
    const user = await lockUser(tx, userId);
    const changes: { name?: string; role?: Role } = {};
    if (input.name !== undefined && input.name !== user.name) changes.name = input.name;
    if (input.role !== undefined && input.role !== user.role) changes.role = input.role;
    if (changes.name === undefined && changes.role === undefined) return;
    if (changes.role === 'student') assertAnotherAdminRemains(activeAdminIds, user);
    if (changes.name !== undefined) alsoChanged(...(await authorNameShownOn(tx, user.id)));
    await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, user.id));
    // A new role is a new way into the site: the account signs in again under it, with nothing issued before.
    if (changes.role !== undefined) await moveCredentialEpoch(tx, user.id);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user_updated',
        target: { type: 'user', id: user.id },
        subjectUserId: user.id,
        data: { ...userData(user), changes },
      },
      now,
    );
  });
  return getAdminUser(db, actor, userId);
}

/** Locks the user out: their sessions and mailed links end now (the credential epoch moves), and login is refused until they are enabled. */
export async function disableUser(db: Database, actor: Viewer, userId: string, now: Date): Promise<AdminUser> {
  assertNotSelf(actor, userId);
  await changeData(db, [sessionsChanged(userId)], async (tx) => {
    const activeAdminIds = await lockActiveAdmins(tx);
    const user = await lockUser(tx, userId);
    if (user.disabledAt) throw new AppError('conflict', ALREADY_DISABLED_MESSAGE);
    assertAnotherAdminRemains(activeAdminIds, user);
    await tx.update(users).set({ disabledAt: now, updatedAt: now }).where(eq(users.id, user.id));
    // Every session ends and every link mailed before stops working, for good: enabling moves the epoch again.
    await moveCredentialEpoch(tx, user.id);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user_disabled',
        target: { type: 'user', id: user.id },
        subjectUserId: user.id,
        data: userData(user),
      },
      now,
    );
  });
  return getAdminUser(db, actor, userId);
}

export async function enableUser(db: Database, actor: Viewer, userId: string, now: Date): Promise<AdminUser> {
  await changeData(db, [sessionsChanged(userId)], async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user.disabledAt) throw new AppError('conflict', NOT_DISABLED_MESSAGE);
    await tx.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, user.id));
    await moveCredentialEpoch(tx, user.id);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user_enabled',
        target: { type: 'user', id: user.id },
        subjectUserId: user.id,
        data: userData(user),
      },
      now,
    );
  });
  return getAdminUser(db, actor, userId);
}

/**
 * Removes the account with its sessions and its reviews. The reviews go through the review
 * service so every tutor's count and rating sum stay exact; reports, notifications and the
 * rest cascade, and the tutors the user submitted stay without a submitter.
 */
export async function deleteUser(db: Database, actor: Viewer, userId: string, now: Date): Promise<void> {
  assertNotSelf(actor, userId);
  // Its reviews' tutors are said by deleteAllReviewsOfAuthor; the tutors it submitted keep a
  // submitter id nobody signs in as any more, which shows nothing different to anyone.
  await changeData(db, [sessionsChanged(userId), reportsChanged(userId)], async (tx, alsoChanged) => {
    const activeAdminIds = await lockActiveAdmins(tx);
    const user = await lockUser(tx, userId);
    assertAnotherAdminRemains(activeAdminIds, user);
    await revokeAllSessions(tx, user.id);
    await deleteAllReviewsOfAuthor(tx, user.id);
    // The stronger lock waits for a review this user was writing in a request already under
    // way (its insert holds a key-share lock on this row) and keeps further ones out; anything
    // committed meanwhile is removed the same way, so no review leaves by cascade uncounted.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    await deleteAllReviewsOfAuthor(tx, user.id);
    await withdrawAllHelpfulVotesOf(tx, user.id);
    await releaseTutorOf(tx, user.id, alsoChanged);
    await tx.delete(users).where(eq(users.id, user.id));
    // No subject: the account is gone, its name and address stay in the entry's data.
    await recordAudit(
      tx,
      { actorId: actor.id, action: 'user_deleted', target: { type: 'user', id: user.id }, data: userData(user) },
      now,
    );
  });
}

/**
 * Mails a password reset link, naming the university sign-ins linked to the account; throws
 * when the mail could not be handed over.
 */
export type PasswordResetSender = (user: UserRow, token: string, linkedIdentities: string[]) => Promise<void>;

/**
 * 'Send password reset': the user gets a link to choose a new password (valid 1 hour); the
 * administrator never sees or sets it. The token, the mail and the audit entry succeed or fail
 * together. Writes email_verifications and audit_log.
 */
export async function sendPasswordResetToUser(
  db: Database,
  actor: Viewer,
  userId: string,
  now: Date,
  send: PasswordResetSender,
): Promise<void> {
  // A reset link and an audit entry: nothing kept reads them.
  await changeData(db, NOTHING_KEPT, async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.disabledAt) throw new AppError('conflict', RESET_DISABLED_MESSAGE);
    const token = await issuePasswordResetToken(tx, user, now);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user_password_reset_sent',
        target: { type: 'user', id: user.id },
        subjectUserId: user.id,
        data: userData(user),
      },
      now,
    );
    await send(user, token, await linkedIdentityNames(tx, user.id));
  });
}
