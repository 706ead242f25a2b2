import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, notifications, reviewReports, reviews, sessions, tutors, users } from '../../src/server/db/schema';
import { deleteUser, disableUser } from '../../src/server/services/accounts/admin-users';
import {
  LAST_ADMIN_MESSAGE,
  OWN_ACCOUNT_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type AdminUser,
  type AdminUserList,
  type CreateUserResponse,
} from '../../src/shared/users';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login, loginAttempt } from '../helpers/auth';
import {
  createReviewRecord,
  createTutorRecord,
  createUserRecord,
  DEFAULT_TEST_PASSWORD,
  recomputedTutorAggregates,
  tutorAggregates,
  type UserRecord,
} from '../helpers/factories';
import { readMails } from '../helpers/mail';
import type { Method } from '../helpers/requests';

let t: TestApp;
let admin: Actor;
let student: Actor;
beforeEach(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, 'Dana Dean');
  student = await signedInStudent(t, 'Sam Student');
});
afterEach(() => t.close());

async function list(query = ''): Promise<AdminUserList> {
  const response = await callAs(t, admin, 'GET', `${apiPaths.adminUsers}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function auditEntries() {
  return t.db
    .select({
      actorId: auditLog.actorId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      subjectUserId: auditLog.subjectUserId,
      data: auditLog.data,
    })
    .from(auditLog);
}

describe('only administrators manage users', () => {
  test('students get 403 and anonymous visitors 401 on every action, and nothing changes', async () => {
    const { user: other } = await createUserRecord(t.db, { name: 'Olga Other', verified: true });
    const before = await t.db.select().from(users).orderBy(users.id);
    const sessionsBefore = await t.db.select().from(sessions);
    const attempts: [Method, string, object | undefined][] = [
      ['GET', apiPaths.adminUsers, undefined],
      [
        'POST',
        apiPaths.adminUsers,
        { name: 'New Person', email: 'new@uni.example', role: 'admin', delivery: 'password' },
      ],
      ['POST', apiPaths.adminUsers, { name: 'New Person', email: 'new@uni.example', delivery: 'invitation' }],
      ['PATCH', apiPaths.adminUser(other.id), { role: 'admin' }],
      ['POST', apiPaths.disableUser(other.id), undefined],
      ['POST', apiPaths.enableUser(other.id), undefined],
      ['DELETE', apiPaths.adminUser(other.id), undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const asStudent = await callAs(t, student, method, url, payload);
      expect(asStudent.statusCode, `${method} ${url} as a student`).toBe(403);
      expect(asStudent.json().error.code).toBe('forbidden');
      const anonymous = await callAs(t, undefined, method, url, payload);
      expect(anonymous.statusCode, `${method} ${url} anonymously`).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthenticated');
    }
    expect(await t.db.select().from(users).orderBy(users.id)).toEqual(before);
    expect(await t.db.select().from(sessions)).toHaveLength(sessionsBefore.length);
    expect(await auditEntries()).toEqual([]);
    expect(await readMails(t.outboxDir)).toEqual([]);
  });
});

describe('the user list', () => {
  test('newest first, with review counts and the viewer marked', async () => {
    const tutor = await createTutorRecord(t.db);
    const otherTutor = await createTutorRecord(t.db);
    await createReviewRecord(t.db, { tutorId: tutor.id, authorId: student.user.id, rating: 4 });
    await createReviewRecord(t.db, { tutorId: otherTutor.id, authorId: student.user.id, rating: 2, hidden: true });
    const { user: newest } = await createUserRecord(t.db, {
      name: 'Newest Person',
      now: new Date(Date.now() + 60_000),
    });

    const page = await list();

    expect(page.total).toBe(3);
    expect(page.items.map((user) => user.id)).toEqual([newest.id, student.user.id, admin.user.id]);
    const byId = new Map(page.items.map((user) => [user.id, user]));
    expect(byId.get(student.user.id)).toEqual<AdminUser>({
      id: student.user.id,
      name: 'Sam Student',
      email: student.user.email,
      phone: null,
      role: 'student',
      emailVerified: true,
      disabled: false,
      reviewCount: 2,
      submittedTutorCount: 0,
      createdAt: student.user.createdAt.toISOString(),
      lastActiveAt: (await userRow(student.user.id))!.lastActiveAt!.toISOString(),
      isSelf: false,
    });
    expect(byId.get(admin.user.id)).toMatchObject({ role: 'admin', isSelf: true, reviewCount: 0 });
    expect(byId.get(newest.id)).toMatchObject({ emailVerified: false, isSelf: false });
  });

  test('searches names and email addresses in any case, in part', async () => {
    await createUserRecord(t.db, { name: 'Grace Hopper', email: 'ghopper@navy.example' });
    await createUserRecord(t.db, { name: 'Ada Lovelace', email: 'ada@engine.example' });
    await createUserRecord(t.db, { name: 'Alan Turing', email: 'alan@bletchley.example' });

    expect((await list('?q=HOPP')).items.map((user) => user.name)).toEqual(['Grace Hopper']);
    expect((await list('?q=engine.EX')).items.map((user) => user.name)).toEqual(['Ada Lovelace']);
    expect((await list('?q=a%20lovel')).items.map((user) => user.name)).toEqual(['Ada Lovelace']);
    expect((await list('?q=%25')).items).toEqual([]);
    expect((await list('?q=nobody')).total).toBe(0);
    // Best match first: the exact address leads, ahead of newer partial matches.
    const ada = await list('?q=ada@engine.example');
    expect(ada.items[0]?.name).toBe('Ada Lovelace');
  });

  test('filters by role and status, and pages', async () => {
    const start = Date.now() + 60_000;
    const created = [];
    for (let i = 0; i < 5; i++) {
      created.push(
        (await createUserRecord(t.db, { name: `Paged ${i}`, now: new Date(start + i * 1000), disabled: i % 2 === 0 }))
          .user,
      );
    }

    const admins = await list('?role=admin');
    expect(admins.items.map((user) => user.id)).toEqual([admin.user.id]);
    const disabled = await list('?status=disabled');
    expect(disabled.items.map((user) => user.name)).toEqual(['Paged 4', 'Paged 2', 'Paged 0']);
    expect(disabled.items.every((user) => user.disabled)).toBe(true);
    const active = await list('?status=active&role=student');
    expect(active.items.map((user) => user.name)).toEqual(['Paged 3', 'Paged 1', 'Sam Student']);

    const first = await list('?pageSize=3');
    const second = await list('?pageSize=3&page=2');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.items.map((user) => user.name)).toEqual(['Paged 4', 'Paged 3', 'Paged 2']);
    expect(second.items.map((user) => user.name)).toEqual(['Paged 1', 'Paged 0', 'Sam Student']);
    expect((await list('?pageSize=3&page=3')).items.map((user) => user.id)).toEqual([admin.user.id]);
    expect((await callAs(t, admin, 'GET', `${apiPaths.adminUsers}?pageSize=500`)).statusCode).toBe(400);
  });
});

describe('sorting the user list', () => {
  /** Three students created a minute apart, active at other times, with 0, 2 and 1 reviews. */
  async function threeStudents() {
    const base = Math.max(Date.now(), t.clock().getTime());
    const made = [];
    for (const [i, name] of ['First Made', 'Second Made', 'Third Made'].entries())
      made.push(await createUserRecord(t.db, { name, verified: true, now: new Date(base + (i + 1) * 60_000) }));
    const [first, second, third] = made as [UserRecord, UserRecord, UserRecord];
    // Signing in is activity: Third first, then First; Second never signs in.
    t.clock.advance(10 * 60_000);
    await login(t.app, { email: third.user.email, password: third.password });
    t.clock.advance(10 * 60_000);
    const firstCookie = await login(t.app, { email: first.user.email, password: first.password });
    // Using a session more than a minute later notes it again.
    t.clock.advance(5 * 60_000);
    expect((await callAs(t, { user: first.user, cookie: firstCookie }, 'GET', apiPaths.session)).statusCode).toBe(200);
    const tutors = [await createTutorRecord(t.db), await createTutorRecord(t.db)];
    for (const tutor of tutors)
      await createReviewRecord(t.db, { tutorId: tutor.id, authorId: second.user.id, rating: 3 });
    await createReviewRecord(t.db, { tutorId: tutors[0]!.id, authorId: third.user.id, rating: 5, hidden: true });
    return { first, second, third };
  }

  const names = (page: AdminUserList) => page.items.map((user) => user.name);
  /** Every page of the sort, two accounts a page: the order is the server's across pages, not one page's. */
  async function allPages(query: string): Promise<string[]> {
    const first = await list(`?pageSize=2&${query}`);
    const all = names(first);
    for (let page = 2; page <= Math.ceil(first.total / 2); page++)
      all.push(...names(await list(`?pageSize=2&page=${page}&${query}`)));
    return all;
  }

  test('by created, last active and reviews, both ways, across pages', async () => {
    const { first } = await threeStudents();
    expect((await userRow(first.user.id))!.lastActiveAt).toEqual(t.clock());

    // Dana and Sam were created before the three.
    expect(await allPages('sort=created')).toEqual([
      'Third Made',
      'Second Made',
      'First Made',
      'Sam Student',
      'Dana Dean',
    ]);
    expect(await allPages('sort=created&dir=asc')).toEqual([
      'Dana Dean',
      'Sam Student',
      'First Made',
      'Second Made',
      'Third Made',
    ]);

    // Latest activity first (Dana's own requests are activity too); never active (Second) last either way.
    const made = (all: string[]) => all.filter((name) => name.endsWith(' Made'));
    const latest = await allPages('sort=lastActive');
    expect(made(latest)).toEqual(['First Made', 'Third Made', 'Second Made']);
    expect(latest.indexOf('Third Made')).toBeLessThan(latest.indexOf('Sam Student'));
    expect(latest.at(-1)).toBe('Second Made');
    const earliest = await allPages('sort=lastActive&dir=asc');
    expect(made(earliest)).toEqual(['Third Made', 'First Made', 'Second Made']);
    expect(earliest[0]).toBe('Sam Student');
    expect(earliest.at(-1)).toBe('Second Made');

    expect((await allPages('sort=reviews')).slice(0, 2)).toEqual(['Second Made', 'Third Made']);
    expect((await allPages('sort=reviews&dir=asc')).slice(-2)).toEqual(['Third Made', 'Second Made']);

    // With a search and a filter, the sort still applies.
    expect(names(await list('?q=made&sort=reviews'))).toEqual(['Second Made', 'Third Made', 'First Made']);
    expect(names(await list('?role=student&status=active&sort=created&dir=asc&pageSize=2&page=2'))).toEqual([
      'Second Made',
      'Third Made',
    ]);
  });

  test('an unknown column or direction is refused', async () => {
    for (const query of ['?sort=email', '?sort=created&dir=up'])
      expect((await callAs(t, admin, 'GET', `${apiPaths.adminUsers}${query}`)).statusCode).toBe(400);
  });
});

describe('adding a user', () => {
  test('with a one-time password: a verified account that signs in with it; only its hash is stored', async () => {
    const response = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
      name: '  Nia New ',
      email: 'Nia.New@Uni.Example',
      role: 'admin',
      delivery: 'password',
    });

    expect(response.statusCode).toBe(201);
    const body = response.json<CreateUserResponse>();
    expect(body.oneTimePassword).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(body.user).toMatchObject({
      name: 'Nia New',
      email: 'nia.new@uni.example',
      role: 'admin',
      emailVerified: true,
      disabled: false,
      reviewCount: 0,
      isSelf: false,
    });

    const stored = await userRow(body.user.id);
    expect(stored?.passwordHash?.startsWith('$argon2id$')).toBe(true);
    const everything = JSON.stringify([await t.db.select().from(users), await t.db.select().from(auditLog)]);
    expect(everything).not.toContain(body.oneTimePassword);
    expect(t.logs.join('\n')).not.toContain(body.oneTimePassword);

    const cookie = await login(t.app, { email: 'nia.new@uni.example', password: body.oneTimePassword! });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({
      id: body.user.id,
      role: 'admin',
      emailVerified: true,
    });
    expect(await readMails(t.outboxDir)).toEqual([]);

    expect(await auditEntries()).toEqual([
      {
        actorId: admin.user.id,
        action: 'user_created',
        targetType: 'user',
        targetId: body.user.id,
        subjectUserId: body.user.id,
        data: { userName: 'Nia New', userEmail: 'nia.new@uni.example', changes: { role: 'admin' } },
      },
    ]);
  });

  test('each one-time password is different', async () => {
    const first = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
      name: 'One',
      email: 'one@uni.example',
      delivery: 'password',
    });
    const second = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
      name: 'Two',
      email: 'two@uni.example',
      delivery: 'password',
    });
    expect(first.json().user.role).toBe('student');
    expect(first.json().oneTimePassword).not.toBe(second.json().oneTimePassword);
  });

  test('a taken email is refused, in any case, and nothing is written', async () => {
    const response = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
      name: 'Copy',
      email: student.user.email.toUpperCase(),
      delivery: 'password',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'email_taken',
      message: 'An account with this email already exists.',
      fields: [{ path: 'email', message: 'An account with this email already exists.' }],
    });
    expect(await t.db.select().from(users)).toHaveLength(2);
    expect(await auditEntries()).toEqual([]);
  });

  test('the request is checked', async () => {
    for (const payload of [
      { name: '', email: 'x@uni.example', delivery: 'password' },
      { name: 'X', email: 'not-an-email', delivery: 'password' },
      { name: 'X', email: 'x@uni.example', delivery: 'carrier pigeon' },
      { name: 'X', email: 'x@uni.example', role: 'owner', delivery: 'password' },
    ]) {
      const response = await callAs(t, admin, 'POST', apiPaths.adminUsers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await t.db.select().from(users)).toHaveLength(2);
  });
});

describe('changing a user', () => {
  test('renames and changes the role, with the changes in the audit log', async () => {
    const response = await callAs(t, admin, 'PATCH', apiPaths.adminUser(student.user.id), {
      name: ' Samantha Student ',
      role: 'admin',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: student.user.id, name: 'Samantha Student', role: 'admin' });
    expect(await userRow(student.user.id)).toMatchObject({ name: 'Samantha Student', role: 'admin' });
    // A new role is a new way in (the credential epoch moved): the account signs in again under it,
    // and an administrator's powers wait for a second factor where the site requires one.
    expect(await getSessionAccount(t.app, student.cookie)).toBeNull();
    const again = await login(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD });
    const refused = await callAs(t, { user: student.user, cookie: again }, 'GET', apiPaths.adminUsers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_enrolment_required');
    expect(await auditEntries()).toEqual([
      {
        actorId: admin.user.id,
        action: 'user_updated',
        targetType: 'user',
        targetId: student.user.id,
        subjectUserId: student.user.id,
        data: {
          userName: 'Sam Student',
          userEmail: student.user.email,
          changes: { name: 'Samantha Student', role: 'admin' },
        },
      },
    ]);
  });

  test('only what differs is recorded; an unchanged request records nothing', async () => {
    await callAs(t, admin, 'PATCH', apiPaths.adminUser(student.user.id), { name: 'Sam Student', role: 'admin' });
    const same = await callAs(t, admin, 'PATCH', apiPaths.adminUser(student.user.id), { role: 'admin' });

    expect(same.statusCode).toBe(200);
    const entries = await auditEntries();
    expect(entries.map((entry) => entry.data.changes)).toEqual([{ role: 'admin' }]);
  });

  test('an empty change, an unknown id and a malformed id are refused', async () => {
    expect((await callAs(t, admin, 'PATCH', apiPaths.adminUser(student.user.id), {})).statusCode).toBe(400);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await callAs(t, admin, 'PATCH', apiPaths.adminUser(id), { name: 'Ghost' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: USER_NOT_FOUND_MESSAGE });
      for (const actionPath of [apiPaths.disableUser, apiPaths.enableUser]) {
        expect((await callAs(t, admin, 'POST', actionPath(id))).json().error.message).toBe(USER_NOT_FOUND_MESSAGE);
      }
      expect((await callAs(t, admin, 'DELETE', apiPaths.adminUser(id))).statusCode).toBe(404);
    }
    expect(await auditEntries()).toEqual([]);
  });
});

describe('disabling and enabling', () => {
  test('ends the sessions at once, refuses login, and enabling lets them back in', async () => {
    const secondCookie = await login(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD });

    const response = await callAs(t, admin, 'POST', apiPaths.disableUser(student.user.id));

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: student.user.id, disabled: true });
    expect(await getSessionAccount(t.app, student.cookie)).toBeNull();
    expect(await getSessionAccount(t.app, secondCookie)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, student.user.id))).toEqual([]);
    expect(await loginAttempt(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD })).toEqual({
      status: 403,
      code: 'account_disabled',
    });
    // A wrong password learns nothing about the account.
    expect(await loginAttempt(t.app, { email: student.user.email, password: 'not the password' })).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });

    const again = await callAs(t, admin, 'POST', apiPaths.disableUser(student.user.id));
    expect(again.statusCode).toBe(409);

    const enabled = await callAs(t, admin, 'POST', apiPaths.enableUser(student.user.id));
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().user).toMatchObject({ disabled: false });
    expect(await loginAttempt(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD })).toEqual({
      status: 200,
      code: null,
    });
    expect((await callAs(t, admin, 'POST', apiPaths.enableUser(student.user.id))).statusCode).toBe(409);

    const entries = await auditEntries();
    expect(entries).toEqual([
      {
        actorId: admin.user.id,
        action: 'user_disabled',
        targetType: 'user',
        targetId: student.user.id,
        subjectUserId: student.user.id,
        data: { userName: 'Sam Student', userEmail: student.user.email },
      },
      {
        actorId: admin.user.id,
        action: 'user_enabled',
        targetType: 'user',
        targetId: student.user.id,
        subjectUserId: student.user.id,
        data: { userName: 'Sam Student', userEmail: student.user.email },
      },
    ]);
  });

  test('an administrator cannot disable themselves', async () => {
    await signedInAdmin(t, 'Second Admin');
    const response = await callAs(t, admin, 'POST', apiPaths.disableUser(admin.user.id));

    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'forbidden', message: OWN_ACCOUNT_MESSAGE });
    expect((await userRow(admin.user.id))?.disabledAt).toBeNull();
    expect(await getSessionAccount(t.app, admin.cookie)).not.toBeNull();
  });

  test('another administrator can be disabled while one stays active', async () => {
    const other = await signedInAdmin(t, 'Other Admin');
    expect((await callAs(t, admin, 'POST', apiPaths.disableUser(other.user.id))).statusCode).toBe(200);
    expect(await getSessionAccount(t.app, other.cookie)).toBeNull();
  });
});

describe('deleting a user', () => {
  test("removes the account, its sessions and its reviews; every tutor's aggregates stay exact", async () => {
    const tutorA = await createTutorRecord(t.db);
    const tutorB = await createTutorRecord(t.db);
    const submitted = await createTutorRecord(t.db, { status: 'pending', submittedBy: student.user.id });
    const other = await signedInStudent(t, 'Olga Other');
    await createReviewRecord(t.db, { tutorId: tutorA.id, authorId: student.user.id, rating: 1 });
    await createReviewRecord(t.db, { tutorId: tutorB.id, authorId: student.user.id, rating: 5, hidden: true });
    await createReviewRecord(t.db, { tutorId: tutorA.id, authorId: other.user.id, rating: 4 });
    const othersReview = await createReviewRecord(t.db, { tutorId: tutorB.id, authorId: other.user.id, rating: 3 });
    await t.db.insert(reviewReports).values({ reviewId: othersReview.id, reporterId: student.user.id, reason: 'spam' });
    await t.db.insert(notifications).values({ userId: student.user.id, kind: 'review_hidden', tutorId: tutorB.id });

    const response = await callAs(t, admin, 'DELETE', apiPaths.adminUser(student.user.id));

    expect(response.statusCode).toBe(204);
    expect(await userRow(student.user.id)).toBeUndefined();
    expect(await getSessionAccount(t.app, student.cookie)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, student.user.id))).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.authorId, student.user.id))).toEqual([]);
    expect(await t.db.select().from(reviewReports)).toEqual([]);
    expect(await t.db.select().from(notifications)).toEqual([]);
    for (const tutor of [tutorA, tutorB]) {
      const stored = await tutorAggregates(t.db, tutor.id);
      expect({ reviewCount: stored.reviewCount, ratingSum: stored.ratingSum }).toEqual(
        await recomputedTutorAggregates(t.db, tutor.id),
      );
    }
    expect(await tutorAggregates(t.db, tutorA.id)).toEqual({ reviewCount: 1, ratingSum: 4, averageRating: 4 });
    expect(await tutorAggregates(t.db, tutorB.id)).toEqual({ reviewCount: 1, ratingSum: 3, averageRating: 3 });
    const [keptTutor] = await t.db.select().from(tutors).where(eq(tutors.id, submitted.id));
    expect(keptTutor?.submittedBy).toBeNull();
    expect(await loginAttempt(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD })).toEqual({
      status: 401,
      code: 'invalid_credentials',
    });

    expect(await auditEntries()).toEqual([
      {
        actorId: admin.user.id,
        action: 'user_deleted',
        targetType: 'user',
        targetId: student.user.id,
        subjectUserId: null,
        data: { userName: 'Sam Student', userEmail: student.user.email },
      },
    ]);
    expect((await list()).items.map((user) => user.id)).not.toContain(student.user.id);
    expect((await callAs(t, admin, 'DELETE', apiPaths.adminUser(student.user.id))).statusCode).toBe(404);
  });

  test('an administrator cannot delete themselves', async () => {
    await signedInAdmin(t, 'Second Admin');
    const response = await callAs(t, admin, 'DELETE', apiPaths.adminUser(admin.user.id));

    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'forbidden', message: OWN_ACCOUNT_MESSAGE });
    expect(await userRow(admin.user.id)).toBeDefined();
  });
});

describe('there is always an active administrator', () => {
  test('the only administrator cannot demote themselves', async () => {
    const response = await callAs(t, admin, 'PATCH', apiPaths.adminUser(admin.user.id), { role: 'student' });

    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'conflict', message: LAST_ADMIN_MESSAGE });
    expect((await userRow(admin.user.id))?.role).toBe('admin');
    expect(await auditEntries()).toEqual([]);
  });

  test('with a second active administrator one may step down; a disabled one does not count', async () => {
    const disabledAdmin = await createUserRecord(t.db, { role: 'admin', verified: true, disabled: true });
    expect((await callAs(t, admin, 'PATCH', apiPaths.adminUser(admin.user.id), { role: 'student' })).statusCode).toBe(
      409,
    );

    await callAs(t, admin, 'POST', apiPaths.enableUser(disabledAdmin.user.id));
    expect((await callAs(t, admin, 'PATCH', apiPaths.adminUser(admin.user.id), { role: 'student' })).statusCode).toBe(
      200,
    );
    expect((await userRow(admin.user.id))?.role).toBe('student');
  });

  test('the last active administrator cannot be disabled or deleted by a request already under way', async () => {
    // An administrator disabled while their request was being served: the rule still holds.
    const { user: formerAdmin } = await createUserRecord(t.db, { role: 'admin', verified: true, disabled: true });

    await expect(disableUser(t.db, formerAdmin, admin.user.id, t.clock())).rejects.toMatchObject({
      code: 'conflict',
      message: LAST_ADMIN_MESSAGE,
    });
    await expect(deleteUser(t.db, formerAdmin, admin.user.id, t.clock())).rejects.toMatchObject({
      code: 'conflict',
      message: LAST_ADMIN_MESSAGE,
    });
    expect(await userRow(admin.user.id)).toMatchObject({ role: 'admin', disabledAt: null });
  });

  test.each([
    [
      'demoting',
      200,
      (id: string): [Method, string, object?] => ['PATCH', apiPaths.adminUser(id), { role: 'student' }],
    ],
    ['disabling', 200, (id: string): [Method, string, object?] => ['POST', apiPaths.disableUser(id)]],
    ['deleting', 204, (id: string): [Method, string, object?] => ['DELETE', apiPaths.adminUser(id)]],
  ])('two administrators %s each other at once leave one active administrator', async (_, success, request) => {
    const other = await signedInAdmin(t, 'Other Admin');

    const responses = await Promise.all([
      callAs(t, admin, ...request(other.user.id)),
      callAs(t, other, ...request(admin.user.id)),
    ]);

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === success)).toHaveLength(1);
    // The loser is refused by the rule, or (when the winner finished before its request was
    // even let in) because it is no longer an active administrator.
    const refused = responses.find((response) => response.statusCode !== success)!;
    expect([401, 403, 409]).toContain(refused.statusCode);
    if (refused.statusCode === 409)
      expect(refused.json().error).toEqual({ code: 'conflict', message: LAST_ADMIN_MESSAGE });
    const everyone = await t.db.select().from(users);
    expect(everyone.filter((user) => user.role === 'admin' && user.disabledAt === null)).toHaveLength(1);
    expect((await auditEntries()).map((entry) => entry.action)).toHaveLength(1);
  });
});
