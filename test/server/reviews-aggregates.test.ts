import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { reviews, tutors, type TutorRow, type UserRow } from '../../src/server/db/schema';
import { AppError } from '../../src/server/lib/errors';
import { createRandom, type Random } from '../../src/server/services/demo/random';
import { createReview, deleteOwnReview, updateOwnReview } from '../../src/server/services/reviews/authoring';
import { deleteReviewAsModerator, hideReview, unhideReview } from '../../src/server/services/reviews/moderation';
import { createTestApp, type TestApp } from '../helpers/app';
import { createAdminRecord, createTutorRecord, createUserRecord } from '../helpers/factories';

// Property: whatever sequence of creates, edits, deletes, hides and unhides runs, one after
// another or many at once, every tutor's stored count and rating sum equal a fresh
// recomputation from its visible reviews, and the stored average is their true mean.

let t: TestApp;
let students: UserRow[];
let moderator: UserRow;
let tutorRows: TutorRow[];
beforeEach(async () => {
  t = await createTestApp();
  students = [];
  for (let i = 0; i < 6; i++)
    students.push((await createUserRecord(t.db, { name: `Student ${i}`, verified: true })).user);
  moderator = (await createAdminRecord(t.db)).user;
  tutorRows = [];
  for (let i = 0; i < 3; i++) tutorRows.push(await createTutorRecord(t.db, { name: `Tutor ${i}` }));
});
afterEach(() => t.close());

type Operation =
  | { kind: 'create'; author: UserRow; tutor: TutorRow; rating: number }
  | { kind: 'edit'; reviewId: string; author: UserRow; rating: number }
  | { kind: 'delete'; reviewId: string; author: UserRow }
  | { kind: 'hide'; reviewId: string }
  | { kind: 'unhide'; reviewId: string }
  | { kind: 'moderatorDelete'; reviewId: string };

interface KnownReview {
  id: string;
  authorId: string;
}

async function knownReviews(db: Database): Promise<KnownReview[]> {
  return db.select({ id: reviews.id, authorId: reviews.authorId }).from(reviews).orderBy(reviews.id);
}

function randomOperation(random: Random, existing: KnownReview[]): Operation {
  const rating = random.int(1, 5);
  const target = existing.length > 0 ? random.pick(existing) : undefined;
  const kinds = target
    ? (['create', 'create', 'edit', 'delete', 'hide', 'unhide', 'moderatorDelete'] as const)
    : (['create'] as const);
  const kind = random.pick(kinds);
  if (kind === 'create' || !target)
    return { kind: 'create', author: random.pick(students), tutor: random.pick(tutorRows), rating };
  const author = students.find((student) => student.id === target.authorId)!;
  switch (kind) {
    case 'edit':
      return { kind, reviewId: target.id, author, rating };
    case 'delete':
      return { kind, reviewId: target.id, author };
    default:
      return { kind, reviewId: target.id };
  }
}

const now = () => new Date();

/** Runs one operation through the services the routes call. Refusals (409, 404) are expected outcomes. */
async function run(operation: Operation): Promise<'done' | 'refused'> {
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
            rating: operation.rating,
            aiAssisted: false,
            showName: false,
          },
          now(),
        );
        break;
      case 'edit':
        await updateOwnReview(
          t.db,
          operation.author,
          operation.reviewId,
          { title: 'T2', body: 'B2', rating: operation.rating, aiAssisted: false, showName: false },
          now(),
        );
        break;
      case 'delete':
        await deleteOwnReview(t.db, operation.author, operation.reviewId);
        break;
      case 'hide':
        await hideReview(t.db, moderator, operation.reviewId, 'Property test.', now());
        break;
      case 'unhide':
        await unhideReview(t.db, moderator, operation.reviewId, now());
        break;
      case 'moderatorDelete':
        await deleteReviewAsModerator(t.db, moderator, operation.reviewId, 'Property test.', now());
        break;
    }
    return 'done';
  } catch (err) {
    if (err instanceof AppError && ['review_exists', 'conflict', 'not_found'].includes(err.code)) return 'refused';
    throw err;
  }
}

async function expectAggregatesMatchReviews(): Promise<void> {
  const stored = await t.db
    .select({
      id: tutors.id,
      reviewCount: tutors.reviewCount,
      ratingSum: tutors.ratingSum,
      averageRating: tutors.averageRating,
    })
    .from(tutors)
    .orderBy(tutors.id);
  const recomputed = await t.db
    .select({
      id: tutors.id,
      reviewCount: sql<number>`count(${reviews.id})::int`,
      ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
    })
    .from(tutors)
    .leftJoin(reviews, and(eq(reviews.tutorId, tutors.id), eq(reviews.isHidden, false)))
    .groupBy(tutors.id)
    .orderBy(tutors.id);
  expect(stored.map(({ id, reviewCount, ratingSum }) => ({ id, reviewCount, ratingSum }))).toEqual(recomputed);
  for (const row of stored) {
    if (row.reviewCount === 0) expect(row.averageRating).toBeNull();
    else expect(row.averageRating).toBeCloseTo(row.ratingSum / row.reviewCount, 12);
  }
}

describe('stored aggregates always equal a recomputation', () => {
  test.each([1, 2, 3])('a random sequence, one operation at a time (seed %i)', async (seed) => {
    const random = createRandom(seed);
    const outcomes = { done: 0, refused: 0 };
    for (let step = 0; step < 60; step++) {
      outcomes[await run(randomOperation(random, await knownReviews(t.db)))] += 1;
      if (step % 10 === 9) await expectAggregatesMatchReviews();
    }
    await expectAggregatesMatchReviews();
    // The sequence exercised the changes, not only refusals.
    expect(outcomes.done).toBeGreaterThan(30);
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
    const created = await createReview(
      t.db,
      author,
      { tutorId: tutor!.id, title: 'T', body: 'B', rating: 4, aiAssisted: false, showName: false },
      now(),
    );
    const racers: Operation[] = [
      ...Array.from({ length: 4 }, (): Operation => ({ kind: 'hide', reviewId: created.id })),
      ...Array.from({ length: 4 }, (): Operation => ({ kind: 'unhide', reviewId: created.id })),
      ...[1, 2, 5].map((rating): Operation => ({ kind: 'edit', reviewId: created.id, author, rating })),
      { kind: 'delete', reviewId: created.id, author },
      ...students.slice(1).map((student): Operation => ({ kind: 'create', author: student, tutor: tutor!, rating: 3 })),
    ];
    await Promise.all(racers.map(run));
    await expectAggregatesMatchReviews();
  });
});
