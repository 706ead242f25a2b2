import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getFileDatabase, testDatabaseEngine } from '../helpers/database';
import { createTutorRecord } from '../helpers/factories';

// The server's connections to a PostgreSQL server: made at start and kept, with writes on
// connections of their own, so no request waits for a connection to be made or for other
// readers to let one go. The embedded database has one connection, in the process, for everything.

/** The read connections of the test database (test/helpers/database.ts). */
const READ_CONNECTIONS = 4;

describe.skipIf(testDatabaseEngine() !== 'postgres')('writes have connections of their own', () => {
  let t: TestApp;
  let student: Actor;
  beforeEach(async () => {
    t = await createTestApp();
    student = await signedInStudent(t, 'Ada Author');
  });
  afterEach(() => t.close());

  test('a review posted while every read connection is busy is written before those reads end', async () => {
    const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
    // The post's session is known already, as it is for a student who has been reading.
    expect((await callAs(t, student, 'GET', apiPaths.session)).statusCode).toBe(200);

    let aReadEnded = false;
    const longReads = Array.from({ length: READ_CONNECTIONS }, () =>
      t.db.execute(sql`select pg_sleep(3)`).then(() => {
        aReadEnded = true;
      }),
    );
    // Every read connection is taken once each has started its statement.
    const readPool = (t.db as unknown as { $client: pg.Pool }).$client;
    await expect.poll(() => readPool.totalCount - readPool.idleCount).toBe(READ_CONNECTIONS);

    const response = await callAs(t, student, 'POST', apiPaths.reviews, {
      tutorId: tutor.id,
      title: 'Clear and patient',
      body: 'Explains every step and answers questions.',
      rating: 5,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(aReadEnded).toBe(false);
    await Promise.all(longReads);
  });
});

describe.skipIf(testDatabaseEngine() !== 'postgres')('connections are made at start and kept', () => {
  test('every pooled connection is open once started, and still open after a quiet spell', async () => {
    const { url } = await getFileDatabase();
    const applicationName = 'tutorly-connections-test';
    const named = new URL(url!);
    named.searchParams.set('application_name', applicationName);
    const handle = await openDatabase({ kind: 'postgres', url: named.href, poolSize: 3, writePoolSize: 2 });
    const { db } = await getFileDatabase();
    const openConnections = async () => {
      const result = await db.execute(
        sql`select count(*)::int as count from pg_stat_activity where application_name = ${applicationName}`,
      );
      return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
    };
    try {
      await handle.openConnections();
      // Three for reads, two for writes, and the one that listens for other instances' changes.
      await expect.poll(openConnections, { timeout: 5_000 }).toBe(6);
      // Longer than the driver's default idle timeout (10 s), after which it would close them.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await openConnections()).toBe(6);
    } finally {
      await handle.close();
    }
  }, 30_000);
});

describe.skipIf(testDatabaseEngine() !== 'postgres')('a connection lost while it is held', () => {
  test('does not end the process, goes back to the pool at once, and the pool makes a new one', async () => {
    const { url, db } = await getFileDatabase();
    const handle = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1, writePoolSize: 1 });
    try {
      await handle.openConnections();
      const writePool = (handle.writer as unknown as { $client: pg.Pool }).$client;
      // Held as a transaction holds it: checked out, its holder busy elsewhere.
      const held = await writePool.connect();
      const lost = new Promise<Error>((resolve) => held.once('error', resolve));
      const { processID } = held as unknown as { processID: number };
      await db.execute(sql`select pg_terminate_backend(${processID})`);
      expect((await lost).message).toMatch(/terminat/i);
      expect(handle.outage.ongoing).toBe(true);

      // The holder never releases it (drizzle's transaction when BEGIN fails): the only write
      // connection is made again all the same, long before the pool's 5 s wait for one.
      const started = Date.now();
      await handle.writer.execute(sql`select 1`);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(handle.outage.ongoing).toBe(false);
      // A release that comes late does nothing.
      held.release();
      expect(writePool.totalCount).toBe(1);
    } finally {
      await handle.close();
    }
  }, 30_000);
});
