import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from '../db/schema';

/** The answers kept in memory (read-models/), by what they show. */
export type KeptAnswer =
  | 'sessions'
  | 'tutor profiles'
  | 'tutor review pages'
  | 'tutor list and search pages'
  | 'review feed'
  | 'reported reviews of a reader'
  | 'helpful votes of a reader';

/** Every table of the schema, by its SQL name. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable<infer Config> ? Config['name'] : never;
}[keyof typeof schema];

/**
 * Which kept answers read each table. A write to a table read by any must say what it changed
 * (DataChange, through changeData in db/change-data.ts); a write to a table none reads says
 * NOTHING_KEPT. A new table does not compile until it is listed here, and a test walks the
 * schema's tables against this list: whoever adds one decides what reads it.
 */
export const KEPT_ANSWERS_BY_TABLE = {
  // The account a session carries; the author names on review cards.
  users: ['sessions', 'tutor review pages', 'review feed'],
  sessions: ['sessions'],
  // Name, picture, visibility and the aggregates (count, sum, distribution) kept with the tutor.
  tutors: ['tutor profiles', 'tutor review pages', 'tutor list and search pages', 'review feed'],
  // Kept by a trigger on tutors: written only with a tutor's change, which says what it changed.
  department_tutor_counts: ['tutor list and search pages', 'review feed'],
  // Kept by a trigger on tutors, in the statement that changes a tutor's search columns.
  tutor_search: ['tutor list and search pages'],
  // The prior every tutor's ranking score is weighed with; moving it moves every list by rating.
  ranking_prior: ['tutor list and search pages'],
  reviews: ['tutor review pages', 'review feed'],
  review_reports: ['reported reviews of a reader'],
  // A vote moves its review's helpful count (a trigger), shown and ordered by on the tutor's review pages.
  review_helpful_votes: ['tutor review pages', 'helpful votes of a reader'],
  // "Response from the tutor" under its review, on the tutor's review pages.
  review_responses: ['tutor review pages'],
  // Read afresh whenever needed.
  deleted_reviews: [],
  review_appeals: [],
  tutor_claims: [],
  tutor_review_summaries: [],
  email_verifications: [],
  user_identities: [],
  campus_sign_in_attempts: [],
  campus_pending_links: [],
  settings: [],
  uploads: [],
  notifications: [],
  department_follows: [],
  ai_drafts: [],
  audit_log: [],
  rate_limits: [],
  second_factors: [],
  recovery_codes: [],
  second_factor_challenges: [],
} as const satisfies Record<TableName, readonly KeptAnswer[]>;
