import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '../../src/shared/account';
import type { TutorStatus } from '../../src/shared/tutors';
import {
  reviewChanged,
  sessionsChanged,
  tutorChanged,
  tutorRecordChanged,
  tutorReviewPagesChanged,
} from '../../src/server/cache/data-changes';
import { changeData } from '../../src/server/db/change-data';
import type { Database } from '../../src/server/db/client';
import { applyAggregateChange, countedReviewOf, reviewShown } from '../../src/server/services/reviews/aggregates';
import {
  reviewResponses,
  reviews,
  tutors,
  users,
  type ReviewResponseRow,
  type ReviewRow,
  type TutorRow,
  type UserRow,
} from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { insertUser } from '../../src/server/services/accounts/users';
import { tutorFields } from '../../src/server/services/tutors/writes';

// Test data through the same services the app uses, written straight to a database: the
// server tests' own, or the data directory of a server process a test stopped (backup-restore,
// crash-recovery). Each write says what it changed, as the app's do, so answers the app keeps
// in memory stay true. The browser tests make theirs through the HTTP API instead.

export const DEFAULT_TEST_PASSWORD = 'correct horse battery staple';

let sequence = 0;

/** Unique per call, even across test files writing to one database. */
export function uniqueEmail(label = 'student'): string {
  sequence += 1;
  return `${label}-${sequence}-${randomBytes(3).toString('hex')}@uni.example`;
}

export interface UserRecordOverrides {
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
  /** Email already confirmed (default false, as after sign-up). */
  verified?: boolean;
  disabled?: boolean;
  now?: Date;
}

export interface UserRecord {
  user: UserRow;
  /** The plain password, to log in with. */
  password: string;
}

/**
 * A password's hash, computed once per worker process: argon2id is slow on purpose (some 50 ms),
 * and test accounts share a few passwords. Each account still holds a real hash that the login
 * checks as it checks any other.
 */
const passwordHashes = new Map<string, Promise<string>>();

