import { chmod, rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import {
  addStudentOverHttp,
  addTutorOverHttp,
  httpExpect,
  httpRequest,
  loginOverHttp,
  uploadPictureOverHttp,
} from '../helpers/http-client';
import { pngPicture } from '../helpers/images';
import { fileUploadBody } from '../helpers/multipart';
import { freePort } from '../helpers/ports';
import { createPostgresCluster, postgresClusterUnavailable } from '../helpers/postgres-cluster';
import { parseScrape } from '../helpers/prometheus';
import {
  killAllServerProcesses,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { mountTmpfs, type Tmpfs, tmpfsUnavailableReason } from '../helpers/tmpfs';
import { testDatabaseEngine } from '../helpers/database';

// The data folder on a real file system that fills up (a tmpfs mounted here), under a real server
// process on the embedded database: saving answers 503 and says nothing was saved, the operator
// is told once, readiness and metrics show it, and it all ends by itself once space is back.

const unavailable = tmpfsUnavailableReason();
if (unavailable) console.warn(`full-disk tests skipped: ${unavailable}`);

const ADMIN_EMAIL = 'admin@full-disk.test';
const ADMIN_PASSWORD = 'full-disk-admin-password';
const METRICS_TOKEN = 'full-disk-metrics-token-3b9d';
const NOTHING_SAVED =
  "Saving is not possible right now: the server's disk is full. Nothing was saved; please try again later.";

const mounts: Tmpfs[] = [];
afterEach(async () => {
  await killAllServerProcesses();
  for (const mount of mounts.splice(0)) await mount.unmount();
});

/** The server's JSON log lines about one outage. */
function outageLines(server: ServerProcess, outage: string): { event: string; msg: string }[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { outage?: string; event?: string; msg: string })
    .filter((line) => line.outage === outage)
    .map(({ event, msg }) => ({ event: event ?? '', msg }));
}

/** The messages of the server's lines at error level or above. */
function errorLines(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level >= 50)
    .map((line) => line.msg);
}

