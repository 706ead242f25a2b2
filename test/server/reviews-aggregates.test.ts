import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { reviewHelpfulVotes, reviews, tutors, type TutorRow, type UserRow } from '../../src/server/db/schema';
import { AppError } from '../../src/server/lib/errors';
import { createRandom, type Random } from '../../src/server/services/demo/random';
import { createReview, deleteOwnReview, updateOwnReview } from '../../src/server/services/reviews/authoring';
import { markHelpful, unmarkHelpful } from '../../src/server/services/reviews/helpful-votes';
import { deleteReviewAsModerator, hideReview, unhideReview } from '../../src/server/services/reviews/moderation';
import { refreshRecentWindow } from '../../src/server/services/reviews/recent-window';
import { COURSE_NOT_LISTED, DEFAULT_REVIEW_TAGS, termSeasons, type ReviewContent } from '../../src/shared/reviews';
import { createTestApp, type TestApp } from '../helpers/app';
import { createAdminRecord, createTutorRecord, createUserRecord } from '../helpers/factories';

// Property: whatever sequence of creates, edits, deletes, hides, unhides, helpful votes and
// moves of the "last 12 months" window runs, one after another or many at once, every stored
// aggregate equals a fresh recomputation from the visible reviews: each tutor's count, rating
// sum, difficulty, "would take again" answers, tag and course counts and recent count and sum,
// and each review's helpful count; the stored average is the true mean.

let t: TestApp;
let students: UserRow[];
let moderator: UserRow;
let tutorRows: TutorRow[];
/** The operations' clock: starts 13 months back and moves forward, so reviews age out of the window. */
let clock: Date;
beforeEach(async () => {
  t = await createTestApp();
  students = [];
  for (let i = 0; i < 6; i++)
    students.push((await createUserRecord(t.db, { name: `Student ${i}`, verified: true })).user);
  moderator = (await createAdminRecord(t.db)).user;
  tutorRows = [];
  for (let i = 0; i < 3; i++) tutorRows.push(await createTutorRecord(t.db, { name: `Tutor ${i}` }));
  clock = new Date(Date.now() - 13 * 30 * 24 * 60 * 60 * 1000);
});
afterEach(() => t.close());

type Details = Pick<ReviewContent, 'rating' | 'course' | 'term' | 'difficulty' | 'wouldTakeAgain' | 'tags'>;

type Operation =
  | { kind: 'create'; author: UserRow; tutor: TutorRow; details: Details }
  | { kind: 'edit'; reviewId: string; author: UserRow; details: Details }
  | { kind: 'delete'; reviewId: string; author: UserRow }
  | { kind: 'hide'; reviewId: string }
  | { kind: 'unhide'; reviewId: string }
  | { kind: 'moderatorDelete'; reviewId: string }
  | { kind: 'vote'; reviewId: string; voter: UserRow }
  | { kind: 'unvote'; reviewId: string; voter: UserRow }
  | { kind: 'ageWindow' };

interface KnownReview {
  id: string;
  authorId: string;
  tutorId: string;
}

async function knownReviews(db: Database): Promise<KnownReview[]> {
  return (
    db
      .select({ id: reviews.id, authorId: reviews.authorId, tutorId: reviews.tutorId })
      .from(reviews)
      // Each review is created at its own step's time; ids are random, so ordering by them would
      // make a seed's sequence differ from run to run.
      .orderBy(reviews.createdAt)
  );
}

function randomDetails(random: Random, tutor: TutorRow | undefined): Details {
  const maybe = <T>(value: () => T): T | null => (random.int(0, 2) === 0 ? null : value());
  const tags = random.shuffle([...DEFAULT_REVIEW_TAGS]).slice(0, random.int(0, 3));
  return {
    rating: random.int(1, 5),
    course: maybe(() => random.pick([...(tutor?.courses ?? []), COURSE_NOT_LISTED])),
    term: maybe(() => ({ season: random.pick(termSeasons), year: random.int(2015, 2020) })),
    difficulty: maybe(() => random.int(1, 5)),
    wouldTakeAgain: maybe(() => random.int(0, 1) === 1),
    tags,
  };
}

