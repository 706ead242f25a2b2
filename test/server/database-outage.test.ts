import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/shared/account';
import { apiPaths } from '../../src/shared/api-paths';
import type { TutorList } from '../../src/shared/tutors';
import { type HttpAnswer, httpExpect, httpRequest, loginOverHttp } from '../helpers/http-client';
import { createPostgresCluster, type PostgresCluster, postgresClusterUnavailable } from '../helpers/postgres-cluster';
import { databaseUrl, withAdminClient } from '../helpers/postgres-admin';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { testDatabaseEngine } from '../helpers/database';

// PostgreSQL goes away under a running server and comes back. The test brings a cluster of its
// own (the shared test cluster must stay up), so it does not depend on the project's engine: it
// runs in the postgres project when there is one, else in the pglite project, once either way.

const unavailable = postgresClusterUnavailable();
const runsInThisProject = process.env.TEST_DATABASE_URL
  ? testDatabaseEngine() === 'postgres'
  : testDatabaseEngine() === 'pglite';

const ADMIN_EMAIL = 'admin@outage.test';
const ADMIN_PASSWORD = 'outage-test-admin-password';
const SERVICE_UNAVAILABLE = {
  error: { code: 'service_unavailable', message: expect.stringMatching(/temporarily unavailable/i) },
};

/** Asks until `accept` holds, at most `timeoutMs`; the last answer is in the error otherwise. */
async function pollUntil(
  ask: () => Promise<HttpAnswer>,
  accept: (answer: HttpAnswer) => boolean,
  timeoutMs: number,
): Promise<HttpAnswer> {
  const deadline = Date.now() + timeoutMs;
  let last: HttpAnswer | undefined;
  while (Date.now() < deadline) {
    last = await ask();
    if (accept(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no acceptable answer within ${timeoutMs} ms; last: ${last?.status} ${JSON.stringify(last?.body)}`);
}

describe.skipIf(unavailable !== null || !runsInThisProject)('the server while its PostgreSQL server is down', () => {
  let cluster: PostgresCluster;
  let dataDir: string;

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    await withAdminClient(cluster.adminUrl, (client) => client.query('CREATE DATABASE tutorly'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-outage-'));
  }, 90_000);

  afterEach(killAllServerProcesses);

  afterAll(async () => {
    await cluster?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it(
    'answers 503 while the database is gone and serves again when it is back, without a restart',
    { timeout: 120_000 },
    async () => {
      const server: ServerProcess = startServerProcess(await freePort(), {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(cluster.adminUrl, 'tutorly'),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      });
      await waitUntilReady(server);
      const base = server.baseUrl;
      const cookie = await loginOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD);
      expect(
        (await httpExpect<{ account: Account | null }>(200, base, 'GET', apiPaths.session, { cookie })).account?.email,
      ).toBe(ADMIN_EMAIL);

      await cluster.stop();

      const notReady = await pollUntil(
        () => httpRequest(base, 'GET', '/readyz'),
        (a) => a.status !== 200,
        15_000,
      );
      expect(notReady).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      // Anonymous reads, signed-in reads (the session is looked up first), writes and logins alike.
      for (const [method, url, options] of [
        ['GET', apiPaths.publicSettings, {}],
        ['GET', apiPaths.session, { cookie }],
        ['GET', apiPaths.tutors, { cookie }],
        ['GET', apiPaths.myReviews, { cookie }],
        [
          'POST',
          apiPaths.adminUsers,
          { cookie, json: { name: 'During Outage', email: 'during@outage.test', delivery: 'password' } },
        ],
        ['POST', apiPaths.login, { json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }],
      ] as const) {
        const answer = await httpRequest(base, method, url, options);
        const request = `${method} ${url}`;
        expect({ request, status: answer.status, body: answer.body }).toEqual({
          request,
          status: 503,
          body: SERVICE_UNAVAILABLE,
        });
      }
      expect((await httpRequest(base, 'GET', '/healthz')).status).toBe(200);
      expect(server.child.exitCode).toBeNull();

      await cluster.start();

      await pollUntil(
        () => httpRequest(base, 'GET', '/readyz'),
        (a) => a.status === 200,
        30_000,
      );
      // The same session, kept in the database through the outage, and a write.
      expect(
        (await httpExpect<{ account: Account | null }>(200, base, 'GET', apiPaths.session, { cookie })).account?.email,
      ).toBe(ADMIN_EMAIL);
      await httpExpect(201, base, 'POST', apiPaths.adminUsers, {
        cookie,
        json: { name: 'After Outage', email: 'after@outage.test', delivery: 'password' },
      });
      expect((await httpExpect<TutorList>(200, base, 'GET', apiPaths.tutors, { cookie })).total).toBe(0);
      expect(server.child.exitCode).toBeNull();
      expect(server.child.signalCode).toBeNull();
    },
  );
});
