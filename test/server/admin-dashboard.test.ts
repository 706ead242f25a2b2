import { asc, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, reviewReports, reviews, tutors, users } from '../../src/server/db/schema';
import { DAY_MS } from '../../src/server/lib/clock';
import { storeImage } from '../../src/server/services/images';
import { type AdminDashboard, DASHBOARD_ACTIVITY_COUNT, DASHBOARD_WEEKS } from '../../src/shared/admin-dashboard';
import type { TutorProfile } from '../../src/shared/tutors';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord, createUserRecord } from '../helpers/factories';

let t: TestApp;
let admin: Actor;
let student: Actor;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, 'Dana Dean');
  student = await signedInStudent(t, 'Sam Student');
});
afterEach(() => t.close());

async function dashboard(): Promise<AdminDashboard> {
  const response = await callAs(t, admin, 'GET', apiPaths.adminDashboard);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminDashboard>();
}

/** The figures counted straight from the rows, the slow way, to compare with the dashboard's. */
async function countedFigures(): Promise<AdminDashboard['figures']> {
  const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0]!.n);
  const n = sql<number>`count(*)`;
  // The mean over public tutors of the mean of their visible reviews, from the reviews themselves.
  const means = await t.db
    .select({ mean: sql<number>`avg(${reviews.rating})::double precision` })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(sql`${tutors.isPublic} and not ${reviews.isHidden}`)
    .groupBy(reviews.tutorId);
  return {
    publicTutors: await count(t.db.select({ n }).from(tutors).where(eq(tutors.isPublic, true))),
    pendingSubmissions: await count(t.db.select({ n }).from(tutors).where(eq(tutors.status, 'pending'))),
    reviews: await count(t.db.select({ n }).from(reviews).where(eq(reviews.isHidden, false))),
    users: await count(t.db.select({ n }).from(users)),
    reportedReviews: await count(
      t.db
        .select({ n: sql<number>`count(distinct ${reviewReports.reviewId})` })
        .from(reviewReports)
        .where(isNull(reviewReports.resolvedAt)),
    ),
    hiddenReviews: await count(t.db.select({ n }).from(reviews).where(eq(reviews.isHidden, true))),
    meanRating: means.length === 0 ? null : means.reduce((sum, { mean }) => sum + Number(mean), 0) / means.length,
  };
}

async function expectFiguresAsCounted(): Promise<AdminDashboard['figures']> {
  const { figures } = await dashboard();
  const counted = await countedFigures();
  expect({ ...figures, meanRating: null }).toEqual({ ...counted, meanRating: null });
  if (counted.meanRating === null) expect(figures.meanRating).toBeNull();
  else expect(figures.meanRating).toBeCloseTo(counted.meanRating, 10);
  return figures;
}

describe('who may see the dashboard', () => {
  test('students are refused (403) and anonymous visitors must log in (401)', async () => {
    const asStudent = await callAs(t, student, 'GET', apiPaths.adminDashboard);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json().error.code).toBe('forbidden');

    const anonymous = await callAs(t, undefined, 'GET', apiPaths.adminDashboard);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
  });
});

