import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { UserRow } from '../../src/server/db/schema';
import { DAY_MS } from '../../src/server/lib/clock';
import type { MySubmissions, TutorList, TutorProfile, TutorReviewList } from '../../src/shared/tutors';
import { createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';
import { createAdminRecord, createReviewRecord, createTutorRecord, createUserRecord } from '../helpers/factories';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

interface Actor {
  user: UserRow;
  cookie: string;
}

async function student(name = 'Test Student'): Promise<Actor> {
  const { user, password } = await createUserRecord(t.db, { name, verified: true });
  return { user, cookie: await login(t.app, { email: user.email, password }) };
}

async function admin(): Promise<Actor> {
  const { user, password } = await createAdminRecord(t.db);
  return { user, cookie: await login(t.app, { email: user.email, password }) };
}

function get(url: string, actor?: Actor) {
  return t.app.inject({ method: 'GET', url, headers: actor ? { cookie: actor.cookie } : {} });
}

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
    ['GET', '/api/tutors'],
    ['GET', '/api/tutors/departments'],
    ['GET', '/api/tutors/similar?name=Grace'],
    ['GET', '/api/tutors/mine'],
    ['POST', '/api/tutors'],
    ['GET', `/api/tutors/${SOME_UUID}`],
    ['GET', `/api/tutors/${SOME_UUID}/reviews`],
    ['PATCH', `/api/tutors/${SOME_UUID}`],
    ['DELETE', `/api/tutors/${SOME_UUID}`],
  ] as const;

  test.each(studentRoutes)('%s %s: anonymous 401, unverified 403', async (method, url) => {
    const payload = method === 'POST' || method === 'PATCH' ? submission : undefined;

    const anonymous = await t.app.inject({ method, url, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');

    const { user, password } = await createUserRecord(t.db, { verified: false });
    const cookie = await login(t.app, { email: user.email, password });
    const unverified = await t.app.inject({ method, url, payload, headers: { cookie } });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error).toEqual({
      code: 'email_not_verified',
      message: 'Please verify your email address first.',
    });
  });

  const adminRoutes = [
    ['GET', '/api/admin/tutors'],
    ['POST', '/api/admin/tutors'],
    ['PATCH', `/api/admin/tutors/${SOME_UUID}`],
    ['DELETE', `/api/admin/tutors/${SOME_UUID}`],
    ['POST', `/api/admin/tutors/${SOME_UUID}/approve`],
    ['POST', `/api/admin/tutors/${SOME_UUID}/reject`],
  ] as const;

  test.each(adminRoutes)('%s %s: anonymous 401, student 403', async (method, url) => {
    const tutor = await createTutorRecord(t.db, { status: 'pending' });
    const target = url.replace(SOME_UUID, tutor.id);
    const payload = url.endsWith('/reject')
      ? { reason: 'Unknown here.' }
      : method === 'POST' || method === 'PATCH'
        ? submission
        : undefined;

    const anonymous = await t.app.inject({ method, url: target, payload });
    expect(anonymous.statusCode).toBe(401);

    const verifiedStudent = await student();
    const refused = await t.app.inject({ method, url: target, payload, headers: { cookie: verifiedStudent.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'forbidden', message: 'Only administrators can do this.' });

    // Nothing changed behind the refusals.
    const after = await get(`/api/tutors/${tutor.id}`, await admin());
    expect(after.json<{ tutor: TutorProfile }>().tutor).toMatchObject({ status: 'pending', isPublic: false });
  });
});

