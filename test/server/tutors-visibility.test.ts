import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../src/server/lib/clock';
import type { MySubmissions, TutorList, TutorProfile } from '../../src/shared/tutors';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { apiPaths } from '../../src/shared/api-paths';
import { callAs, signedInAdmin, signedInStudent, sessionCookieFor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord, createUserRecord } from '../helpers/factories';
import { request } from '../helpers/requests';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const NOT_FOUND = { code: 'not_found', message: 'No Teacher Record Found' };
const SOME_UUID = '6f1c2b1e-8d0a-4c3e-9b7a-2f5d4e3c1a00';
const submission = {
  name: 'Grace Hopper',
  department: 'Computer Science',
  biography: 'Compilers.',
  courses: ['CS101'],
};

describe('who may call', () => {
  const studentRoutes = [
    ['GET', apiPaths.tutors],
    ['GET', apiPaths.tutorDepartments],
    ['GET', `${apiPaths.similarTutors}?name=Grace`],
    ['GET', apiPaths.myTutors],
    ['POST', apiPaths.tutors],
    ['GET', apiPaths.tutor(SOME_UUID)],
    ['GET', apiPaths.tutorReviews(SOME_UUID)],
    ['PATCH', apiPaths.tutor(SOME_UUID)],
    ['DELETE', apiPaths.tutor(SOME_UUID)],
  ] as const;

  test.each(studentRoutes)('%s %s: anonymous 401, unverified 403', async (method, url) => {
    const payload = method === 'POST' || method === 'PATCH' ? submission : undefined;

    const anonymous = await request(t.app, method, url, { payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');

    const { user } = await createUserRecord(t.db, { verified: false });
    const cookie = await sessionCookieFor(t, user.id);
    const unverified = await request(t.app, method, url, { as: cookie, payload });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error).toEqual({
      code: 'email_not_verified',
      message: 'Please verify your email address first.',
    });
  });

  const adminRoutes = [
    ['GET', apiPaths.adminTutors],
    ['POST', apiPaths.adminTutors],
    ['PATCH', apiPaths.adminTutor(SOME_UUID)],
    ['DELETE', apiPaths.adminTutor(SOME_UUID)],
    ['POST', apiPaths.approveTutor(SOME_UUID)],
    ['POST', apiPaths.rejectTutor(SOME_UUID)],
  ] as const;

  test.each(adminRoutes)('%s %s: anonymous 401, student 403', async (method, url) => {
    const tutor = await createTutorRecord(t.db, { status: 'pending' });
    const target = url.replace(SOME_UUID, tutor.id);
    const payload = url.endsWith('/reject')
      ? { reason: 'Unknown here.' }
      : method === 'POST' || method === 'PATCH'
        ? submission
        : undefined;

    const anonymous = await request(t.app, method, target, { payload });
    expect(anonymous.statusCode).toBe(401);

    const verifiedStudent = await signedInStudent(t);
    const refused = await request(t.app, method, target, { as: verifiedStudent, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'forbidden', message: 'Only administrators can do this.' });

    // Nothing changed behind the refusals.
    const after = await callAs(t, await signedInAdmin(t), 'GET', apiPaths.tutor(tutor.id));
    expect(after.json<{ tutor: TutorProfile }>().tutor).toMatchObject({ status: 'pending', isPublic: false });
  });
});

describe('a private tutor', () => {
  async function scene() {
    const submitter = await signedInStudent(t, 'Sam Submitter');
    const other = await signedInStudent(t, 'Olive Other');
    const boss = await signedInAdmin(t);
    const publicTutor = await createTutorRecord(t.db, { name: 'Ada Public' });
    const pending = await createTutorRecord(t.db, {
      name: 'Pat Pending',
      status: 'pending',
      submittedBy: submitter.user.id,
    });
    const rejected = await createTutorRecord(t.db, {
      name: 'Rita Rejected',
      status: 'rejected',
      rejectionReason: 'We could not find this tutor.',
      submittedBy: submitter.user.id,
    });
    return { submitter, other, boss, publicTutor, pending, rejected };
  }

  test('is absent from the public list for everyone, the submitter and admins included', async () => {
    const { submitter, other, boss, publicTutor } = await scene();

    for (const actor of [submitter, other, boss]) {
      const list = (await callAs(t, actor, 'GET', apiPaths.tutors)).json<TutorList>();
      expect(list.items.map((tutor) => tutor.id)).toEqual([publicTutor.id]);
      expect(list.total).toBe(1);
    }
  });

  test('by id: 404 for another student, shown to its submitter and to admins', async () => {
    const { submitter, other, boss, pending } = await scene();

    const refused = await callAs(t, other, 'GET', apiPaths.tutor(pending.id));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual(NOT_FOUND);

    const own = await callAs(t, submitter, 'GET', apiPaths.tutor(pending.id));
    expect(own.statusCode).toBe(200);
    expect(own.json<{ tutor: TutorProfile }>().tutor).toMatchObject({
      id: pending.id,
      name: 'Pat Pending',
      isPublic: false,
      status: 'pending',
      submittedByMe: true,
      averageRating: null,
      reviewCount: 0,
      ratingDistribution: [0, 0, 0, 0, 0],
      rejectionReason: null,
      image: null,
    });

    const seenByAdmin = await callAs(t, boss, 'GET', apiPaths.tutor(pending.id));
    expect(seenByAdmin.statusCode).toBe(200);
    expect(seenByAdmin.json<{ tutor: TutorProfile }>().tutor).toMatchObject({ id: pending.id, submittedByMe: false });
  });

  test('the rejection reason is for the submitter and admins only', async () => {
    const { submitter, other, boss, rejected } = await scene();

    expect((await callAs(t, submitter, 'GET', apiPaths.tutor(rejected.id))).json().tutor.rejectionReason).toBe(
      'We could not find this tutor.',
    );
    expect((await callAs(t, boss, 'GET', apiPaths.tutor(rejected.id))).json().tutor.rejectionReason).toBe(
      'We could not find this tutor.',
    );
    expect((await callAs(t, other, 'GET', apiPaths.tutor(rejected.id))).statusCode).toBe(404);

    // Even where a tutor with a recorded reason is public, other students never read the reason.
    const published = await createTutorRecord(t.db, { rejectionReason: 'Old note.', submittedBy: submitter.user.id });
    expect((await callAs(t, other, 'GET', apiPaths.tutor(published.id))).json().tutor.rejectionReason).toBeNull();
    expect((await callAs(t, submitter, 'GET', apiPaths.tutor(published.id))).json().tutor.rejectionReason).toBe(
      'Old note.',
    );
  });

  test('its reviews follow the same rule', async () => {
    const { submitter, other, boss, pending } = await scene();
    const author = await createUserRecord(t.db, { verified: true });
    await createReviewRecord(t.db, { tutorId: pending.id, authorId: author.user.id, rating: 4 });

    const refused = await callAs(t, other, 'GET', apiPaths.tutorReviews(pending.id));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual(NOT_FOUND);
    for (const actor of [submitter, boss]) {
      const response = await callAs(t, actor, 'GET', apiPaths.tutorReviews(pending.id));
      expect(response.statusCode).toBe(200);
      expect(response.json<TutorReviewList>().total).toBe(1);
    }
  });

  test('the similar-names hint never reveals it to another student', async () => {
    const { submitter, other, pending } = await scene();

    const forOther = (await callAs(t, other, 'GET', `${apiPaths.similarTutors}?name=Pat%20Pending`)).json();
    expect(forOther.items).toEqual([]);
    const forSubmitter = (await callAs(t, submitter, 'GET', `${apiPaths.similarTutors}?name=Pat%20Pending`)).json();
    expect(forSubmitter.items.map((tutor: { id: string }) => tutor.id)).toEqual([pending.id]);
  });
});

describe('unknown and malformed ids get the same answer', () => {
  test.each(['not-a-uuid', '123', `${SOME_UUID}x`, SOME_UUID, "1' or '1'='1", '%20'])('id %j', async (id) => {
    const submitter = await signedInStudent(t);
    const boss = await signedInAdmin(t);
    const path = apiPaths.tutor(encodeURIComponent(id));

    for (const [method, url, actor] of [
      ['GET', path, submitter],
      ['GET', `${path}/reviews`, submitter],
      ['DELETE', path, submitter],
      ['GET', path, boss],
      ['POST', apiPaths.approveTutor(encodeURIComponent(id)), boss],
      ['DELETE', apiPaths.adminTutor(encodeURIComponent(id)), boss],
    ] as const) {
      const response = await request(t.app, method, url, { as: actor });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toEqual(NOT_FOUND);
    }
    const edit = await request(t.app, 'PATCH', path, { as: submitter, payload: submission });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toEqual(NOT_FOUND);
  });
});

describe('profiles and reviews', () => {
  test('the profile counts visible reviews per star; the list shows them newest first with their authors', async () => {
    const viewer = await signedInStudent(t);
    const tutor = await createTutorRecord(t.db, { name: 'Alan Turing', courses: ['Computability'] });
    const start = t.clock();
    const ratings = [5, 5, 4, 1];
    for (const [i, rating] of ratings.entries()) {
      const author = await createUserRecord(t.db, { name: `Reviewer ${i}`, verified: true });
      await createReviewRecord(t.db, {
        tutorId: tutor.id,
        authorId: author.user.id,
        rating,
        title: `Review ${i}`,
        // Every other author signs: the others are anonymous.
        showName: i % 2 === 1,
        createdAt: new Date(start.getTime() + i * DAY_MS),
      });
    }
    const hider = await createUserRecord(t.db, { verified: true });
    await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: hider.user.id,
      rating: 2,
      hidden: true,
      title: 'Hidden',
    });

    const profile = (await callAs(t, viewer, 'GET', apiPaths.tutor(tutor.id))).json<{ tutor: TutorProfile }>().tutor;
    expect(profile).toMatchObject({
      name: 'Alan Turing',
      department: 'Computer Science',
      courses: ['Computability'],
      reviewCount: 4,
      averageRating: 3.75,
      ratingDistribution: [1, 0, 0, 1, 2],
      isPublic: true,
      status: 'approved',
      submittedByMe: false,
    });
    expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);

    const firstPage = (
      await callAs(t, viewer, 'GET', `${apiPaths.tutorReviews(tutor.id)}?pageSize=3`)
    ).json<TutorReviewList>();
    expect(firstPage).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(firstPage.items.map((review) => [review.title, review.authorName, review.rating])).toEqual([
      ['Review 3', 'Reviewer 3', 1],
      ['Review 2', null, 4],
      ['Review 1', 'Reviewer 1', 5],
    ]);
    expect(firstPage.items[0]!.createdAt).toBe(new Date(start.getTime() + 3 * DAY_MS).toISOString());
    const secondPage = (
      await callAs(t, viewer, 'GET', `${apiPaths.tutorReviews(tutor.id)}?pageSize=3&page=2`)
    ).json<TutorReviewList>();
    expect(secondPage.items.map((review) => review.title)).toEqual(['Review 0']);
    const pastTheEnd = (
      await callAs(t, viewer, 'GET', `${apiPaths.tutorReviews(tutor.id)}?pageSize=3&page=3`)
    ).json<TutorReviewList>();
    expect(pastTheEnd).toMatchObject({ items: [], total: 4 });
  });
});