function randomOperation(random: Random, existing: KnownReview[]): Operation {
  const target = existing.length > 0 ? random.pick(existing) : undefined;
  const kinds = target
    ? ([
        'create',
        'create',
        'create',
        'create',
        'edit',
        'delete',
        'hide',
        'unhide',
        'moderatorDelete',
        'vote',
        'vote',
        'unvote',
        'ageWindow',
      ] as const)
    : (['create'] as const);
  const kind = random.pick(kinds);
  if (kind === 'create' || !target) {
    const tutor = random.pick(tutorRows);
    return { kind: 'create', author: random.pick(students), tutor, details: randomDetails(random, tutor) };
  }
  const author = students.find((student) => student.id === target.authorId)!;
  switch (kind) {
    case 'edit':
      return {
        kind,
        reviewId: target.id,
        author,
        details: randomDetails(
          random,
          tutorRows.find((tutor) => tutor.id === target.tutorId),
        ),
      };
    case 'delete':
      return { kind, reviewId: target.id, author };
    case 'vote':
    case 'unvote':
      return { kind, reviewId: target.id, voter: random.pick(students) };
    case 'ageWindow':
      return { kind };
    default:
      return { kind, reviewId: target.id };
  }
}

/** Each operation happens a few weeks after the one before. */
function tick(): Date {
  clock = new Date(clock.getTime() + 20 * 24 * 60 * 60 * 1000);
  return clock;
}

/** Runs one operation through the services the routes call. Refusals (409, 404, 403) are expected outcomes. */
async function run(operation: Operation): Promise<'done' | 'refused'> {
  const now = tick();
  try {
    switch (operation.kind) {
      case 'create':
        await createReview(
          t.db,
          operation.author,
          {
            tutorId: operation.tutor.id,
            title: 'T',
            body: 'B',
            aiAssisted: false,
            showName: false,
            ...operation.details,
          },
          now,
        );
        break;
      case 'edit':
        await updateOwnReview(
          t.db,
          operation.author,
          operation.reviewId,
          { title: 'T2', body: 'B2', aiAssisted: false, showName: false, ...operation.details },
          now,
        );
        break;
      case 'delete':
        await deleteOwnReview(t.db, operation.author, operation.reviewId);
        break;
      case 'hide':
        await hideReview(t.db, moderator, operation.reviewId, 'Property test.', now);
        break;
      case 'unhide':
        await unhideReview(t.db, moderator, operation.reviewId, now);
        break;
      case 'moderatorDelete':
        await deleteReviewAsModerator(t.db, moderator, operation.reviewId, 'Property test.', now);
        break;
      case 'vote':
        await markHelpful(t.db, operation.voter, operation.reviewId, now);
        break;
      case 'unvote':
        await unmarkHelpful(t.db, operation.voter, operation.reviewId);
        break;
      case 'ageWindow':
        await refreshRecentWindow(t.db, now);
        break;
    }
    return 'done';
  } catch (err) {
    if (err instanceof AppError && ['review_exists', 'conflict', 'not_found', 'forbidden'].includes(err.code))
      return 'refused';
    throw err;
  }
}

/** Counts by name, as the tutor stores them, from rows of names. */
function countsOf(names: (string | null)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) if (name !== null) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}

