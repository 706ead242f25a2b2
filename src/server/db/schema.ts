import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const userRole = pgEnum('user_role', ['student', 'admin']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('student'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_role_idx').on(t.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verifications_user_id_idx').on(t.userId), uniqueIndex('email_verifications_secret_hash_key').on(t.secretHash)],
);

/** Admin-editable settings as key → JSON value; defaults live in code, rows only for changed keys. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tutorStatus = pgEnum('tutor_status', ['pending', 'approved', 'rejected']);

export const tutors = pgTable(
  'tutors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    department: text('department').notNull(),
    biography: text('biography').notNull(),
    courses: text('courses').array().notNull().default(sql`'{}'::text[]`),
    /** Key of the stored picture under DATA_DIR/uploads; null shows the placeholder. */
    imageKey: text('image_key'),
    isPublic: boolean('is_public').notNull().default(false),
    status: tutorStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Aggregates over visible reviews, kept in the same transaction as every review change. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('tutors_public_idx').on(t.isPublic),
    index('tutors_status_idx').on(t.status),
    index('tutors_submitted_by_idx').on(t.submittedBy),
    check('tutors_aggregates_nonnegative', sql`${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    rating: smallint('rating').notNull(),
    isHidden: boolean('is_hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    aiAssisted: boolean('ai_assisted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('reviews_one_per_author_per_tutor').on(t.tutorId, t.authorId),
    index('reviews_author_id_idx').on(t.authorId),
    index('reviews_visible_recent_idx').on(t.createdAt).where(sql`${t.isHidden} = false`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type TutorRow = typeof tutors.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
