import { getTableName, is } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import { type ChangeFeed } from '../../src/server/cache/change-feed';
import {
  affects,
  everythingChanged,
  FILLED_IN_BY_STATEMENT,
  reviewAdded,
  reviewChanged,
  tutorReviewPagesChanged,
  type DataChange,
} from '../../src/server/cache/data-changes';
import { KEPT_ANSWERS_BY_TABLE } from '../../src/server/cache/kept-tables';
import { announcementOf, DATA_CHANGED_CHANNEL } from '../../src/server/db/change-channel';
import { changeData, NOTHING_KEPT, publishChangesLike } from '../../src/server/db/change-data';
import type { Database, WritableDatabase } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getFileDatabase, testDatabaseEngine } from '../helpers/database';
import { createTutorRecord } from '../helpers/factories';

// Whoever adds a table or a write must say what it changes: the read view services get cannot
// write, changeData wants the changes, and every table is listed with the kept answers that read it.

describe('what every write changes is said where it is made', () => {
  test('every table of the schema is listed with the kept answers that read it, and nothing else is', () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable))
      .sort();
    expect(Object.keys(KEPT_ANSWERS_BY_TABLE).sort()).toEqual(tables);
  });

  test('the database services are given cannot write: writing takes changeData', () => {
    const writesOf = (db: Database) => [
      // @ts-expect-error services insert only through changeData's transaction
      db.insert,
      // @ts-expect-error services update only through changeData's transaction
      db.update,
      // @ts-expect-error services delete only through changeData's transaction
      db.delete,
      // @ts-expect-error a transaction of one's own would say nothing of what it changed
      db.transaction,
      // @ts-expect-error raw SQL could write anything
      db.execute,
    ];
    const writable = (db: WritableDatabase): Database => db;
    expect(typeof writesOf).toBe('function');
    expect(typeof writable).toBe('function');
  });

  test('a write through a database changeData does not know is refused before it runs', async () => {
    let ran = false;
    await expect(
      changeData({} as Database, NOTHING_KEPT, async () => {
        ran = true;
      }),
    ).rejects.toThrow(/database handle/);
    expect(ran).toBe(false);
  });

  test('the changes are published once the write has committed, and not when it was refused', async () => {
    const t = await createTestApp();
    try {
      const tutor = await createTutorRecord(t.db);
      const published: DataChange[][] = [];
      const feed: ChangeFeed = t.database.changeFeed;
      feed.subscribe((changes) => published.push([...changes]));
      await changeData(t.db, reviewChanged(tutor), async () => {
        expect(published).toEqual([]);
      });
      expect(published).toEqual([reviewChanged(tutor)]);
      await expect(
        changeData(t.db, reviewChanged(tutor), async () => {
          throw Object.assign(new Error('refused by a constraint'), { code: '23505' });
        }),
      ).rejects.toThrow();
      expect(published).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  test('an announcement too large for a notification drops everything instead', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      reviewChanged({ id: `${i}`.padStart(36, '0'), searchText: 'x'.repeat(40), department: 'D' }),
    ).flat();
    const announced = JSON.parse(announcementOf('instance', many)) as { changes: DataChange[] };
    expect(announced.changes).toEqual([{ kind: 'everything', reason: `${many.length} changes in one transaction` }]);
    expect(JSON.parse(announcementOf('instance', many.slice(0, 2))).changes).toEqual(many.slice(0, 2));
  });
});

describe('the stand-ins a statement fills in', () => {
  test('match every list filter where they were not filled in, so the drop is wider, never narrower', () => {
    const [change] = reviewAdded(
      { id: '6f1c2b1e-8d0a-4c3e-9b7a-2f5d4e3c1a00', ...FILLED_IN_BY_STATEMENT },
      { createdAt: '2026-11-27T00:00:00.000000Z', id: '6f1c2b1e-8d0a-4c3e-9b7a-2f5d4e3c1a01' },
    );
    const page = { on: 'tutor-list', sort: 'rating', tutorIds: [], ratings: { highest: 5, lowest: 4 } } as const;
    expect(affects(change!, { ...page, words: ['zebra'], department: 'Music' })).toBe(true);
    expect(affects(change!, { ...page, words: [], department: null })).toBe(true);
  });
});

