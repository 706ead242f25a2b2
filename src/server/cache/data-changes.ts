import type { TutorSort } from '../../shared/tutors';
import type { TutorRow } from '../db/schema';

/**
 * What a write changed, in the terms of the answers kept in memory (read-models/). Every write
 * says it next to the change (db/change-data.ts), and only the answers that read what it names
 * are dropped: a review of one tutor leaves every other tutor's profile where it is.
 */
export type DataChange =
  /**
   * A tutor's record, its aggregates or its reviews: its profile and review pages, and every
   * list or search page whose filter it matches (before or after the change: a renamed tutor
   * names both). Its search text and department are what a list filter is matched against.
   */
  | {
      kind: 'tutor';
      tutorId: string;
      searchText: string;
      department: string;
      /**
       * Whether the tutor may have entered or left the lists (made public or private, renamed,
       * deleted): only then do the lists' totals change. A review moves its average alone.
       */
      membership: boolean;
      /**
       * Where a review moved the tutor's ranking score (what "Highest rated" orders by; null: no
       * reviews), when the writer knows it: a list page by rating ranked wholly above or below
       * both is left alone. Absent, every page of a matching list is taken to have moved.
       */
      ratingMoved?: RatingMove;
    }
  /** Any visible review may have changed: every page of All Reviews and the dashboard's latest. */
  | { kind: 'review-feed' }
  /**
   * A review was added at this position of the feed (newest first by time, then id): the pages
   * it falls in or before change; pages of older reviews, after a cursor it precedes, do not.
   */
  | { kind: 'review-added'; position: FeedPosition }
  /** A user's sessions and the account fields a session carries (name, role, status). */
  | { kind: 'sessions'; userId: string }
  /** Which reviews a user has reported. */
  | { kind: 'reports'; userId: string }
  /** A tutor's reviews' helpful counts (a vote) or responses, and nothing else of the tutor: its review pages. */
  | { kind: 'tutor-reviews'; tutorId: string }
  /** Which reviews a user has marked helpful. */
  | { kind: 'votes'; userId: string }
  /** Scope unknown (an operator's bare NOTIFY, a restore): every kept answer goes. */
  | { kind: 'everything'; reason: string };

/** A tutor's ranking score before and after a change; null while it has no visible reviews. */
export interface RatingMove {
  from: number | null;
  to: number | null;
}

/** A place in the feed: created_at in UTC to the microsecond, as the feed's cursors write it, and the id. */
export interface FeedPosition {
  createdAt: string;
  id: string;
}

/** The feed position of a review created at `createdAt` (a JS time, to the millisecond). */
export function feedPositionOf(review: { id: string; createdAt: Date }): FeedPosition {
  return { createdAt: review.createdAt.toISOString().replace('Z', '000Z'), id: review.id };
}

/** Whether `a` comes after `b` in the feed, i.e. is older (ids as PostgreSQL orders uuids: their lower-case hex). */
function olderThan(a: FeedPosition, b: FeedPosition): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id.toLowerCase() < b.id.toLowerCase());
}

type TutorMatch = Pick<TutorRow, 'id' | 'searchText' | 'department'>;

/** A tutor's change, from its row as it is (or was) stored; `membership` as in DataChange. */
export function tutorChanged(tutor: TutorMatch, membership = true): DataChange {
  return { kind: 'tutor', tutorId: tutor.id, searchText: tutor.searchText, department: tutor.department, membership };
}

export const reviewFeedChanged: DataChange = { kind: 'review-feed' };

export function sessionsChanged(userId: string): DataChange {
  return { kind: 'sessions', userId };
}

export function reportsChanged(userId: string): DataChange {
  return { kind: 'reports', userId };
}

/** A helpful vote given or taken back: its review's tutor's review pages, and the voter's kept votes. */
export function helpfulVoteChanged(tutorId: string, voterId: string): DataChange[] {
  return [
    { kind: 'tutor-reviews', tutorId },
    { kind: 'votes', userId: voterId },
  ];
}

