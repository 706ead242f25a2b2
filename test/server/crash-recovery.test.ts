import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { tutors } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import type { MyReview, MyReviewList } from '../../src/shared/my-reviews';
import type { TutorProfile, TutorResponse } from '../../src/shared/tutors';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { openTestDatabase, testDatabaseEngine } from '../helpers/database';
import { recomputedTutorAggregates, tutorAggregates } from '../helpers/factories';
import { addStudentOverHttp, addTutorOverHttp, httpExpect, httpRequest, loginOverHttp } from '../helpers/http-client';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  killServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';

// The server process is killed with SIGKILL while review submissions are in flight, then started
// again on the same data. A write answered 201 must survive; one cut off mid-way may be there
// or not, but never half done: every tutor's stored count and sum match its visible reviews.

const engine = testDatabaseEngine();

const STUDENTS = 8;
const TUTORS = 5;
const CONCURRENCY = 8;
/** Acknowledged writes before the kill: late enough that work is under way, early enough that most is still to come. */
const KILL_AFTER_ACKNOWLEDGED = 12;

const ADMIN_EMAIL = 'admin@crash.test';
const ADMIN_PASSWORD = 'crash-test-admin-password';

interface Submission {
  student: number;
  tutor: number;
  title: string;
  body: string;
  rating: number;
}

type Outcome =
  | { kind: 'acknowledged'; submission: Submission; review: MyReview }
  | { kind: 'refused'; submission: Submission; status: number; body: unknown }
  | { kind: 'cut-off'; submission: Submission }
  | { kind: 'not-sent'; submission: Submission };

const tempDirs: string[] = [];
const databases: DatabaseHandle[] = [];

