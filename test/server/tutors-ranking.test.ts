import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { rankingPrior, tutors, type TutorRow } from '../../src/server/db/schema';
import { RANKING_PRIOR_STEP, refreshRankingPrior } from '../../src/server/services/tutors/ranking';
import { apiPaths } from '../../src/shared/api-paths';
import type { TutorList } from '../../src/shared/tutors';
import { type Actor, callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord, createUserRecord } from '../helpers/factories';

let t: TestApp;
let reader: Actor;
beforeEach(async () => {
  t = await createTestApp();
  reader = await signedInStudent(t, 'Rita Reader');
});
afterEach(() => t.close());

/** The public list by rating (the default order), as a student reads it: names in order. */
async function highestRated(): Promise<string[]> {
  const response = await callAs(t, reader, 'GET', `${apiPaths.tutors}?sort=rating`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TutorList>().items.map((tutor) => tutor.name);
}

/**
 * `count` visible reviews of `rating` by as many new students, written in bulk with the tutor's
 * aggregates as every review write keeps them: the ranking, not the writing, is tested.
 */
async function bulkReviews(tutor: TutorRow, rating: number, count: number): Promise<void> {
  const prefix = `${tutor.name.toLowerCase().replace(/\W/g, '')}-${rating}`;
  await t.db.execute(sql`
    with students as (
      insert into users (name, email, password_hash)
      select 'Bulk ' || n, ${prefix} || '-' || n || '@example.edu', 'not a hash' from generate_series(1, ${count}) n
      returning id
    ), written as (
      insert into reviews (tutor_id, author_id, title, body, rating) select ${tutor.id}, id, 'T', 'B', ${rating} from students
    )
    update tutors set review_count = review_count + ${count}, rating_sum = rating_sum + ${rating * count},
      ${sql.identifier(`rating_${rating}_count`)} = ${sql.identifier(`rating_${rating}_count`)} + ${count}
    where id = ${tutor.id}`);
}

async function storedPrior(): Promise<number> {
  const [row] = await t.db.select().from(rankingPrior);
  return row!.mean;
}

describe('"Highest rated" is fair', () => {
  test('one 5-star review ranks below 200 reviews averaging 4.8', async () => {
    const solo = await createTutorRecord(t.db, { name: 'Solo Star' });
    const popular = await createTutorRecord(t.db, { name: 'Popular Pick' });
    const typical = await createTutorRecord(t.db, { name: 'Typical Tutor' });
    const author = await createUserRecord(t.db, { verified: true });
    await createReviewRecord(t.db, { tutorId: solo.id, authorId: author.user.id, rating: 5 });
    await bulkReviews(popular, 5, 160);
    await bulkReviews(popular, 4, 40);
    // The rest of the site: an ordinary mean, as universities see (about 3.5).
    await bulkReviews(typical, 3, 150);
    await bulkReviews(typical, 4, 150);

    // Against the prior of the empty site (3, the middle of the scale) one review of 5 weighs
    // (5 + 15) / 6 = 3.33, below 300 reviews averaging 3.5; against the real mean (4.02), 4.18.
    expect(await highestRated()).toEqual(['Popular Pick', 'Typical Tutor', 'Solo Star']);
    expect(await refreshRankingPrior(t.db, t.clock())).toBeCloseTo(2015 / 501, 12);
    expect(await highestRated()).toEqual(['Popular Pick', 'Solo Star', 'Typical Tutor']);

    const { items } = (await callAs(t, reader, 'GET', apiPaths.tutors)).json<TutorList>();
    // The cards keep the true mean and count: the one 5-star review still reads 5.0 (1 review).
    expect(items.map((item) => [item.name, item.averageRating, item.reviewCount])).toEqual([
      ['Popular Pick', 4.8, 200],
      ['Solo Star', 5, 1],
      ['Typical Tutor', 3.5, 300],
    ]);
    expect(items[0]!.rankingScore).toBeGreaterThan(items[1]!.rankingScore!);
  });

  test('the prior follows the mean of all reviews once it moved by a step, and the list follows it at once', async () => {
    const single = await createTutorRecord(t.db, { name: 'Single Five' });
    const steady = await createTutorRecord(t.db, { name: 'Steady Four' });
    const author = await createUserRecord(t.db, { verified: true });
    await createReviewRecord(t.db, { tutorId: single.id, authorId: author.user.id, rating: 5 });
    await bulkReviews(steady, 4, 3);
    expect(await refreshRankingPrior(t.db, t.clock())).toBe(17 / 4);
    // Against 4.25: Single Five (5 + 21.25) / 6 = 4.375, Steady Four (12 + 21.25) / 8 = 4.156.
    expect(await highestRated()).toEqual(['Single Five', 'Steady Four']);

    // A site of low marks drags the mean down: against it, one 5 no longer outranks three 4s.
    const harsh = await createTutorRecord(t.db, { name: 'Harsh Marker' });
    await bulkReviews(harsh, 1, 12);
    // Read (and kept) before the prior moves.
    expect(await highestRated()).toEqual(['Single Five', 'Steady Four', 'Harsh Marker']);
    const mean = await refreshRankingPrior(t.db, t.clock());
    expect(mean).toBe(29 / 16);
    // Against 1.8125: Steady Four (12 + 9.06) / 8 = 2.63, Single Five (5 + 9.06) / 6 = 2.34.
    expect(await highestRated()).toEqual(['Steady Four', 'Single Five', 'Harsh Marker']);
    const scores = await t.db.select({ prior: tutors.rankingPriorMean }).from(tutors);
    expect(new Set(scores.map((row) => row.prior))).toEqual(new Set([mean]));

    // Nothing moved since: the prior stays.
    expect(await refreshRankingPrior(t.db, t.clock())).toBeNull();
  });

  test('a move smaller than the step leaves the prior and every score where they are', async () => {
    const busy = await createTutorRecord(t.db, { name: 'Busy Tutor' });
    await bulkReviews(busy, 4, 1000);
    expect(await refreshRankingPrior(t.db, t.clock())).toBe(4);
    const [before] = await t.db.select({ score: tutors.rankingScore }).from(tutors).where(eq(tutors.id, busy.id));

    const author = await createUserRecord(t.db, { verified: true });
    const other = await createTutorRecord(t.db, { name: 'Other Tutor' });
    await createReviewRecord(t.db, { tutorId: other.id, authorId: author.user.id, rating: 5 });
    // 4005 / 1001 is 0.001 above 4: less than a step.
    expect(4005 / 1001 - 4).toBeLessThan(RANKING_PRIOR_STEP);
    expect(await refreshRankingPrior(t.db, t.clock())).toBeNull();
    expect(await storedPrior()).toBe(4);
    const [after] = await t.db.select({ score: tutors.rankingScore }).from(tutors).where(eq(tutors.id, busy.id));
    expect(after).toEqual(before);
    // Forced (after a bulk import, say), it moves by any amount.
    expect(await refreshRankingPrior(t.db, t.clock(), { force: true })).toBe(4005 / 1001);
  });

  test('a new tutor ranks against the prior every other tutor ranks against', async () => {
    const old = await createTutorRecord(t.db, { name: 'Old Hand' });
    await bulkReviews(old, 2, 4);
    const mean = await refreshRankingPrior(t.db, t.clock());
    expect(mean).toBe(2);
    const fresh = await createTutorRecord(t.db, { name: 'New Face' });
    const [row] = await t.db
      .select({ prior: tutors.rankingPriorMean, score: tutors.rankingScore })
      .from(tutors)
      .where(eq(tutors.id, fresh.id));
    expect(row).toEqual({ prior: 2, score: null });
    const author = await createUserRecord(t.db, { verified: true });
    await createReviewRecord(t.db, { tutorId: fresh.id, authorId: author.user.id, rating: 5 });
    const [rated] = await t.db.select({ score: tutors.rankingScore }).from(tutors).where(eq(tutors.id, fresh.id));
    expect(rated!.score).toBe((5 + 5 * 2) / 6);
  });
});
