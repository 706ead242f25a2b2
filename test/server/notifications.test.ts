import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { departmentFollows, notifications, type NotificationRow, users } from '../../src/server/db/schema';
import { storeImage } from '../../src/server/services/images';
import { notify } from '../../src/server/services/notifications';
import { FOLLOWED_DEPARTMENTS_MAX, type Notification, type NotificationList } from '../../src/shared/notifications';
import type { TutorProfile } from '../../src/shared/tutors';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent, sessionCookieFor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord, createUserRecord } from '../helpers/factories';
import { request } from '../helpers/requests';

let t: TestApp;
let admin: Actor;
let sam: Actor;
let olive: Actor;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, 'Dana Dean');
  sam = await signedInStudent(t, 'Sam Student');
  olive = await signedInStudent(t, 'Olive Other');
});
afterEach(() => t.close());

async function list(actor: Actor, query = ''): Promise<NotificationList> {
  const response = await callAs(t, actor, 'GET', `${apiPaths.notifications}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationList>();
}

async function unread(actor: Actor): Promise<number> {
  const response = await callAs(t, actor, 'GET', apiPaths.unreadNotifications);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ unread: number }>().unread;
}

/** `count` notifications for the actor, one minute apart, the last one newest. */
async function notificationsFor(actor: Actor, count: number): Promise<NotificationRow[]> {
  const rows: NotificationRow[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await notify(t.db, {
        userId: actor.user.id,
        kind: 'submission_rejected',
        tutorId: null,
        data: { tutorName: `Tutor ${i}`, reason: `Reason ${i}` },
        createdAt: new Date(t.clock().getTime() + i * 60_000),
      }),
    );
  }
  return rows;
}

describe('who may use notifications', () => {
  test.each([
    ['GET', apiPaths.notifications],
    ['GET', apiPaths.unreadNotifications],
    ['POST', apiPaths.allNotificationsRead],
    ['POST', apiPaths.notificationRead('0b7c4a52-93a1-4f2e-8d6b-5e1f0c9a7d31')],
    ['GET', apiPaths.followedDepartments],
    ['PUT', apiPaths.followedDepartments],
  ] as const)('%s %s: anonymous visitors must log in, unverified accounts verify first', async (method, url) => {
    const payload = method === 'PUT' ? { departments: [] } : undefined;
    const anonymous = await request(t.app, method, url, { payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');

    const { user } = await createUserRecord(t.db, { verified: false });
    const cookie = await sessionCookieFor(t, user.id);
    const unverified = await request(t.app, method, url, { as: cookie, payload });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('email_not_verified');
  });
});

describe('the list', () => {
  test('own notifications only, newest first, paginated, with the unread count', async () => {
    const rows = await notificationsFor(sam, 5);
    await notificationsFor(olive, 2);

    const first = await list(sam, '?pageSize=2');

    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, unread: 5 });
    expect(first.items.map((item) => item.id)).toEqual([rows[4]!.id, rows[3]!.id]);
    expect(first.items[0]).toEqual({
      id: rows[4]!.id,
      kind: 'submission_rejected',
      tutorId: null,
      tutorName: 'Tutor 4',
      department: null,
      reviewTitle: null,
      reviewId: null,
      reason: 'Reason 4',
      read: false,
      createdAt: rows[4]!.createdAt.toISOString(),
    } satisfies Notification);
    const last = await list(sam, '?pageSize=2&page=3');
    expect(last.items.map((item) => item.id)).toEqual([rows[0]!.id]);
    expect(await unread(sam)).toBe(5);
    expect(await unread(olive)).toBe(2);
  });

  test('unreadOnly leaves the read ones out; the unread count stays the same either way', async () => {
    const rows = await notificationsFor(sam, 3);
    expect((await callAs(t, sam, 'POST', apiPaths.notificationRead(rows[1]!.id))).statusCode).toBe(204);

    const unreadOnly = await list(sam, '?unreadOnly=true');
    expect(unreadOnly.items.map((item) => item.id)).toEqual([rows[2]!.id, rows[0]!.id]);
    expect(unreadOnly).toMatchObject({ total: 2, unread: 2 });

    const everything = await list(sam, '?unreadOnly=false');
    expect(everything.items.map((item) => [item.id, item.read])).toEqual([
      [rows[2]!.id, false],
      [rows[1]!.id, true],
      [rows[0]!.id, false],
    ]);
    expect(everything).toMatchObject({ total: 3, unread: 2 });
  });

  test('a bad page size is refused', async () => {
    const response = await callAs(t, sam, 'GET', `${apiPaths.notifications}?pageSize=101`);
    expect(response.statusCode).toBe(400);
  });
});

describe('marking read', () => {
  test('one of your own: read once, and reading it again keeps the first time', async () => {
    const [row] = await notificationsFor(sam, 1);
    const firstRead = t.clock();

    expect((await callAs(t, sam, 'POST', apiPaths.notificationRead(row!.id))).statusCode).toBe(204);
    t.clock.advance(60_000);
    expect((await callAs(t, sam, 'POST', apiPaths.notificationRead(row!.id))).statusCode).toBe(204);

    const [stored] = await t.db.select().from(notifications).where(eq(notifications.id, row!.id));
    expect(stored!.readAt).toEqual(firstRead);
    expect(await unread(sam)).toBe(0);
  });

  test("someone else's, an unknown or a malformed id is not found, and nothing changes", async () => {
    const [olivesOwn] = await notificationsFor(olive, 1);

    for (const id of [olivesOwn!.id, crypto.randomUUID(), 'not-a-uuid']) {
      const response = await callAs(t, sam, 'POST', apiPaths.notificationRead(id));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: 'Notification not found.' });
    }
    expect(await unread(olive)).toBe(1);
  });

  test('all at once: only your own', async () => {
    await notificationsFor(sam, 3);
    await notificationsFor(olive, 2);

    const response = await callAs(t, sam, 'POST', apiPaths.allNotificationsRead);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await unread(sam)).toBe(0);
    expect((await list(sam)).items.every((item) => item.read)).toBe(true);
    expect(await unread(olive)).toBe(2);
  });
});

describe('followed departments', () => {
  test('start empty; a PUT replaces the list, trimmed, once per department whatever its case', async () => {
    expect((await callAs(t, sam, 'GET', apiPaths.followedDepartments)).json()).toEqual({ departments: [] });

    const saved = await callAs(t, sam, 'PUT', apiPaths.followedDepartments, {
      departments: ['  Physics ', 'Computer Science', 'physics', 'computer science '],
    });

    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ departments: ['Computer Science', 'Physics'] });
    expect((await callAs(t, sam, 'GET', apiPaths.followedDepartments)).json()).toEqual({
      departments: ['Computer Science', 'Physics'],
    });

    const replaced = await callAs(t, sam, 'PUT', apiPaths.followedDepartments, { departments: ['Mathematics'] });
    expect(replaced.json()).toEqual({ departments: ['Mathematics'] });
    expect((await callAs(t, olive, 'GET', apiPaths.followedDepartments)).json()).toEqual({ departments: [] });

    expect((await callAs(t, sam, 'PUT', apiPaths.followedDepartments, { departments: [] })).json()).toEqual({
      departments: [],
    });
    expect(await t.db.select().from(departmentFollows)).toEqual([]);
  });

  test('empty names and too many departments are refused, and the list stays', async () => {
    await callAs(t, sam, 'PUT', apiPaths.followedDepartments, { departments: ['Physics'] });

    const blank = await callAs(t, sam, 'PUT', apiPaths.followedDepartments, { departments: ['Chemistry', '   '] });
    expect(blank.statusCode).toBe(400);

    const tooMany = await callAs(t, sam, 'PUT', apiPaths.followedDepartments, {
      departments: Array.from({ length: FOLLOWED_DEPARTMENTS_MAX + 1 }, (_, i) => `Department ${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toEqual({
      code: 'validation_error',
      message: `You can follow at most ${FOLLOWED_DEPARTMENTS_MAX} departments.`,
      fields: [{ path: 'departments', message: `You can follow at most ${FOLLOWED_DEPARTMENTS_MAX} departments.` }],
    });

    expect((await callAs(t, sam, 'GET', apiPaths.followedDepartments)).json()).toEqual({
      departments: ['Physics'],
    });
  });
});

