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
  | { kind: 'tutor'; tutorId: string; searchText: string; department: string }
  /** The newest visible reviews: All Reviews and the dashboard's latest. */
  | { kind: 'review-feed' }
  /** A user's sessions and the account fields a session carries (name, role, status). */
  | { kind: 'sessions'; userId: string }
  /** Which reviews a user has reported. */
  | { kind: 'reports'; userId: string }
  /** Scope unknown (an operator's bare NOTIFY, a restore): every kept answer goes. */
  | { kind: 'everything'; reason: string };

/** A tutor's change, from its row as it is (or was) stored. */
export function tutorChanged(tutor: Pick<TutorRow, 'id' | 'searchText' | 'department'>): DataChange {
  return { kind: 'tutor', tutorId: tutor.id, searchText: tutor.searchText, department: tutor.department };
}

export const reviewFeedChanged: DataChange = { kind: 'review-feed' };

export function sessionsChanged(userId: string): DataChange {
  return { kind: 'sessions', userId };
}

export function reportsChanged(userId: string): DataChange {
  return { kind: 'reports', userId };
}

export function everythingChanged(reason: string): DataChange {
  return { kind: 'everything', reason };
}

/**
 * A review's change (written, edited, hidden, shown, deleted): its tutor's pages and aggregates,
 * the lists that tutor appears in (its average and count moved), and the feed.
 */
export function reviewChanged(tutor: Pick<TutorRow, 'id' | 'searchText' | 'department'>): DataChange[] {
  return [tutorChanged(tutor), reviewFeedChanged];
}

/**
 * A tutor's record changed (created, edited, approved, hidden, deleted): as `tutorChanged`, for
 * each state it had (a renamed tutor leaves the lists its old name matched), and the feed, whose
 * cards show the tutor's name and picture and only public tutors' reviews.
 */
export function tutorRecordChanged(...states: Pick<TutorRow, 'id' | 'searchText' | 'department'>[]): DataChange[] {
  return [...states.map(tutorChanged), reviewFeedChanged];
}

/** What a kept answer was read from; a change drops the answers it affects (see `affects`). */
export type Dependency =
  | { on: 'tutor'; tutorId: string }
  /** A page of the public list: its search words (normalized) and department filter. */
  | { on: 'tutor-list'; words: readonly string[]; department: string | null }
  | { on: 'review-feed' }
  | { on: 'sessions'; userId: string }
  | { on: 'reports'; userId: string };

/**
 * Whether a list filter matches a tutor: every word occurs in its search text (as the SQL LIKE
 * of services/tutors/queries.ts matches it) and the department, if any, is its own.
 */
export function listFilterMatches(
  filter: { words: readonly string[]; department: string | null },
  tutor: { searchText: string; department: string },
): boolean {
  if (filter.department !== null && filter.department !== tutor.department) return false;
  return filter.words.every((word) => tutor.searchText.includes(word));
}

/** Whether an answer read from `dependency` may be out of date after `change`. */
export function affects(change: DataChange, dependency: Dependency): boolean {
  switch (change.kind) {
    case 'everything':
      return true;
    case 'tutor':
      if (dependency.on === 'tutor') return dependency.tutorId === change.tutorId;
      return dependency.on === 'tutor-list' && listFilterMatches(dependency, change);
    case 'review-feed':
      return dependency.on === 'review-feed';
    case 'sessions':
    case 'reports':
      return dependency.on === change.kind && dependency.userId === change.userId;
  }
}

/**
 * The exact-match index key of a dependency (all but list filters, which are matched by
 * `listFilterMatches`), and of a change, so a change finds the answers it drops without looking
 * at every one of them.
 */
export function dependencyKey(dependency: Exclude<Dependency, { on: 'tutor-list' }>): string {
  switch (dependency.on) {
    case 'tutor':
      return `tutor:${dependency.tutorId}`;
    case 'review-feed':
      return 'review-feed';
    case 'sessions':
    case 'reports':
      return `${dependency.on}:${dependency.userId}`;
  }
}

export function changeKey(change: Exclude<DataChange, { kind: 'everything' }>): string {
  switch (change.kind) {
    case 'tutor':
      return `tutor:${change.tutorId}`;
    case 'review-feed':
      return 'review-feed';
    case 'sessions':
    case 'reports':
      return `${change.kind}:${change.userId}`;
  }
}
