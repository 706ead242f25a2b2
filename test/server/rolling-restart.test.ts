import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { httpRequest, loginOverHttp } from '../helpers/http-client';
import {
  documentedNginxSite,
  type LoadBalancer,
  nginxInstalled,
  siteOnLoopback,
  startLoadBalancer,
} from '../helpers/nginx';
import { createPostgresCluster, type PostgresCluster, postgresClusterUnavailable } from '../helpers/postgres-cluster';
import { databaseUrl, withAdminClient } from '../helpers/postgres-admin';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { testDatabaseEngine } from '../helpers/database';
import { fullTier } from '../helpers/test-tier';

// A rolling restart as README's "Running several instances" describes it: two instances behind
// the documented nginx site, each stopped with SIGTERM and replaced in turn, while reads and
// writes keep arriving through nginx. No request may be lost or refused, and each instance must
// stop on its own, cleanly. The test brings a PostgreSQL cluster of its own, so it runs once
// whichever project runs it.

const clusterUnavailable = postgresClusterUnavailable();
const unavailable = clusterUnavailable ?? (nginxInstalled() ? null : 'nginx is not installed');
const runsInThisProject = process.env.TEST_DATABASE_URL
  ? testDatabaseEngine() === 'postgres'
  : testDatabaseEngine() === 'pglite';

const ADMIN_EMAIL = 'admin@rolling.test';
const ADMIN_PASSWORD = 'rolling-restart-admin-password';

/**
 * The stream lasts until the last successor has answered for a second; it is bounded both ways
 * as well, in case the restarts hang: at most this many requests, for at most this long.
 */
const CLIENTS = 8;
const MAX_REQUESTS = 6_000;
const MAX_STREAM_MS = 90_000;
/**
 * Each instance stopped and replaced in turn; the full tier goes round twice, so successors
 * started under load are themselves replaced.
 */
const restartOrder = fullTier ? [0, 1, 0, 1] : [0, 1];

interface Outcome {
  method: 'GET' | 'POST';
  email?: string;
  status: number | string;
}

