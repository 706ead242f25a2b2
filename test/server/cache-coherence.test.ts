import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeChannelApplicationName } from '../../src/server/db/change-channel';
import { instanceIdOf } from '../../src/server/db/change-data';
import { openDatabase } from '../../src/server/db/client';
import type { TutorRow } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';
import type { TestDatabase } from '../helpers/database';
import { createReviewRecord, createTutorRecord, DEFAULT_TEST_PASSWORD } from '../helpers/factories';

// Answers kept in memory never outlive the change that makes them wrong: after a write is
// acknowledged, a read through the same instance shows it at once, and a read through another
// instance on the same PostgreSQL within a second, whatever becomes of the writer. The truth
// each read is held against is the same read made by an instance that keeps nothing
// (READ_CACHE=off) on the same database.

const OTHER_INSTANCE_DEADLINE_MS = 1_000;

async function secondHandleOn(database: TestDatabase): Promise<TestDatabase> {
  const handle = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 4 });
  return { ...handle, url: database.url };
}

async function waitUntilTracking(t: TestApp): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!t.database.changeFeed.isTracking) {
    if (Date.now() > deadline) throw new Error('the change channel did not start listening');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface World {
  /** The instances that keep answers: one on the embedded database, two on PostgreSQL. */
  instances: TestApp[];
  /** Keeps nothing: its answers are what the database says now. */
  truth: TestApp;
  admin: Actor;
  /** Reads everything, and is never disabled or deleted. */
  reader: Actor;
  students: Actor[];
  /** An administrator whom the others promote and demote. */
  deputy: Actor;
  tutors: TutorRow[];
  pending: TutorRow[];
  reviewIds: string[];
}

/** What the pages of a student show that writes can change, through one instance. */
async function observe(t: TestApp, w: World): Promise<unknown> {
  const json = async (actor: Actor, url: string) => {
    const response = await callAs(t, actor, 'GET', url);
    return response.statusCode === 200 ? response.json() : response.statusCode;
  };
  const tutorIds = [...w.tutors, ...w.pending].map((tutor) => tutor.id);
  return {
    profiles: await Promise.all(tutorIds.map((id) => json(w.reader, apiPaths.tutor(id)))),
    reviewPages: await Promise.all(tutorIds.map((id) => json(w.reader, apiPaths.tutorReviews(id)))),
    list: await json(w.reader, `${apiPaths.tutors}?sort=rating`),
    // One tutor a page, so a review that moves a tutor across others moves pages it is not on.
    pagesByRating: await Promise.all(
      [1, 2, 3, 4].map((page) => json(w.reader, `${apiPaths.tutors}?sort=rating&pageSize=1&page=${page}`)),
    ),
    pagesByName: await Promise.all(
      [1, 2, 3].map((page) => json(w.reader, `${apiPaths.tutors}?sort=name&pageSize=1&page=${page}`)),
    ),
    search: await json(w.reader, `${apiPaths.tutors}?q=coherent`),
    feed: await json(w.reader, `${apiPaths.reviews}?limit=5`),
    recent: await json(w.reader, apiPaths.recentReviews),
    sessions: await Promise.all(
      [w.admin, w.deputy, ...w.students].map(async (actor) => {
        const account = (await callAs(t, actor, 'GET', apiPaths.session)).json<{ account: { role: string } | null }>()
          .account;
        return account ? account.role : null;
      }),
    ),
  };
}

async function expectCoherent(writer: TestApp, w: World): Promise<void> {
  const truth = await observe(w.truth, w);
  expect(await observe(writer, w), 'the writing instance, at once').toEqual(truth);
  for (const other of w.instances.filter((instance) => instance !== writer)) {
    const deadline = Date.now() + OTHER_INSTANCE_DEADLINE_MS;
    for (;;) {
      const seen = await observe(other, w);
      if (JSON.stringify(seen) === JSON.stringify(truth)) break;
      if (Date.now() > deadline) {
        expect(seen, `the other instance, within ${OTHER_INSTANCE_DEADLINE_MS} ms`).toEqual(truth);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

type Write = (t: TestApp, w: World) => Promise<unknown>;

/** Every kind of write a campus makes, each through the API of the instance it is given. */
function writeArbitrary(): fc.Arbitrary<{ label: string; write: Write; through: number }> {
  const student = fc.nat({ max: 2 });
  const tutor = fc.nat({ max: 2 });
  const writes: fc.Arbitrary<{ label: string; write: Write }>[] = [
    fc.record({ s: student, t: tutor, rating: fc.integer({ min: 1, max: 5 }) }).map(({ s, t: i, rating }) => ({
      label: `student ${s} reviews tutor ${i} (${rating})`,
      write: (t: TestApp, w: World) =>
        callAs(t, w.students[s], 'POST', apiPaths.reviews, {
          tutorId: w.tutors[i]!.id,
          title: 'Coherent review',
          body: 'Written during the test.',
          rating,
        }),
    })),
    fc.nat({ max: 5 }).map((r) => ({
      label: `hide review ${r}`,
      write: (t: TestApp, w: World) =>
        callAs(t, w.admin, 'POST', apiPaths.hideReview(w.reviewIds[r % w.reviewIds.length]!), { reason: 'Test' }),
    })),
    fc.nat({ max: 5 }).map((r) => ({
      label: `unhide review ${r}`,
      write: (t: TestApp, w: World) =>
        callAs(t, w.admin, 'POST', apiPaths.unhideReview(w.reviewIds[r % w.reviewIds.length]!)),
    })),
    fc.record({ t: tutor, suffix: fc.constantFrom('Renamed', 'Coherent', 'Again') }).map(({ t: i, suffix }) => ({
      label: `edit tutor ${i} (${suffix})`,
      write: (t: TestApp, w: World) =>
        callAs(t, w.admin, 'PATCH', apiPaths.adminTutor(w.tutors[i]!.id), {
          name: `Tutor ${i} ${suffix}`,
          department: i === 0 ? 'Physics' : 'Mathematics',
          biography: 'Edited during the test.',
          courses: ['Coherent Course'],
          imageKey: null,
          isPublic: suffix !== 'Again',
        }),
    })),
    fc.nat({ max: 1 }).map((p) => ({
      label: `approve submission ${p}`,
      write: (t: TestApp, w: World) => callAs(t, w.admin, 'POST', apiPaths.approveTutor(w.pending[p]!.id)),
    })),
    student.map((s) => ({
      label: `disable student ${s}`,
      write: (t: TestApp, w: World) => callAs(t, w.admin, 'POST', apiPaths.disableUser(w.students[s]!.user.id)),
    })),
    student.map((s) => ({
      label: `enable student ${s}`,
      write: (t: TestApp, w: World) => callAs(t, w.admin, 'POST', apiPaths.enableUser(w.students[s]!.user.id)),
    })),
    fc.constantFrom('student', 'admin').map((role) => ({
      label: `make the deputy ${role}`,
      write: (t: TestApp, w: World) => callAs(t, w.admin, 'PATCH', apiPaths.adminUser(w.deputy.user.id), { role }),
    })),
    student.map((s) => ({
      label: `delete student ${s}`,
      write: (t: TestApp, w: World) => callAs(t, w.admin, 'DELETE', apiPaths.adminUser(w.students[s]!.user.id)),
    })),
    student.map((s) => ({
      label: `student ${s} logs out`,
      write: (t: TestApp, w: World) => callAs(t, w.students[s], 'POST', apiPaths.logout),
    })),
  ];
  return fc
    .record({ chosen: fc.oneof(...writes), through: fc.nat({ max: 1 }) })
    .map(({ chosen, through }) => ({ ...chosen, through }));
}

async function buildWorld(first: TestApp, others: TestApp[], truth: TestApp): Promise<World> {
  const admin = await signedInAdmin(first, 'Coherence Admin');
  const deputy = await signedInAdmin(first, 'Deputy Admin');
  const reader = await signedInStudent(first, 'Reader Student');
  const students = [
    await signedInStudent(first, 'Student Zero'),
    await signedInStudent(first, 'Student One'),
    await signedInStudent(first, 'Student Two'),
  ];
  const tutors = [
    await createTutorRecord(first.db, { name: 'Tutor 0 Coherent', department: 'Physics' }),
    await createTutorRecord(first.db, { name: 'Tutor 1 Coherent', department: 'Mathematics' }),
    await createTutorRecord(first.db, { name: 'Tutor 2 Other', department: 'Mathematics' }),
  ];
  const pending = [
    await createTutorRecord(first.db, { name: 'Pending Coherent', status: 'pending', submittedBy: reader.user.id }),
    await createTutorRecord(first.db, { name: 'Pending Other', status: 'pending' }),
  ];
  const reviewIds: string[] = [];
  for (const [index, tutor] of tutors.entries()) {
    for (const author of [reader, deputy]) {
      const review = await createReviewRecord(first.db, {
        tutorId: tutor.id,
        authorId: author.user.id,
        rating: index + 2,
      });
      reviewIds.push(review.id);
    }
  }
  return { instances: [first, ...others], truth, admin, deputy, reader, students, tutors, pending, reviewIds };
}

describe('kept answers follow every write', () => {
  let apps: TestApp[] = [];
  let extraHandles: TestDatabase[] = [];

  beforeEach(() => {
    apps = [];
    extraHandles = [];
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    for (const handle of extraHandles) await handle.close();
  });

  async function instances(): Promise<{ keeping: TestApp[]; truth: TestApp }> {
    const first = await createTestApp();
    apps.push(first);
    if (!first.database.url) {
      const truth = await createTestApp({ database: first.database, clock: first.clock, env: { READ_CACHE: 'off' } });
      apps.push(truth);
      return { keeping: [first], truth };
    }
    const [secondHandle, truthHandle] = [await secondHandleOn(first.database), await secondHandleOn(first.database)];
    extraHandles.push(secondHandle, truthHandle);
    const second = await createTestApp({ database: secondHandle, clock: first.clock });
    const truth = await createTestApp({ database: truthHandle, clock: first.clock, env: { READ_CACHE: 'off' } });
    apps.push(second, truth);
    for (const app of [first, second]) await waitUntilTracking(app);
    return { keeping: [first, second], truth };
  }

  test('random interleavings of writes and reads through either instance', async () => {
    const { keeping, truth } = await instances();
    const w = await buildWorld(keeping[0]!, keeping.slice(1), truth);
    await fc.assert(
      fc.asyncProperty(fc.array(writeArbitrary(), { minLength: 4, maxLength: 8 }), async (writes) => {
        // Every instance has read (and kept) every page before the writes begin.
        for (const instance of w.instances) await observe(instance, w);
        for (const { write, through } of writes) {
          const writer = w.instances[through % w.instances.length]!;
          await write(writer, w);
          await expectCoherent(writer, w);
        }
      }),
      { numRuns: 3, seed: 17, endOnFailure: true },
    );
  }, 240_000);

  test("a change reaches the other instance though the writer's connections break right after its commit", async (ctx) => {
    const { keeping, truth } = await instances();
    if (keeping.length < 2) return ctx.skip(); // One process owns an embedded database.
    const [writer, other] = keeping as [TestApp, TestApp];
    const w = await buildWorld(writer, [other], truth);
    const deputyAgain = async () => ({
      ...w.deputy,
      cookie: await login(writer.app, { email: w.deputy.user.email, password: DEFAULT_TEST_PASSWORD }),
    });
    const cutOffWriter = () =>
      truth.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${changeChannelApplicationName(instanceIdOf(writer.db))}`,
      );
    const cases: { label: string; write: () => Promise<unknown> }[] = [
      { label: 'a logout', write: () => callAs(writer, w.students[0], 'POST', apiPaths.logout) },
      {
        label: 'a demotion',
        write: () => callAs(writer, w.admin, 'PATCH', apiPaths.adminUser(w.deputy.user.id), { role: 'student' }),
      },
      {
        label: 'a disabled account',
        write: () => callAs(writer, w.admin, 'POST', apiPaths.disableUser(w.students[1]!.user.id)),
      },
      {
        label: 'a review',
        write: () =>
          callAs(writer, w.students[2], 'POST', apiPaths.reviews, {
            tutorId: w.tutors[0]!.id,
            title: 'Cut off',
            body: 'Posted as the writer lost its channel.',
            rating: 1,
          }),
      },
    ];
    for (const { label, write } of cases) {
      await observe(other, w);
      // The writer's own listening connection goes down before it writes, and it is closed
      // right after: nothing it could send after the commit would reach anyone.
      await cutOffWriter();
      const response = await write();
      expect((response as { statusCode: number }).statusCode, label).toBeLessThan(300);
      await cutOffWriter();
      const truthNow = await observe(truth, w);
      const deadline = Date.now() + OTHER_INSTANCE_DEADLINE_MS;
      let seen = await observe(other, w);
      while (JSON.stringify(seen) !== JSON.stringify(truthNow) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        seen = await observe(other, w);
      }
      expect(seen, label).toEqual(truthNow);
      await waitUntilTracking(writer);
    }
    // Each case ends as it should for the one it concerns.
    expect((await callAs(other, w.students[0], 'GET', apiPaths.session)).json().account).toBeNull();
    expect((await callAs(other, w.students[1], 'GET', apiPaths.session)).json().account).toBeNull();
    expect((await callAs(other, await deputyAgain(), 'GET', apiPaths.session)).json().account.role).toBe('student');
  }, 60_000);
});