/** A tutor's response to a review written, edited, hidden, shown or deleted: that tutor's review pages alone. */
export function tutorReviewPagesChanged(tutorId: string): DataChange {
  return { kind: 'tutor-reviews', tutorId };
}

export function everythingChanged(reason: string): DataChange {
  return { kind: 'everything', reason };
}

/**
 * A review's change (written, edited, hidden, shown, deleted): its tutor's pages and aggregates,
 * the lists that tutor appears in (its average and count moved), and the feed.
 */
export function reviewChanged(tutor: TutorMatch): DataChange[] {
  return [tutorChanged(tutor, false), reviewFeedChanged];
}

/**
 * A new review: as reviewChanged, but of the feed only the pages it lands in or before; with
 * `ratingMoved` (known once the review is counted), of the lists by rating only the pages
 * ranked between the tutor's old and new average, and the one it is on.
 */
export function reviewAdded(tutor: TutorMatch, review: FeedPosition, ratingMoved?: RatingMove): DataChange[] {
  const change: DataChange = {
    kind: 'tutor',
    tutorId: tutor.id,
    searchText: tutor.searchText,
    department: tutor.department,
    membership: false,
  };
  return [ratingMoved ? { ...change, ratingMoved } : change, { kind: 'review-added', position: review }];
}

/**
 * A tutor's record changed (created, edited, approved, hidden, deleted): as `tutorChanged`, for
 * each state it had (a renamed tutor leaves the lists its old name matched), and the feed, whose
 * cards show the tutor's name and picture and only public tutors' reviews.
 */
export function tutorRecordChanged(...states: TutorMatch[]): DataChange[] {
  return [...states.map((state) => tutorChanged(state)), reviewFeedChanged];
}

/** What a kept answer was read from; a change drops the answers it affects (see `affects`). */
export type Dependency =
  | { on: 'tutor'; tutorId: string }
  /**
   * A page of the public list: its search words (normalized) and department filter, its order,
   * the tutors on it and, by rating, the highest and lowest ranking score on it (null: unrated;
   * the range is null for a page past the end).
   */
  | {
      on: 'tutor-list';
      words: readonly string[];
      department: string | null;
      sort: TutorSort;
      tutorIds: readonly string[];
      ratings: { highest: number | null; lowest: number | null } | null;
    }
  /** How many public tutors a list filter matches: only tutors entering or leaving it change that. */
  | { on: 'tutor-list-total'; words: readonly string[]; department: string | null }
  /** A page of the feed: the newest reviews (`after` null), or those older than a cursor. */
  | { on: 'review-feed'; after: FeedPosition | null }
  | { on: 'sessions'; userId: string }
  | { on: 'reports'; userId: string }
  /** A tutor's review pages also change with a vote, which leaves the rest of the tutor alone. */
  | { on: 'tutor-reviews'; tutorId: string }
  | { on: 'votes'; userId: string };

/**
 * Stand-ins for a tutor's search text and department in a change announced by the statement
 * that reads them: a new review's statement locks the tutor's row and fills them into the
 * announcement it sends (services/reviews/authoring.ts), which saves reading them first. Where
 * they were not filled in (the change published after a commit whose answer was lost), they
 * match every list filter.
 */
export const FILLED_IN_BY_STATEMENT = {
  searchText: '{{tutor.search_text}}',
  department: '{{tutor.department}}',
} as const;

/**
 * Whether a list filter matches a tutor: every word occurs in its search text (as the SQL LIKE
 * of services/tutors/queries.ts matches it) and the department, if any, is its own.
 */
export function listFilterMatches(
  filter: { words: readonly string[]; department: string | null },
  tutor: { searchText: string; department: string },
): boolean {
  if (tutor.searchText === FILLED_IN_BY_STATEMENT.searchText) return true;
  if (filter.department !== null && filter.department !== tutor.department) return false;
  return filter.words.every((word) => tutor.searchText.includes(word));
}

/** Unrated tutors come after every rated one (`desc nulls last`): below any rating. */
const rank = (rating: number | null) => rating ?? Number.NEGATIVE_INFINITY;