describe('which kept answers a change reaches', () => {
  test("a change of unknown scope reaches every answer; a tutor's reviews reach only that tutor's", () => {
    const tutorReviews = { on: 'tutor-reviews', tutorId: 'tutor-a' } as const;
    const otherTutorReviews = { on: 'tutor-reviews', tutorId: 'tutor-b' } as const;
    const feed = { on: 'review-feed', after: null } as const;
    const unknownScope = everythingChanged('a restore');
    for (const dependency of [tutorReviews, otherTutorReviews, feed])
      expect(affects(unknownScope, dependency)).toBe(true);
    const reviewsOfA = tutorReviewPagesChanged('tutor-a');
    expect(affects(reviewsOfA, tutorReviews)).toBe(true);
    expect(affects(reviewsOfA, otherTutorReviews)).toBe(false);
    expect(affects(reviewsOfA, feed)).toBe(false);
  });
});

describe.skipIf(testDatabaseEngine() !== 'postgres')(
  'a new review, announced by the one statement that counts it',
  () => {
    /** The announcements other instances hear while `act` runs, those naming `tutorId`. */
    async function announcementsDuring(t: TestApp, tutorId: string, act: () => Promise<void>) {
      const listener = new pg.Client({ connectionString: t.database.url });
      await listener.connect();
      const heard: { changes: DataChange[] }[] = [];
      listener.on('notification', ({ payload }) => {
        if (payload?.includes(tutorId) || payload?.includes('"everything"')) heard.push(JSON.parse(payload));
      });
      try {
        await listener.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
        await act();
        await expect.poll(() => heard.length).toBeGreaterThan(0);
        return heard;
      } finally {
        await listener.end();
      }
    }

    async function postReview(t: TestApp, student: Actor, tutorId: string) {
      const response = await callAs(t, student, 'POST', apiPaths.reviews, {
        tutorId,
        title: 'Clear and patient',
        body: 'Explains every step and answers questions.',
        rating: 5,
      });
      expect(response.statusCode, response.body).toBe(201);
    }

    test("names the tutor's search text and department as the statement read them on the locked row", async () => {
      const t = await createTestApp();
      try {
        const student = await signedInStudent(t, 'Ada Author');
        const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper', department: 'Mathematics' });
        const heard = await announcementsDuring(t, tutor.id, () => postReview(t, student, tutor.id));
        expect(heard).toHaveLength(1);
        expect(heard[0]!.changes[0]).toEqual({
          kind: 'tutor',
          tutorId: tutor.id,
          searchText: tutor.searchText,
          department: 'Mathematics',
          membership: false,
        });
      } finally {
        await t.close();
      }
    });

    test('drops everything instead when the filled-in announcement is too large for a notification', async () => {
      const t = await createTestApp();
      try {
        const student = await signedInStudent(t, 'Ada Author');
        // Thirty courses of 120 characters of three bytes each: a search text of about 11 KB.
        const courses = Array.from({ length: 30 }, (_, i) => `${'数'.repeat(117)}${String(i).padStart(3, '0')}`);
        const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper', courses });
        const heard = await announcementsDuring(t, tutor.id, () => postReview(t, student, tutor.id));
        expect(heard.map((announcement) => announcement.changes)).toEqual([
          [{ kind: 'everything', reason: 'an announcement too large once filled in' }],
        ]);
      } finally {
        await t.close();
      }
    });

    test('is the one statement a review sends after the write limit: the tutor is not read first', async () => {
      const database = await getFileDatabase();
      const statements: string[] = [];
      const client = (database.db as unknown as { $client: never }).$client;
      const db = drizzlePg(client, { schema, logger: { logQuery: (query) => void statements.push(query) } });
      publishChangesLike(db as unknown as WritableDatabase, database.db);
      const t = await createTestApp({ database: { ...database, db: db as unknown as WritableDatabase } });
      try {
        const student = await signedInStudent(t, 'Ada Author');
        const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
        // The session is read once and kept, as for a student who has been reading.
        expect((await callAs(t, student, 'GET', apiPaths.session)).statusCode).toBe(200);
        statements.length = 0;
        await postReview(t, student, tutor.id);
        expect(statements).toHaveLength(2);
        expect(statements[0]).toMatch(/insert into "rate_limits"/i);
        expect(statements[1]).toMatch(/insert into "reviews"/i);
      } finally {
        await t.close();
      }
    });
  },
);