describe('announcing a published tutor to the followers of its department', () => {
  let casual: Actor;
  let elsewhere: Actor;
  let disabled: Actor;
  beforeEach(async () => {
    casual = await signedInStudent(t, 'Casey Casual');
    elsewhere = await signedInStudent(t, 'Elsie Elsewhere');
    disabled = await signedInStudent(t, 'Dora Disabled');
    await callAs(t, sam, 'PUT', apiPaths.followedDepartments, { departments: ['Computer Science'] });
    // Followed in another case: the same department.
    await callAs(t, casual, 'PUT', apiPaths.followedDepartments, { departments: ['Physics', 'computer science'] });
    await callAs(t, elsewhere, 'PUT', apiPaths.followedDepartments, { departments: ['Physics', 'Computer'] });
    await callAs(t, disabled, 'PUT', apiPaths.followedDepartments, { departments: ['Computer Science'] });
    await callAs(t, admin, 'PUT', apiPaths.followedDepartments, { departments: ['Computer Science'] });
    await t.db.update(users).set({ disabledAt: t.clock() }).where(eq(users.id, disabled.user.id));
  });

  async function published(): Promise<{ userId: string; tutorId: string | null; data: unknown }[]> {
    const rows = await t.db.select().from(notifications).where(eq(notifications.kind, 'tutor_published'));
    return rows
      .map(({ userId, tutorId, data }) => ({ userId, tutorId, data }))
      .sort((a, b) => a.userId.localeCompare(b.userId));
  }

  function announcedTo(followers: Actor[], tutorId: string, tutorName: string, department = 'Computer Science') {
    return followers
      .map((follower) => ({ userId: follower.user.id, tutorId, data: { tutorName, department } }))
      .sort((a, b) => a.userId.localeCompare(b.userId));
  }

  async function uploadPicture(): Promise<string> {
    const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 80, b: 160 } } })
      .png()
      .toBuffer();
    return (await storeImage(t.db, t.app.imageStore, { bytes, uploadedBy: admin.user.id, now: t.clock() })).key;
  }

  const adminTutor = (imageKey: string, isPublic: boolean) => ({
    name: 'Grace Hopper',
    department: 'Computer Science',
    biography: 'Taught compilers for decades.',
    courses: ['Compilers'],
    imageKey,
    isPublic,
  });

  test('on approval: followers only; not the submitter, the approving admin or disabled accounts', async () => {
    const submission = await createTutorRecord(t.db, {
      name: 'Ada Lovelace',
      status: 'pending',
      submittedBy: olive.user.id,
    });
    await callAs(t, olive, 'PUT', apiPaths.followedDepartments, { departments: ['Computer Science'] });

    const response = await callAs(t, admin, 'POST', apiPaths.approveTutor(submission.id));

    expect(response.statusCode, response.body).toBe(200);
    expect(await published()).toEqual(announcedTo([sam, casual], submission.id, 'Ada Lovelace'));
    const oliveKinds = (await list(olive)).items.map((item) => item.kind);
    expect(oliveKinds).toEqual(['submission_approved']);

    const [announcement] = (await list(sam)).items;
    expect(announcement).toMatchObject({
      kind: 'tutor_published',
      tutorId: submission.id,
      tutorName: 'Ada Lovelace',
      department: 'Computer Science',
      reviewTitle: null,
      reason: null,
      read: false,
      createdAt: t.clock().toISOString(),
    });
    expect((await list(elsewhere)).total).toBe(0);
  });

  test('a rejection announces nothing', async () => {
    const submission = await createTutorRecord(t.db, { status: 'pending', submittedBy: olive.user.id });

    expect(
      (await callAs(t, admin, 'POST', apiPaths.rejectTutor(submission.id), { reason: 'Unknown here.' })).statusCode,
    ).toBe(200);

    expect(await published()).toEqual([]);
  });

  test('on an admin adding a public tutor, not a hidden one', async () => {
    const created = await callAs(t, admin, 'POST', apiPaths.adminTutors, adminTutor(await uploadPicture(), true));
    expect(created.statusCode, created.body).toBe(201);
    const tutorId = created.json<{ tutor: TutorProfile }>().tutor.id;
    expect(await published()).toEqual(announcedTo([sam, casual], tutorId, 'Grace Hopper'));

    await t.db.delete(notifications);
    const hidden = await callAs(t, admin, 'POST', apiPaths.adminTutors, {
      ...adminTutor(await uploadPicture(), false),
      name: 'Hidden Hopper',
    });
    expect(hidden.statusCode, hidden.body).toBe(201);
    expect(await published()).toEqual([]);
  });

  test('on an admin edit that makes a tutor public, each time it becomes public again, and not otherwise', async () => {
    const picture = await uploadPicture();
    const created = await callAs(t, admin, 'POST', apiPaths.adminTutors, adminTutor(picture, false));
    const tutorId = created.json<{ tutor: TutorProfile }>().tutor.id;
    const edit = (isPublic: boolean, name = 'Grace Hopper') =>
      callAs(t, admin, 'PATCH', apiPaths.adminTutor(tutorId), { ...adminTutor(picture, isPublic), name });

    expect((await edit(true)).statusCode).toBe(200);
    expect(await published()).toEqual(announcedTo([sam, casual], tutorId, 'Grace Hopper'));

    // Edited while public: no second announcement.
    await t.db.delete(notifications);
    expect((await edit(true, 'Grace B. Hopper')).statusCode).toBe(200);
    expect(await published()).toEqual([]);

    // Hidden, then public again: announced again.
    expect((await edit(false)).statusCode).toBe(200);
    expect((await edit(true)).statusCode).toBe(200);
    expect(await published()).toEqual(announcedTo([sam, casual], tutorId, 'Grace Hopper'));
  });

  test('publishing a pending submission by editing it: the submitter is told it was approved, the followers that it is out', async () => {
    const submission = await createTutorRecord(t.db, {
      name: 'Ada Lovelace',
      status: 'pending',
      submittedBy: sam.user.id,
    });
    const picture = await uploadPicture();

    const response = await callAs(t, admin, 'PATCH', apiPaths.adminTutor(submission.id), {
      ...adminTutor(picture, true),
      name: 'Ada Lovelace',
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(await published()).toEqual(announcedTo([casual], submission.id, 'Ada Lovelace'));
    expect((await list(sam)).items.map((item) => item.kind)).toEqual(['submission_approved']);
  });
});