/**
 * A score the writer worked out (the one before a review) may differ from the stored one in its
 * last bits: the range a move covers is widened by this, so a page at its edge is dropped too.
 */
const SCORE_TOLERANCE = 1e-9;

/**
 * Whether a list page may have changed when one of its filter's tutors changed without entering
 * or leaving it (a review moved its average and count). A tutor on the page changed its card.
 * Otherwise, by name nothing moved; by rating, the tutor left one place and took another, and
 * only pages ranked between the two (ties counted in) shifted: a page whose averages all rank
 * above both, or all below, kept its tutors and their places. By number of reviews, or with
 * no exact move, any page may have shifted.
 */
function listPageMoved(
  change: Extract<DataChange, { kind: 'tutor' }>,
  page: Extract<Dependency, { on: 'tutor-list' }>,
) {
  if (page.tutorIds.includes(change.tutorId)) return true;
  if (page.sort === 'name') return false;
  if (page.sort !== 'rating' || !change.ratingMoved) return true;
  if (!page.ratings) return false;
  const { from, to } = change.ratingMoved;
  const low = Math.min(rank(from), rank(to)) - SCORE_TOLERANCE;
  const high = Math.max(rank(from), rank(to)) + SCORE_TOLERANCE;
  return rank(page.ratings.lowest) <= high && rank(page.ratings.highest) >= low;
}

/** Whether an answer read from `dependency` may be out of date after `change`. */
export function affects(change: DataChange, dependency: Dependency): boolean {
  switch (change.kind) {
    case 'everything':
      return true;
    case 'tutor':
      if (dependency.on === 'tutor') return dependency.tutorId === change.tutorId;
      if (dependency.on === 'tutor-list-total' && !change.membership) return false;
      if (dependency.on !== 'tutor-list' && dependency.on !== 'tutor-list-total') return false;
      if (!listFilterMatches(dependency, change)) return false;
      return dependency.on === 'tutor-list-total' || change.membership || listPageMoved(change, dependency);
    case 'review-feed':
      return dependency.on === 'review-feed';
    case 'review-added':
      return (
        dependency.on === 'review-feed' && (dependency.after === null || olderThan(change.position, dependency.after))
      );
    case 'sessions':
    case 'reports':
    case 'votes':
      return dependency.on === change.kind && dependency.userId === change.userId;
    case 'tutor-reviews':
      return dependency.on === 'tutor-reviews' && dependency.tutorId === change.tutorId;
  }
}

/** Dependencies matched by looking at each (list filters, feed pages); the others are found by key. */
export type MatchedDependency = Extract<Dependency, { on: 'tutor-list' | 'tutor-list-total' | 'review-feed' }>;

export function isMatchedDependency(dependency: Dependency): dependency is MatchedDependency {
  return dependency.on === 'tutor-list' || dependency.on === 'tutor-list-total' || dependency.on === 'review-feed';
}

/**
 * The exact-match index key of a dependency, and of a change, so a change finds the answers it
 * drops without looking at every one of them.
 */
export function dependencyKey(dependency: Exclude<Dependency, MatchedDependency>): string {
  switch (dependency.on) {
    case 'tutor':
      return `tutor:${dependency.tutorId}`;
    case 'tutor-reviews':
      return `tutor-reviews:${dependency.tutorId}`;
    case 'sessions':
    case 'reports':
    case 'votes':
      return `${dependency.on}:${dependency.userId}`;
  }
}

/** The index key of the answers a change drops by key; null for changes matched against feed pages alone. */
export function changeKey(change: Exclude<DataChange, { kind: 'everything' }>): string | null {
  switch (change.kind) {
    case 'tutor':
      return `tutor:${change.tutorId}`;
    case 'review-feed':
    case 'review-added':
      return null;
    case 'tutor-reviews':
      return `tutor-reviews:${change.tutorId}`;
    case 'sessions':
    case 'reports':
    case 'votes':
      return `${change.kind}:${change.userId}`;
  }
}