afterEach(async () => {
  await killAllServerProcesses();
  for (const database of databases.splice(0)) await database.close();
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The same submissions on every run, interleaved so that concurrent ones hit different tutors and students. */
function plannedSubmissions(): Submission[] {
  const planned: Submission[] = [];
  for (let round = 0; round < TUTORS; round++) {
    for (let student = 0; student < STUDENTS; student++) {
      const tutor = (student + round) % TUTORS;
      planned.push({
        student,
        tutor,
        title: `Student ${student} on tutor ${tutor}`,
        body: `Written by student ${student} about tutor ${tutor} before the crash.`,
        rating: ((student * 7 + tutor * 3) % 5) + 1,
      });
    }
  }
  return planned;
}

describe(`a SIGKILL during concurrent review submissions, on ${engine}`, () => {
  it(
    'keeps every acknowledged review and every tutor aggregate equal to its reviews after a restart',
    { timeout: 240_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-crash-'));
      tempDirs.push(dataDir);
      let postgres: DatabaseHandle | undefined;
      const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD };
      if (engine === 'postgres') {
        const database = await openTestDatabase();
        databases.push(database);
        postgres = database;
        env.DATABASE_URL = database.url!;
      } else {
        await migratedEmbeddedDataDir(dataDir);
      }
      const port = await freePort();

      const first = startServerProcess(port, env);
      await waitUntilReady(first);
      const base = first.baseUrl;
      const admin = await loginOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD);
      const tutorIds: string[] = [];
      for (let t = 0; t < TUTORS; t++) {
        const background = `#${(0x203040 + t * 0x151515).toString(16)}`;
        tutorIds.push(
          (await addTutorOverHttp(base, admin, { name: `Crash Tutor ${t}`, department: 'Mathematics', background })).id,
        );
      }
      const students: { id: string; cookie: string }[] = [];
      for (let s = 0; s < STUDENTS; s++)
        students.push(await addStudentOverHttp(base, admin, `Crash Student ${s}`, `student${s}@crash.test`));

      // The burst: CONCURRENCY workers take submissions from one queue; the process is killed from
      // inside the handler of the KILL_AFTER_ACKNOWLEDGED-th answer, while the others are in flight.
      const queue = plannedSubmissions();
      const outcomes: Outcome[] = [];
      let acknowledged = 0;
      let inFlight = 0;
      let inFlightAtKill = -1;
      const worker = async () => {
        for (let submission = queue.shift(); submission; submission = queue.shift()) {
          if (inFlightAtKill >= 0) {
            outcomes.push({ kind: 'not-sent', submission });
            continue;
          }
          inFlight++;
          try {
            const answer = await httpRequest<{ review: MyReview }>(base, 'POST', apiPaths.reviews, {
              cookie: students[submission.student]!.cookie,
              json: {
                tutorId: tutorIds[submission.tutor],
                title: submission.title,
                body: submission.body,
                rating: submission.rating,
              },
            });
            if (answer.status === 201) {
              outcomes.push({ kind: 'acknowledged', submission, review: answer.body.review });
              if (++acknowledged === KILL_AFTER_ACKNOWLEDGED) {
                inFlightAtKill = inFlight - 1;
                first.child.kill('SIGKILL');
              }
            } else {
              outcomes.push({ kind: 'refused', submission, status: answer.status, body: answer.body });
            }
          } catch {
            outcomes.push({ kind: 'cut-off', submission });
          } finally {
            inFlight--;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await killServerProcess(first);
      expect((await first.exited).signal).toBe('SIGKILL');

      const byKind = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind);
      expect(byKind('refused')).toEqual([]);
      expect(byKind('acknowledged').length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
      // The kill really came mid-burst: requests were on the wire and others still queued.
      expect(inFlightAtKill).toBeGreaterThan(0);
      expect(byKind('not-sent').length).toBeGreaterThan(0);

      // Same data, same port: the sessions live in the database, so the old cookies still work.
      const second = startServerProcess(port, env);
      await waitUntilReady(second);

      const sentByTitle = new Map(plannedSubmissions().map((s) => [s.title, s]));
      const notSentTitles = new Set(byKind('not-sent').map((o) => o.submission.title));
      for (const [index, student] of students.entries()) {
        const mine = await httpExpect<MyReviewList>(200, base, 'GET', `${apiPaths.myReviews}?pageSize=50`, {
          cookie: student.cookie,
        });
        const acknowledgedHere = outcomes.filter(
          (o): o is Extract<Outcome, { kind: 'acknowledged' }> =>
            o.kind === 'acknowledged' && o.submission.student === index,
        );
        for (const { review } of acknowledgedHere) {
          expect(
            mine.items.find((item) => item.id === review.id),
            `acknowledged review ${review.title}`,
          ).toMatchObject({
            title: review.title,
            body: review.body,
            rating: review.rating,
            tutor: { id: review.tutor.id },
          });
        }
        // Whatever else is there was sent by this student and arrived whole.
        for (const item of mine.items) {
          const sent = sentByTitle.get(item.title);
          expect(sent, `unexpected review ${item.title}`).toBeDefined();
          expect(notSentTitles.has(item.title)).toBe(false);
          expect({
            student: sent!.student,
            tutorId: tutorIds[sent!.tutor],
            body: sent!.body,
            rating: sent!.rating,
          }).toEqual({
            student: index,
            tutorId: item.tutor.id,
            body: item.body,
            rating: item.rating,
          });
        }
      }

      // What a visitor sees: each profile's count, mean and distribution agree with its review list.
      for (const tutorId of tutorIds) {
        const { tutor } = await httpExpect<TutorResponse>(200, base, 'GET', apiPaths.tutor(tutorId), { cookie: admin });
        const list = await httpExpect<TutorReviewList>(
          200,
          base,
          'GET',
          `${apiPaths.tutorReviews(tutorId)}?pageSize=50`,
          { cookie: admin },
        );
        expect(list.total).toBe(list.items.length);
        expectProfileMatches(
          tutor,
          list.items.map((r) => r.rating),
        );
      }

      expect((await stopServerProcess(second)).code).toBe(0);

      // And the stored columns themselves, read straight from the database.
      const database = postgres ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }));
      if (!postgres) databases.push(database);
      const storedTutors = await database.db.select({ id: tutors.id }).from(tutors);
      expect(storedTutors.map((t) => t.id).sort()).toEqual([...tutorIds].sort());
      for (const tutorId of tutorIds) {
        const stored = await tutorAggregates(database.db, tutorId);
        expect({ reviewCount: stored.reviewCount, ratingSum: stored.ratingSum }).toEqual(
          await recomputedTutorAggregates(database.db, tutorId),
        );
      }
    },
  );
});

function expectProfileMatches(tutor: TutorProfile, ratings: number[]): void {
  const distribution = [1, 2, 3, 4, 5].map((stars) => ratings.filter((r) => r === stars).length);
  expect(tutor.reviewCount).toBe(ratings.length);
  expect(tutor.ratingDistribution).toEqual(distribution);
  if (ratings.length === 0) expect(tutor.averageRating).toBeNull();
  else expect(tutor.averageRating).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length, 6);
}