async function outageGauge(server: ServerProcess, outage: string): Promise<number> {
  const text = await httpExpect<string>(200, server.baseUrl, 'GET', '/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  return parseScrape(text).total('tutorly_outage_active', { outage });
}

describe.runIf(testDatabaseEngine() === 'pglite' && !unavailable)('a full disk under the data folder', () => {
  it(
    'answers 503 "nothing was saved", tells the operator once, and recovers by itself once space is back',
    { timeout: 180_000 },
    async () => {
      const disk = await mountTmpfs(96);
      mounts.push(disk);
      await migratedEmbeddedDataDir(disk.dir);
      const port = await freePort();
      const server = startServerProcess(port, {
        DATA_DIR: disk.dir,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'info',
        METRICS_TOKEN,
      });
      await waitUntilReady(server);
      const base = server.baseUrl;
      const admin = await loginOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD);
      const tutor = await addTutorOverHttp(base, admin, { name: 'Ada Lovelace', department: 'Mathematics' });
      const student = await addStudentOverHttp(base, admin, 'Full Disk Student', 'student@full-disk.test');
      const review = { tutorId: tutor.id, title: 'Clear and patient', body: 'Explains every step twice.', rating: 5 };

      const filler = await disk.fill();
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await httpRequest<{ error: { code: string; message: string } }>(base, 'POST', apiPaths.reviews, {
          cookie: student.cookie,
          json: review,
        });
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ error: { code: 'service_unavailable', message: NOTHING_SAVED } });
      }
      // A picture kept on the same disk: the same answer.
      const upload = fileUploadBody(await pngPicture({ background: '#884422' }));
      const pictureAnswer = await httpRequest<{ error: { message: string } }>(base, 'POST', apiPaths.imageUploads, {
        cookie: admin,
        raw: { payload: upload.payload, contentType: upload.headers['content-type'] },
      });
      expect(pictureAnswer.status).toBe(503);
      expect(pictureAnswer.body.error.message).toBe(NOTHING_SAVED);

      const notReady = await httpRequest<{ status: string; outages: { name: string }[] }>(base, 'GET', '/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.body.status).toBe('unavailable');
      expect(notReady.body.outages.map((o) => o.name)).toEqual(['disk_full']);
      expect(await outageGauge(server, 'disk_full')).toBe(1);
      // Reads go on.
      await httpExpect(200, base, 'GET', apiPaths.tutor(tutor.id), { cookie: student.cookie });
      // One line for the whole outage, not one per request.
      expect(outageLines(server, 'disk_full')).toEqual([{ event: 'started', msg: expect.stringContaining('full') }]);
      expect(errorLines(server)).toEqual([expect.stringContaining('The disk under the data folder is full')]);
      expect(server.output()).not.toContain('Something went wrong');

      await rm(filler);
      const deadline = Date.now() + 20_000;
      while ((await httpRequest(base, 'GET', '/readyz')).status !== 200) {
        if (Date.now() > deadline) throw new Error(`still not ready after space came back:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await httpExpect(201, base, 'POST', apiPaths.reviews, { cookie: student.cookie, json: review });
      await uploadPictureOverHttp(base, admin, await pngPicture({ background: '#224488' }));
      expect(await outageGauge(server, 'disk_full')).toBe(0);
      expect(outageLines(server, 'disk_full').map((line) => line.event)).toEqual(['started', 'ended']);
      expect((await stopServerProcess(server)).code).toBe(0);
    },
  );
});

const noCluster = postgresClusterUnavailable();
describe.runIf(testDatabaseEngine() === 'postgres' && !unavailable && !noCluster)(
  "a full disk under the PostgreSQL server's data",
  () => {
    it(
      'answers 503 "nothing was saved", keeps the instance ready, and ends the outage at the next saved write',
      { timeout: 180_000 },
      async () => {
        const disk = await mountTmpfs(160);
        mounts.push(disk);
        // The cluster belongs to the postgres user, who must reach into the mount.
        await chmod(disk.dir, 0o755);
        const cluster = await createPostgresCluster(disk.dir);
        try {
          const port = await freePort();
          const server = startServerProcess(port, {
            DATABASE_URL: cluster.adminUrl,
            ADMIN_EMAIL,
            ADMIN_PASSWORD,
            LOG_LEVEL: 'info',
            METRICS_TOKEN,
          });
          await waitUntilReady(server);
          const base = server.baseUrl;
          const admin = await loginOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD);
          const student = await addStudentOverHttp(base, admin, 'Full Disk Student', 'student@full-disk.test');
          // One review per tutor and student: a tutor for each attempt.
          const reviews = [];
          for (let n = 0; n < 6; n++) {
            const tutor = await addTutorOverHttp(base, admin, { name: `Emmy Noether ${n}`, department: 'Mathematics' });
            reviews.push({ tutorId: tutor.id, title: `Attempt ${n}`, body: `${n} `.repeat(2_400), rating: 4 });
          }

          const filler = await disk.fill();
          let refused = 0;
          for (const review of reviews.slice(0, 4)) {
            const answer = await httpRequest<{ error: { message: string } }>(base, 'POST', apiPaths.reviews, {
              cookie: student.cookie,
              json: review,
            });
            // A row may still fit in a page PostgreSQL had already allocated; one that needs more is refused.
            if (answer.status === 201) continue;
            expect(answer.status).toBe(503);
            expect(answer.body.error.message).toBe(NOTHING_SAVED);
            refused++;
          }
          expect(refused).toBeGreaterThan(0);
          // Every instance shares that disk: none is taken out of the load balancer for it.
          expect((await httpRequest(base, 'GET', '/readyz')).status).toBe(200);
          const health = await httpExpect<{ detail: { outages: { name: string }[] } }>(200, base, 'GET', '/healthz');
          expect(health.detail.outages.map((o) => o.name)).toEqual(['database_disk_full']);
          expect(await outageGauge(server, 'database_disk_full')).toBe(1);
          expect(outageLines(server, 'database_disk_full').map((line) => line.event)).toEqual(['started']);

          await rm(filler);
          // A write that commits ends it once no refusal came for a few seconds (commits that fit
          // in pages already allocated go on between refusals while the disk is full).
          await new Promise((resolve) => setTimeout(resolve, 5_500));
          await httpExpect(201, base, 'POST', apiPaths.reviews, { cookie: student.cookie, json: reviews[5] });
          expect(await outageGauge(server, 'database_disk_full')).toBe(0);
          expect(outageLines(server, 'database_disk_full').map((line) => line.event)).toEqual(['started', 'ended']);
          expect((await stopServerProcess(server)).code).toBe(0);
        } finally {
          await killAllServerProcesses();
          await cluster.destroy();
        }
      },
    );
  },
);