describe.skipIf(unavailable !== null || !runsInThisProject)('a rolling restart behind nginx', () => {
  let cluster: PostgresCluster;
  let loadBalancer: LoadBalancer | undefined;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    cluster = await createPostgresCluster();
    await withAdminClient(cluster.adminUrl, (client) => client.query('CREATE DATABASE tutorly'));
  }, 90_000);

  afterEach(killAllServerProcesses);

  afterAll(async () => {
    await loadBalancer?.close();
    await cluster?.destroy();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }, 60_000);

  it('loses no request while each instance is stopped and replaced in turn', { timeout: 240_000 }, async () => {
    const ports = [await freePort(), await freePort()];
    const balancerPort = await freePort();
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    // Instances share DATA_DIR, as README's several-instances setup has them do (the key that
    // seals second factors and signs device cookies is in it).
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-rolling-'));
    dataDirs.push(dataDir);
    const start = async (port: number): Promise<ServerProcess> => {
      const server = startServerProcess(port, {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(cluster.adminUrl, 'tutorly'),
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: '127.0.0.1',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        DATABASE_POOL_SIZE: '4',
        DATABASE_WRITE_POOL_SIZE: '2',
        LOG_LEVEL: 'info',
        // The load is one administrator's writes, far past the per-user limit that is not under test here.
        RATE_LIMIT_WRITES_PER_USER: '100000/10m',
      });
      await waitUntilReady(server);
      return server;
    };
    // One after the other: the first migrates the new database.
    const instances = [await start(ports[0]!), await start(ports[1]!)];
    const documented = await documentedNginxSite();
    // README's procedure: after a successor is ready, wait for nginx to try it again before the
    // next stop: fail_timeout, and nginx counts it in whole seconds, so a little more.
    const failTimeout = /fail_timeout=(\d+)s/.exec(documented);
    if (!failTimeout) throw new Error('the documented nginx site has no fail_timeout');
    const retryAfterMs = (Number(failTimeout[1]) + 2) * 1_000;
    const site = siteOnLoopback(documented, {
      port: balancerPort,
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
    });
    loadBalancer = await startLoadBalancer(site, balancerPort);
    const cookie = await loginOverHttp(publicUrl, ADMIN_EMAIL, ADMIN_PASSWORD);

    const outcomes: Outcome[] = [];
    let stopped = false;
    let sent = 0;
    const began = Date.now();
    // The stream stays under the documented per-address request rate (limit_req), which nginx
    // enforces with its own 429 whatever the instances do: a little over half of it, all clients together.
    const documentedRate = /limit_req_zone [^;]* rate=(\d+)r\/s;/.exec(documented);
    if (!documentedRate) throw new Error('the documented nginx site has no limit_req_zone rate');
    const spacingMs = 1_000 / (Number(documentedRate[1]) * 0.6);
    let nextSlot = began;
    const waitForSlot = async () => {
      const slot = Math.max(nextSlot, Date.now());
      nextSlot = slot + spacingMs;
      if (slot > Date.now()) await new Promise((resolve) => setTimeout(resolve, slot - Date.now()));
    };
    const client = async () => {
      while (!stopped && sent < MAX_REQUESTS && Date.now() - began < MAX_STREAM_MS) {
        await waitForSlot();
        if (stopped) break;
        const n = sent++;
        if (n % 2 === 0) {
          const status = await httpRequest(publicUrl, 'GET', apiPaths.tutors, { cookie }).then(
            (answer) => answer.status,
            (err: Error) => err.message,
          );
          outcomes.push({ method: 'GET', status });
        } else {
          const email = `rolling-${n}@rolling.test`;
          const status = await httpRequest(publicUrl, 'POST', apiPaths.adminUsers, {
            cookie,
            json: { name: `Rolling ${n}`, email, delivery: 'password' },
          }).then(
            (answer) => answer.status,
            (err: Error) => err.message,
          );
          outcomes.push({ method: 'POST', email, status });
        }
      }
    };
    const stream = Promise.all(Array.from({ length: CLIENTS }, client));

    const exits: { code: number | null; signal: string | null; output: string }[] = [];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const [turn, index] of restartOrder.entries()) {
      // README's wait comes between a successor's readiness and the next stop; after the last
      // successor there is no next stop to protect, so the stream ends a second later.
      if (turn > 0) await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
      const old = instances[index]!;
      const exit = await stopServerProcess(old, 20_000);
      exits.push({ ...exit, output: exit.code === 0 ? '' : old.output() });
      instances[index] = await start(ports[index]!);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stopped = true;
    await stream;

    expect(exits).toEqual(restartOrder.map(() => ({ code: 0, signal: null, output: '' })));
    const failed = outcomes.filter((o) => (o.method === 'GET' ? o.status !== 200 : o.status !== 201));
    expect({
      failed: failed.slice(0, 10),
      count: failed.length,
      nginx: failed.length ? await loadBalancer.errorLog() : '',
    }).toEqual({
      failed: [],
      count: 0,
      nginx: '',
    });
    expect(outcomes.length).toBeGreaterThan(100);

    const stored = await withAdminClient(databaseUrl(cluster.adminUrl, 'tutorly'), async (admin) => {
      const { rows } = await admin.query<{ email: string }>('SELECT email FROM users');
      return new Set(rows.map((row) => row.email));
    });
    expect(outcomes.filter((o) => o.method === 'POST' && !stored.has(o.email!)).map((o) => o.email)).toEqual([]);
    // Both instances (and both successors) answered.
    const upstreams = new Set((await loadBalancer.answeredBy()).map((line) => line.upstream.split(',').at(-1)!.trim()));
    for (const port of ports) expect(upstreams).toContain(`127.0.0.1:${port}`);
  });
});
