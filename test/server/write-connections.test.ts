import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, test } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord } from '../helpers/factories';

// On PostgreSQL, writes run on connections of their own: when every read connection is taken
// (every kept answer read again at once, a cold start), a student's post does not queue behind
// the reads. The embedded database has one connection for everything.

/** The read connections of the test database (test/helpers/database.ts). */
const READ_CONNECTIONS = 4;

describe.skipIf(inject('dbEngine') !== 'postgres')('writes have connections of their own', () => {
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
    await new Promise((resolve) => setTimeout(resolve, 300));

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