describe('a private tutor', () => {
  async function scene() {
    const submitter = await student('Sam Submitter');
    const other = await student('Olive Other');
    const boss = await admin();
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
      const list = (await get('/api/tutors', actor)).json<TutorList>();
      expect(list.items.map((tutor) => tutor.id)).toEqual([publicTutor.id]);
      expect(list.total).toBe(1);
    }
  });

  test('by id: 404 for another student, shown to its submitter and to admins', async () => {
    const { submitter, other, boss, pending } = await scene();

    const refused = await get(`/api/tutors/${pending.id}`, other);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual(NOT_FOUND);

    const own = await get(`/api/tutors/${pending.id}`, submitter);
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

    const seenByAdmin = await get(`/api/tutors/${pending.id}`, boss);
    expect(seenByAdmin.statusCode).toBe(200);
    expect(seenByAdmin.json<{ tutor: TutorProfile }>().tutor).toMatchObject({ id: pending.id, submittedByMe: false });
  });

  test('the rejection reason is for the submitter and admins only', async () => {
    const { submitter, other, boss, rejected } = await scene();

    expect((await get(`/api/tutors/${rejected.id}`, submitter)).json().tutor.rejectionReason).toBe(
      'We could not find this tutor.',
    );
    expect((await get(`/api/tutors/${rejected.id}`, boss)).json().tutor.rejectionReason).toBe(
      'We could not find this tutor.',
    );
    expect((await get(`/api/tutors/${rejected.id}`, other)).statusCode).toBe(404);

    // Even where a tutor with a recorded reason is public, other students never read the reason.
    const published = await createTutorRecord(t.db, { rejectionReason: 'Old note.', submittedBy: submitter.user.id });
    expect((await get(`/api/tutors/${published.id}`, other)).json().tutor.rejectionReason).toBeNull();
    expect((await get(`/api/tutors/${published.id}`, submitter)).json().tutor.rejectionReason).toBe('Old note.');
  });

  test('its reviews follow the same rule', async () => {
    const { submitter, other, boss, pending } = await scene();
    const author = await createUserRecord(t.db, { verified: true });
    await createReviewRecord(t.db, { tutorId: pending.id, authorId: author.user.id, rating: 4 });

    const refused = await get(`/api/tutors/${pending.id}/reviews`, other);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual(NOT_FOUND);
    for (const actor of [submitter, boss]) {
      const response = await get(`/api/tutors/${pending.id}/reviews`, actor);
      expect(response.statusCode).toBe(200);
      expect(response.json<TutorReviewList>().total).toBe(1);
    }
  });

  test('the similar-names hint never reveals it to another student', async () => {
    const { submitter, other, pending } = await scene();

    const forOther = (await get('/api/tutors/similar?name=Pat%20Pending', other)).json();
    expect(forOther.items).toEqual([]);
    const forSubmitter = (await get('/api/tutors/similar?name=Pat%20Pending', submitter)).json();
    expect(forSubmitter.items.map((tutor: { id: string }) => tutor.id)).toEqual([pending.id]);
  });
});

describe('unknown and malformed ids get the same answer', () => {
  test.each(['not-a-uuid', '123', `${SOME_UUID}x`, SOME_UUID, "1' or '1'='1", '%20'])('id %j', async (id) => {
    const submitter = await student();
    const boss = await admin();
    const path = `/api/tutors/${encodeURIComponent(id)}`;

    for (const [method, url, actor] of [
      ['GET', path, submitter],
      ['GET', `${path}/reviews`, submitter],
      ['DELETE', path, submitter],
      ['GET', path, boss],
      ['POST', `/api/admin/tutors/${encodeURIComponent(id)}/approve`, boss],
      ['DELETE', `/api/admin/tutors/${encodeURIComponent(id)}`, boss],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie: actor.cookie } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toEqual(NOT_FOUND);
    }
    const edit = await t.app.inject({
      method: 'PATCH',
      url: path,
      payload: submission,
      headers: { cookie: submitter.cookie },
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toEqual(NOT_FOUND);
  });
});

describe('profiles and reviews', () => {
  test('the profile counts visible reviews per star; the list shows them newest first with their authors', async () => {
    const viewer = await student();
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

    const profile = (await get(`/api/tutors/${tutor.id}`, viewer)).json<{ tutor: TutorProfile }>().tutor;
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

    const firstPage = (await get(`/api/tutors/${tutor.id}/reviews?pageSize=3`, viewer)).json<TutorReviewList>();
    expect(firstPage).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(firstPage.items.map((review) => [review.title, review.authorName, review.rating])).toEqual([
      ['Review 3', 'Reviewer 3', 1],
      ['Review 2', 'Reviewer 2', 4],
      ['Review 1', 'Reviewer 1', 5],
    ]);
    expect(firstPage.items[0]!.createdAt).toBe(new Date(start.getTime() + 3 * DAY_MS).toISOString());
    const secondPage = (await get(`/api/tutors/${tutor.id}/reviews?pageSize=3&page=2`, viewer)).json<TutorReviewList>();
    expect(secondPage.items.map((review) => review.title)).toEqual(['Review 0']);
    const pastTheEnd = (await get(`/api/tutors/${tutor.id}/reviews?pageSize=3&page=3`, viewer)).json<TutorReviewList>();
    expect(pastTheEnd).toMatchObject({ items: [], total: 4 });
  });
});

describe('my submissions', () => {
  test('lists only the caller’s own tutors, newest first, with status and reason', async () => {
    const me = await student();
    const someoneElse = await student();
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

    const mine = (await get('/api/tutors/mine', me)).json<MySubmissions>();
    expect(mine.items.map((tutor) => [tutor.id, tutor.status, tutor.isPublic, tutor.rejectionReason])).toEqual([
      [third.id, 'approved', true, null],
      [second.id, 'rejected', false, 'Duplicate of an existing tutor.'],
      [first.id, 'pending', false, null],
    ]);
    expect((await get('/api/tutors/mine', await admin())).json<MySubmissions>().items).toEqual([]);
  });
});