describe('figures', () => {
  test('with nothing yet: zeros and no mean rating', async () => {
    const { figures, reviewsPerWeek, recentActivity } = await dashboard();

    expect(figures).toEqual({
      publicTutors: 0,
      pendingSubmissions: 0,
      reviews: 0,
      users: 2,
      reportedReviews: 0,
      hiddenReviews: 0,
      meanRating: null,
    });
    expect(reviewsPerWeek).toHaveLength(DASHBOARD_WEEKS);
    expect(reviewsPerWeek.every((week) => week.count === 0)).toBe(true);
    expect(recentActivity).toEqual([]);
  });

  test('match direct counts through reviews added and hidden and submissions approved and rejected', async () => {
    const other = await createUserRecord(t.db, { name: 'Olive Other', verified: true });
    const grace = await createTutorRecord(t.db, { name: 'Grace Hopper' });
    const alan = await createTutorRecord(t.db, { name: 'Alan Turing' });
    await createTutorRecord(t.db, { name: 'No Reviews Yet' });
    const hiddenTutor = await createTutorRecord(t.db, { name: 'Taken Down', isPublic: false });
    const pendingOne = await createTutorRecord(t.db, {
      name: 'Pending One',
      status: 'pending',
      submittedBy: student.user.id,
    });
    const pendingTwo = await createTutorRecord(t.db, {
      name: 'Pending Two',
      status: 'pending',
      submittedBy: student.user.id,
    });
    await createTutorRecord(t.db, { name: 'Rejected Before', status: 'rejected', submittedBy: student.user.id });

    await createReviewRecord(t.db, { tutorId: grace.id, authorId: student.user.id, rating: 5 });
    await createReviewRecord(t.db, { tutorId: grace.id, authorId: other.user.id, rating: 2 });
    const alanReview = await createReviewRecord(t.db, { tutorId: alan.id, authorId: student.user.id, rating: 4 });
    await createReviewRecord(t.db, { tutorId: alan.id, authorId: other.user.id, rating: 1, hidden: true });
    // A visible review of a tutor that is not public: counted among reviews, not in the mean.
    await createReviewRecord(t.db, { tutorId: hiddenTutor.id, authorId: student.user.id, rating: 1 });

    expect(await expectFiguresAsCounted()).toEqual({
      publicTutors: 3,
      pendingSubmissions: 2,
      reviews: 4,
      users: 3,
      reportedReviews: 0,
      hiddenReviews: 1,
      meanRating: (3.5 + 4) / 2,
    });

    // Two reports of one review wait as one reported review.
    for (const reporter of [admin, await signedInStudent(t, 'Rita Reporter')])
      expect(
        (await callAs(t, reporter, 'POST', apiPaths.reviewReports(alanReview.id), { reason: 'spam' })).statusCode,
      ).toBe(204);
    expect(await expectFiguresAsCounted()).toMatchObject({ reportedReviews: 1 });

    // Through the API, so the aggregates move as the app moves them.
    const added = await callAs(t, admin, 'POST', apiPaths.reviews, {
      tutorId: alan.id,
      title: 'Fine',
      body: 'Clear and patient in every session.',
      rating: 2,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await expectFiguresAsCounted()).toMatchObject({ reviews: 5, meanRating: (3.5 + 3) / 2 });

    const hidden = await callAs(t, admin, 'POST', apiPaths.hideReview(alanReview.id), { reason: 'Off topic.' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    // Hiding settles the reports: nothing reported waits, one more is hidden.
    expect(await expectFiguresAsCounted()).toMatchObject({
      reviews: 4,
      meanRating: (3.5 + 2) / 2,
      reportedReviews: 0,
      hiddenReviews: 2,
    });

    expect((await callAs(t, admin, 'POST', apiPaths.approveTutor(pendingOne.id))).statusCode).toBe(200);
    expect(await expectFiguresAsCounted()).toMatchObject({ publicTutors: 4, pendingSubmissions: 1 });

    expect(
      (
        await callAs(t, admin, 'POST', apiPaths.rejectTutor(pendingTwo.id), {
          reason: 'Not at this university.',
        })
      ).statusCode,
    ).toBe(200);
    expect(await expectFiguresAsCounted()).toMatchObject({ publicTutors: 4, pendingSubmissions: 0 });

    expect((await callAs(t, admin, 'DELETE', apiPaths.adminTutor(grace.id))).statusCode).toBe(204);
    expect(await expectFiguresAsCounted()).toMatchObject({ publicTutors: 3, reviews: 2, meanRating: 2 });
  });
});

describe('reviews per week', () => {
  // A Wednesday; its week starts on Monday 10 March 2025.
  const wednesday = new Date('2025-03-12T15:30:00Z');
  const thisMonday = Date.parse('2025-03-10T00:00:00Z');
  const weekStarts = (lastMonday: number) =>
    Array.from({ length: DASHBOARD_WEEKS }, (_, i) =>
      new Date(lastMonday - (DASHBOARD_WEEKS - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
    );

  test('Monday-start UTC weeks, oldest first, empty weeks as 0, hidden reviews left out', async () => {
    t.clock.set(wednesday);
    const tutor = await createTutorRecord(t.db);
    const authors = await Promise.all(
      Array.from({ length: 7 }, (_, i) => createUserRecord(t.db, { name: `Author ${i}` })),
    );
    const reviewAt = (author: number, at: number, hidden = false) =>
      createReviewRecord(t.db, {
        tutorId: tutor.id,
        authorId: authors[author]!.user.id,
        rating: 4,
        createdAt: new Date(at),
        hidden,
      });
    const firstMonday = thisMonday - (DASHBOARD_WEEKS - 1) * 7 * DAY_MS;

    await reviewAt(0, thisMonday);
    await reviewAt(1, wednesday.getTime());
    await reviewAt(2, thisMonday - 1000); // Sunday night: the week before
    await reviewAt(3, firstMonday); // the oldest week shown
    await reviewAt(4, firstMonday - 1000); // before it: not shown
    await reviewAt(5, thisMonday + 2 * DAY_MS, true); // hidden
    await reviewAt(6, thisMonday + 7 * DAY_MS); // next week, after "now"

    const { reviewsPerWeek } = await dashboard();

    expect(reviewsPerWeek.map((week) => week.weekStart)).toEqual(weekStarts(thisMonday));
    expect(reviewsPerWeek[0]!.weekStart).toBe('2024-12-23');
    expect(reviewsPerWeek.at(-1)).toEqual({ weekStart: '2025-03-10', count: 2 });
    expect(reviewsPerWeek.at(-2)).toEqual({ weekStart: '2025-03-03', count: 1 });
    expect(reviewsPerWeek[0]).toEqual({ weekStart: '2024-12-23', count: 1 });
    expect(reviewsPerWeek.reduce((sum, week) => sum + week.count, 0)).toBe(4);

    // A week later the chart moves on: next week's review is now this week's, the oldest drops off.
    t.clock.advance(7 * DAY_MS);
    const later = (await dashboard()).reviewsPerWeek;
    expect(later.map((week) => week.weekStart)).toEqual(weekStarts(thisMonday + 7 * DAY_MS));
    expect(later.at(-1)).toEqual({ weekStart: '2025-03-17', count: 1 });
    expect(later.at(-2)).toEqual({ weekStart: '2025-03-10', count: 2 });
    expect(later[0]).toEqual({ weekStart: '2024-12-30', count: 0 });
  });

  test('on a Monday just after midnight, and on a Sunday just before it', async () => {
    const tutor = await createTutorRecord(t.db);
    await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: student.user.id,
      rating: 3,
      createdAt: new Date('2025-03-10T00:00:00Z'),
    });

    t.clock.set(new Date('2025-03-10T00:00:01Z'));
    expect((await dashboard()).reviewsPerWeek.at(-1)).toEqual({ weekStart: '2025-03-10', count: 1 });

    t.clock.set(new Date('2025-03-16T23:59:59Z'));
    expect((await dashboard()).reviewsPerWeek.at(-1)).toEqual({ weekStart: '2025-03-10', count: 1 });
  });
});

describe('recent activity', () => {
  test('the latest administrator actions, newest first, with who did them and to what', async () => {
    const second = await signedInAdmin(t, 'Ada Admin');
    const pending = await createTutorRecord(t.db, {
      name: 'Pending Person',
      status: 'pending',
      submittedBy: student.user.id,
    });
    const doubtful = await createTutorRecord(t.db, {
      name: 'Doubtful Person',
      status: 'pending',
      submittedBy: student.user.id,
    });
    const doomed = await createTutorRecord(t.db, { name: 'Doomed Person' });
    const review = await createReviewRecord(t.db, {
      tutorId: doomed.id,
      authorId: student.user.id,
      rating: 1,
      title: 'Rude words',
    });

    const act = async (actor: Actor, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      t.clock.advance(60_000);
      const response = await callAs(t, actor, method, url, payload);
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await act(admin, 'POST', apiPaths.approveTutor(pending.id));
    await act(second, 'POST', apiPaths.rejectTutor(doubtful.id), { reason: 'Not at this university.' });
    await act(admin, 'POST', apiPaths.hideReview(review.id), { reason: 'Personal attack.' });
    await act(second, 'PATCH', apiPaths.adminSettings, { siteName: 'Campus Tutors' });
    await act(admin, 'DELETE', apiPaths.adminTutor(doomed.id), { reason: 'Left the university.' });

    const { recentActivity } = await dashboard();

    const dana = { id: admin.user.id, name: 'Dana Dean' };
    const ada = { id: second.user.id, name: 'Ada Admin' };
    expect(recentActivity.map(({ action, actor, target, reason }) => ({ action, actor, target, reason }))).toEqual([
      {
        action: 'tutor_deleted',
        actor: dana,
        target: { type: 'tutor', id: doomed.id, label: 'Doomed Person', exists: false },
        reason: 'Left the university.',
      },
      {
        action: 'settings_updated',
        actor: ada,
        target: { type: 'settings', id: null, label: null, exists: false },
        reason: null,
      },
      {
        action: 'review_hidden',
        actor: dana,
        target: { type: 'review', id: review.id, label: 'Rude words', exists: false },
        reason: 'Personal attack.',
      },
      {
        action: 'tutor_rejected',
        actor: ada,
        target: { type: 'tutor', id: doubtful.id, label: 'Doubtful Person', exists: true },
        reason: 'Not at this university.',
      },
      {
        action: 'tutor_approved',
        actor: dana,
        target: { type: 'tutor', id: pending.id, label: 'Pending Person', exists: true },
        reason: null,
      },
    ]);
    expect(recentActivity[0]!.createdAt).toBe(t.clock().toISOString());

    // An entry outlives its actor's account: the name goes, the entry stays.
    await t.db.delete(users).where(eq(users.id, second.user.id));
    const after = (await dashboard()).recentActivity;
    expect(after.map((entry) => entry.actor)).toEqual([dana, null, dana, null, dana]);
  });

  test(`shows the latest ${DASHBOARD_ACTIVITY_COUNT} only`, async () => {
    const names: string[] = [];
    for (let i = 0; i < DASHBOARD_ACTIVITY_COUNT + 2; i++) {
      t.clock.advance(1000);
      const tutor = await createTutorRecord(t.db, { name: `Submitted ${i}`, status: 'pending' });
      expect((await callAs(t, admin, 'POST', apiPaths.approveTutor(tutor.id))).statusCode).toBe(200);
      names.push(tutor.name);
    }

    const { recentActivity } = await dashboard();

    expect(await t.db.select().from(auditLog)).toHaveLength(DASHBOARD_ACTIVITY_COUNT + 2);
    expect(recentActivity.map((entry) => entry.target.label)).toEqual(
      names.reverse().slice(0, DASHBOARD_ACTIVITY_COUNT),
    );
  });
});

describe('the audit entries of tutor actions', () => {
  async function uploadPicture(red: number): Promise<string> {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: red, g: 80, b: 160 } } })
      .png()
      .toBuffer();
    return (await storeImage(t.db, t.app.imageStore, { bytes, uploadedBy: admin.user.id, now: t.clock() })).key;
  }

  test('adding, editing (with what changed) and deleting are recorded in the same change', async () => {
    const firstPicture = await uploadPicture(10);
    const secondPicture = await uploadPicture(200);
    const input = {
      name: 'Grace Hopper',
      department: 'Computer Science',
      biography: 'Compilers.',
      courses: ['CS101'],
      imageKey: firstPicture,
      isPublic: false,
    };

    const created = await callAs(t, admin, 'POST', apiPaths.adminTutors, input);
    expect(created.statusCode, created.body).toBe(201);
    const tutorId = created.json<{ tutor: TutorProfile }>().tutor.id;
    t.clock.advance(1000);
    const edited = await callAs(t, admin, 'PATCH', apiPaths.adminTutor(tutorId), {
      ...input,
      name: 'Grace B. Hopper',
      courses: ['CS101', 'CS330'],
      imageKey: secondPicture,
      isPublic: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    t.clock.advance(1000);
    expect((await callAs(t, admin, 'DELETE', apiPaths.adminTutor(tutorId))).statusCode).toBe(204);

    const entries = await t.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
    expect(
      entries.map(({ actorId, action, targetType, targetId, reason, data }) => ({
        actorId,
        action,
        targetType,
        targetId,
        reason,
        data,
      })),
    ).toEqual([
      {
        actorId: admin.user.id,
        action: 'tutor_created',
        targetType: 'tutor',
        targetId: tutorId,
        reason: null,
        data: { tutorName: 'Grace Hopper' },
      },
      {
        actorId: admin.user.id,
        action: 'tutor_updated',
        targetType: 'tutor',
        targetId: tutorId,
        reason: null,
        data: {
          tutorName: 'Grace B. Hopper',
          changes: { name: 'Grace B. Hopper', courses: ['CS101', 'CS330'], imageKey: secondPicture, isPublic: true },
        },
      },
      {
        actorId: admin.user.id,
        action: 'tutor_deleted',
        targetType: 'tutor',
        targetId: tutorId,
        reason: null,
        data: { tutorName: 'Grace B. Hopper' },
      },
    ]);
    // The tutor is gone; its entries stay, no longer linked to it.
    expect(entries.map((entry) => entry.tutorId)).toEqual([null, null, null]);
  });

  test('a refused action leaves no entry', async () => {
    const approved = await createTutorRecord(t.db, { status: 'approved' });

    expect((await callAs(t, admin, 'POST', apiPaths.approveTutor(approved.id))).statusCode).toBe(409);
    expect((await callAs(t, admin, 'POST', apiPaths.rejectTutor(approved.id), { reason: 'Late.' })).statusCode).toBe(
      409,
    );
    expect((await callAs(t, admin, 'DELETE', apiPaths.adminTutor(crypto.randomUUID()))).statusCode).toBe(404);

    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});