async function expectAggregatesMatchReviews(): Promise<void> {
  const stored = await t.db.select().from(tutors).orderBy(tutors.id);
  const visible = await t.db.select().from(reviews).where(eq(reviews.isHidden, false));
  for (const tutor of stored) {
    const own = visible.filter((review) => review.tutorId === tutor.id);
    const recent = own.filter((review) => review.createdAt >= tutor.recentSince);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const difficulties = own.flatMap((review) => (review.difficulty === null ? [] : [review.difficulty]));
    const answers = own.flatMap((review) => (review.wouldTakeAgain === null ? [] : [review.wouldTakeAgain]));
    expect({
      reviewCount: tutor.reviewCount,
      ratingSum: tutor.ratingSum,
      difficultySum: tutor.difficultySum,
      difficultyCount: tutor.difficultyCount,
      wouldTakeAgainYesCount: tutor.wouldTakeAgainYesCount,
      wouldTakeAgainCount: tutor.wouldTakeAgainCount,
      reviewTagCounts: tutor.reviewTagCounts,
      reviewCourseCounts: tutor.reviewCourseCounts,
      recentReviewCount: tutor.recentReviewCount,
      recentRatingSum: tutor.recentRatingSum,
    }).toEqual({
      reviewCount: own.length,
      ratingSum: sum(own.map((review) => review.rating)),
      difficultySum: sum(difficulties),
      difficultyCount: difficulties.length,
      wouldTakeAgainYesCount: answers.filter(Boolean).length,
      wouldTakeAgainCount: answers.length,
      reviewTagCounts: countsOf(own.flatMap((review) => review.tags)),
      reviewCourseCounts: countsOf(own.map((review) => review.course)),
      recentReviewCount: recent.length,
      recentRatingSum: sum(recent.map((review) => review.rating)),
    });
    if (tutor.reviewCount === 0) expect(tutor.averageRating).toBeNull();
    else expect(tutor.averageRating).toBeCloseTo(tutor.ratingSum / tutor.reviewCount, 12);
  }
  const helpful = await t.db
    .select({
      id: reviews.id,
      stored: reviews.helpfulCount,
      recomputed: sql<number>`(select count(*)::int from ${reviewHelpfulVotes} where ${reviewHelpfulVotes.reviewId} = ${reviews.id})`,
    })
    .from(reviews);
  for (const row of helpful) expect(row.stored, `helpful count of ${row.id}`).toBe(row.recomputed);
}

describe('stored aggregates always equal a recomputation', () => {
  test.each([2, 3, 5])('a random sequence, one operation at a time (seed %i)', async (seed) => {
    const random = createRandom(seed);
    const outcomes = { done: 0, refused: 0 };
    for (let step = 0; step < 60; step++) {
      outcomes[await run(randomOperation(random, await knownReviews(t.db)))] += 1;
      if (step % 10 === 9) await expectAggregatesMatchReviews();
    }
    await expectAggregatesMatchReviews();
    // The sequence exercised the changes, not only refusals.
    expect(outcomes.done).toBeGreaterThan(30);
    // Reviews aged out of the window on the way: some tutor's window moved on.
    const windows = await t.db.select({ id: tutors.id, recentSince: tutors.recentSince }).from(tutors);
    const moved = windows.filter(
      (row) => row.recentSince > tutorRows.find((tutor) => tutor.id === row.id)!.recentSince,
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  test.each([11, 12])('random batches run concurrently (seed %i)', async (seed) => {
    const random = createRandom(seed);
    let done = 0;
    for (let batch = 0; batch < 12; batch++) {
      const existing = await knownReviews(t.db);
      const operations = Array.from({ length: 8 }, () => randomOperation(random, existing));
      const outcomes = await Promise.all(operations.map(run));
      done += outcomes.filter((outcome) => outcome === 'done').length;
      await expectAggregatesMatchReviews();
    }
    expect(done).toBeGreaterThan(30);
  });

  test('the same review hidden, unhidden, edited and deleted by many requests at once', async () => {
    const [tutor] = tutorRows;
    const author = students[0]!;
    const random = createRandom(21);
    const created = await createReview(
      t.db,
      author,
      {
        tutorId: tutor!.id,
        title: 'T',
        body: 'B',
        aiAssisted: false,
        showName: false,
        ...randomDetails(random, tutor),
      },
      tick(),
    );
    const racers: Operation[] = [
      ...Array.from({ length: 4 }, (): Operation => ({ kind: 'hide', reviewId: created.id })),
      ...Array.from({ length: 4 }, (): Operation => ({ kind: 'unhide', reviewId: created.id })),
      ...[1, 2, 5].map((): Operation => ({
        kind: 'edit',
        reviewId: created.id,
        author,
        details: randomDetails(random, tutor),
      })),
      ...students.slice(1).map((voter): Operation => ({ kind: 'vote', reviewId: created.id, voter })),
      ...students.slice(1, 3).map((voter): Operation => ({ kind: 'unvote', reviewId: created.id, voter })),
      { kind: 'ageWindow' },
      { kind: 'delete', reviewId: created.id, author },
      ...students.slice(1).map((student): Operation => ({
        kind: 'create',
        author: student,
        tutor: tutor!,
        details: randomDetails(random, tutor),
      })),
    ];
    await Promise.all(racers.map(run));
    await expectAggregatesMatchReviews();
  });
});