describe('my submissions', () => {
  test('lists only the caller’s own tutors, newest first, with status and reason', async () => {
    const me = await signedInStudent(t);
    const someoneElse = await signedInStudent(t);
    const first = await createTutorRecord(t.db, {
      name: 'First',
      status: 'pending',
      submittedBy: me.user.id,
      createdAt: t.clock(),
    });
    const second = await createTutorRecord(t.db, {
      name: 'Second',
      status: 'rejected',
      rejectionReason: 'Duplicate of an existing tutor.',
      submittedBy: me.user.id,
      createdAt: t.clock.advance(DAY_MS),
    });
    const third = await createTutorRecord(t.db, {
      name: 'Third',
      submittedBy: me.user.id,
      createdAt: t.clock.advance(DAY_MS),
    });
    await createTutorRecord(t.db, { name: 'Not mine', status: 'pending', submittedBy: someoneElse.user.id });

    const mine = (await callAs(t, me, 'GET', apiPaths.myTutors)).json<MySubmissions>();
    expect(mine.items.map((tutor) => [tutor.id, tutor.status, tutor.isPublic, tutor.rejectionReason])).toEqual([
      [third.id, 'approved', true, null],
      [second.id, 'rejected', false, 'Duplicate of an existing tutor.'],
      [first.id, 'pending', false, null],
    ]);
    expect((await callAs(t, await signedInAdmin(t), 'GET', apiPaths.myTutors)).json<MySubmissions>().items).toEqual([]);
  });
});