export function testPasswordHash(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

export async function createUserRecord(db: Database, overrides: UserRecordOverrides = {}): Promise<UserRecord> {
  const now = overrides.now ?? new Date();
  const role = overrides.role ?? 'student';
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  let user = await insertUser(
    db,
    {
      name: overrides.name ?? (role === 'admin' ? 'Test Admin' : 'Test Student'),
      email: overrides.email ?? uniqueEmail(role),
      passwordHash: await testPasswordHash(password),
      role,
      emailVerifiedAt: overrides.verified ? now : null,
    },
    now,
  );
  if (overrides.disabled) {
    const disabledId = user.id;
    [user] = (await changeData(db, [sessionsChanged(disabledId)], (tx) =>
      tx.update(users).set({ disabledAt: now }).where(eq(users.id, disabledId)).returning(),
    )) as [UserRow];
  }
  return { user, password };
}

export function createAdminRecord(
  db: Database,
  overrides: Omit<UserRecordOverrides, 'role'> = {},
): Promise<UserRecord> {
  return createUserRecord(db, { verified: true, ...overrides, role: 'admin' });
}

export interface TutorRecordOverrides {
  name?: string;
  department?: string;
  biography?: string;
  courses?: string[];
  imageKey?: string | null;
  /** Default true when approved, false otherwise. */
  isPublic?: boolean;
  status?: TutorStatus;
  rejectionReason?: string | null;
  /** The submitting user's id; default none. */
  submittedBy?: string | null;
  /** The tutor's own account (an approved claim); default none. */
  claimedBy?: string | null;
  createdAt?: Date;
}

/**
 * A tutor row with its search columns derived as the app derives them. Default: a public,
 * approved tutor with a unique name in Computer Science, without reviews.
 */
export async function createTutorRecord(db: Database, overrides: TutorRecordOverrides = {}): Promise<TutorRow> {
  sequence += 1;
  const status = overrides.status ?? 'approved';
  const createdAt = overrides.createdAt ?? new Date();
  const input = {
    name: overrides.name ?? `Test Tutor ${sequence}`,
    department: overrides.department ?? 'Computer Science',
    biography: overrides.biography ?? 'Explains hard things patiently, with many worked examples.',
    courses: overrides.courses ?? ['Introduction to Programming', 'Data Structures'],
    imageKey: overrides.imageKey ?? null,
  };
  return changeData(db, [], async (tx, alsoChanged) => {
    const [tutor] = await tx
      .insert(tutors)
      .values({
        ...tutorFields(input, createdAt),
        status,
        isPublic: overrides.isPublic ?? status === 'approved',
        rejectionReason:
          overrides.rejectionReason ?? (status === 'rejected' ? 'Not a tutor at this university.' : null),
        submittedBy: overrides.submittedBy ?? null,
        claimedBy: overrides.claimedBy ?? null,
        createdAt,
      })
      .returning();
    alsoChanged(...tutorRecordChanged(tutor!));
    return tutor!;
  });
}

export interface ReviewRecordInput {
  tutorId: string;
  authorId: string;
  rating: number;
  title?: string;
  body?: string;
  /** Hidden by a moderator: stored, but left out of the tutor's count and average. */
  hidden?: boolean;
  /** Flagged by the screen for a moderator (with a made-up finding at the start of the text). */
  flagged?: boolean;
  /** Held by the screen: flagged, hidden, waiting for a moderator. */
  held?: boolean;
  /** The author shows their name on it; anonymous by default, as the app writes reviews. */
  showName?: boolean;
  course?: string | null;
  difficulty?: number | null;
  wouldTakeAgain?: boolean | null;
  tags?: string[];
  createdAt?: Date;
}

/** A review and, when visible, the tutor's count and rating sum, in one transaction as the app keeps them. */
export async function createReviewRecord(db: Database, input: ReviewRecordInput): Promise<ReviewRow> {
  const createdAt = input.createdAt ?? new Date();
  return changeData(db, [], async (tx, alsoChanged) => {
    const [tutor] = await tx.select().from(tutors).where(eq(tutors.id, input.tutorId)).for('update');
    alsoChanged(...reviewChanged(tutor!));
    const [review] = await tx
      .insert(reviews)
      .values({
        tutorId: input.tutorId,
        authorId: input.authorId,
        rating: input.rating,
        title: input.title ?? 'Helpful sessions',
        body: input.body ?? 'Clear explanations and quick answers to questions.',
        isHidden: (input.hidden ?? false) || (input.held ?? false),
        ...(input.flagged || input.held
          ? {
              flaggedAt: createdAt,
              heldAt: input.held ? createdAt : null,
              screeningFindings: [
                { category: 'profanity', kind: 'profanity', field: 'body', start: 0, end: 4, source: 'rules' },
              ],
            }
          : {}),
        showName: input.showName ?? false,
        course: input.course ?? null,
        difficulty: input.difficulty ?? null,
        wouldTakeAgain: input.wouldTakeAgain ?? null,
        tags: input.tags ?? [],
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (!input.hidden && !input.held)
      await applyAggregateChange(tx, input.tutorId, reviewShown(countedReviewOf(review!)));
    return review!;
  });
}

/** A tutor's stored review count, rating sum and average, as the API reads them. */
export async function tutorAggregates(db: Database, tutorId: string) {
  const [row] = await db
    .select({ reviewCount: tutors.reviewCount, ratingSum: tutors.ratingSum, averageRating: tutors.averageRating })
    .from(tutors)
    .where(eq(tutors.id, tutorId));
  return row!;
}

/** A tutor's count and rating sum recomputed from its visible reviews, to hold against the stored ones. */
export async function recomputedTutorAggregates(db: Database, tutorId: string) {
  const [row] = await db
    .select({
      reviewCount: sql<number>`count(*)::int`,
      ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.tutorId, tutorId), eq(reviews.isHidden, false)));
  return row!;
}

/** The account becomes the tutor's own, as an approved claim makes it. */
export async function makeTutorAccount(db: Database, tutor: TutorRow, userId: string): Promise<TutorRow> {
  return changeData(db, [tutorChanged(tutor, false)], async (tx) => {
    const [claimed] = await tx.update(tutors).set({ claimedBy: userId }).where(eq(tutors.id, tutor.id)).returning();
    return claimed!;
  });
}

/** The tutor's response to a review, written by its account; `hidden` as a moderator hides one. */
export async function createResponseRecord(
  db: Database,
  input: { review: ReviewRow; authorId: string; body?: string; hidden?: boolean; now?: Date },
): Promise<ReviewResponseRow> {
  const now = input.now ?? new Date();
  return changeData(db, [tutorReviewPagesChanged(input.review.tutorId)], async (tx) => {
    const [response] = await tx
      .insert(reviewResponses)
      .values({
        reviewId: input.review.id,
        tutorId: input.review.tutorId,
        authorId: input.authorId,
        body: input.body ?? 'Thank you for the kind words.',
        isHidden: input.hidden ?? false,
        hiddenReason: input.hidden ? 'Off topic.' : null,
        hiddenAt: input.hidden ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return response!;
  });
}
