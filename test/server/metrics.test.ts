import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { everythingChanged } from '../../src/server/cache/data-changes';
import { changeData } from '../../src/server/db/change-data';
import { openDatabase } from '../../src/server/db/client';
import { apiPaths } from '../../src/shared/api-paths';
import { startFakeOpenAi } from '../fakes/fake-openai';
import { callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { postSignup } from '../helpers/auth';
import { createTutorRecord, uniqueEmail } from '../helpers/factories';
import { pngPicture } from '../helpers/images';
import { fileUploadBody } from '../helpers/multipart';
import { fetchOpenApi } from '../helpers/openapi';
import { freePort } from '../helpers/ports';
import { parseScrape, type Scrape } from '../helpers/prometheus';
import { request } from '../helpers/requests';

// Prometheus metrics: scraped over HTTP as Prometheus would, read back with a parser of the
// exposition format, never public unless asked for.

const TOKEN = 'metrics-token-5e1f9a7c3b2d4e60';
const REQUEST_SECONDS = 'tutorly_http_request_duration_seconds';

let t: TestApp;
afterEach(async () => {
  // Whatever a test did, the token never reaches the log.
  expect(t.logs.join('\n')).not.toContain(TOKEN);
  await t.close();
});

async function scrape(app: TestApp = t): Promise<{ text: string; metrics: Scrape }> {
  const response = await request(app.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: response.body, metrics: parseScrape(response.body) };
}

/** Kept answers are used only while the database's changes are heard (on PostgreSQL, once its channel listens). */
async function tracking(app: TestApp): Promise<void> {
  await vi.waitUntil(() => app.database.changeFeed.isTracking, { timeout: 5_000 });
}

describe('with METRICS_TOKEN set', () => {
  test('a scrape shows requests by route pattern, method and status, query latency, cache lookups, mails, the pools and the process', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await tracking(t);
    const student = await signedInStudent(t, 'Mia Metrics');
    const tutor = await createTutorRecord(t.db, { name: 'Ada Counted' });

    for (let i = 0; i < 2; i++) {
      expect((await callAs(t, student, 'GET', `${apiPaths.tutors}?sort=name`)).statusCode).toBe(200);
      expect((await callAs(t, student, 'GET', apiPaths.tutor(tutor.id))).statusCode).toBe(200);
    }
    const missing = await callAs(t, student, 'GET', '/api/no-such-thing?email=mia%40example.org&token=secret-42');
    expect(missing.statusCode).toBe(404);
    const signUpEmail = uniqueEmail('counted');
    const signedUp = await postSignup(t.app, {
      name: 'Noor New',
      email: signUpEmail,
      password: 'a long enough password',
    });
    expect(signedUp.statusCode).toBe(201);
    await expect(t.db.execute(sql`select * from no_such_table`)).rejects.toThrow();

    const { text, metrics } = await scrape();
    expect(metrics.types.get(REQUEST_SECONDS)).toBe('HISTOGRAM');
    const requests = (labels: Record<string, string>) => metrics.total(`${REQUEST_SECONDS}_count`, labels);
    expect(requests({ route: '/api/tutors', method: 'GET', status_code: '200' })).toBe(2);
    expect(requests({ route: '/api/tutors/:tutorId', method: 'GET', status_code: '200' })).toBe(2);
    expect(requests({ route: '/api/auth/signup', method: 'POST', status_code: '201' })).toBe(1);
    expect(requests({ route: 'unmatched', method: 'GET', status_code: '404' })).toBe(1);
    // Every request lands in the last bucket; its time is summed.
    const tutorList = { route: '/api/tutors', method: 'GET', status_code: '200' };
    expect(metrics.total(`${REQUEST_SECONDS}_bucket`, { ...tutorList, le: '+Inf' })).toBe(2);
    expect(metrics.total(`${REQUEST_SECONDS}_bucket`, { ...tutorList, le: '0.025' })).toBeLessThanOrEqual(2);
    expect(metrics.total(`${REQUEST_SECONDS}_sum`, tutorList)).toBeGreaterThan(0);
    // Routes are patterns: no id, no path nobody routes, no query string.
    const routes = new Set(metrics.samples(`${REQUEST_SECONDS}_count`).map((sample) => sample.labels.route));
    for (const route of routes) expect(route).toMatch(/^(unmatched|\/[\w\-/:*]*)$/);
    expect(text).not.toContain(tutor.id);
    expect(text).not.toContain('no-such-thing');

    // The first read of each went to the database, the second came from memory.
    expect(metrics.types.get('tutorly_read_cache_hits_total')).toBe('COUNTER');
    for (const kind of ['tutors', 'tutor']) {
      expect(metrics.total('tutorly_read_cache_hits_total', { kind }), kind).toBeGreaterThanOrEqual(1);
      expect(metrics.total('tutorly_read_cache_misses_total', { kind }), kind).toBeGreaterThanOrEqual(1);
    }
    // Sessions are counted under one kind, never under their token hashes.
    expect(metrics.total('tutorly_read_cache_hits_total', { kind: 'session' })).toBeGreaterThanOrEqual(3);
    const kinds = metrics.samples('tutorly_read_cache_misses_total').map((sample) => sample.labels.kind);
    for (const kind of kinds) expect(kind).toMatch(/^[a-z-]+$/);
    expect(metrics.total('tutorly_read_cache_entries', { cache: 'answers' })).toBeGreaterThanOrEqual(2);

    expect(metrics.total('tutorly_mails_sent_total', { transport: 'outbox' })).toBe(1);
    expect(metrics.total('tutorly_mails_failed_total')).toBe(0);

    const engine = t.database.kind;
    expect(metrics.types.get('tutorly_database_query_duration_seconds')).toBe('HISTOGRAM');
    expect(metrics.total('tutorly_database_query_duration_seconds_count', { engine })).toBeGreaterThan(5);
    expect(metrics.total('tutorly_database_query_errors_total', { engine })).toBeGreaterThanOrEqual(1);

    const connections = (labels: Record<string, string>) => metrics.total('tutorly_database_pool_connections', labels);
    if (engine === 'pglite') {
      // One connection in the process, and nothing waiting for it between requests.
      expect(connections({ pool: 'write' })).toBe(1);
      expect(connections({ pool: 'write', state: 'idle' })).toBe(1);
    } else {
      for (const pool of ['read', 'write']) {
        expect(connections({ pool }), pool).toBeGreaterThanOrEqual(1);
        expect(connections({ pool, state: 'in_use' }), pool).toBe(0);
      }
    }
    expect(metrics.samples('tutorly_database_pool_waiting_queries').length).toBeGreaterThan(0);
    expect(metrics.total('tutorly_database_pool_waiting_queries')).toBe(0);

    // The process defaults, under the names ready-made Node.js dashboards use.
    expect(metrics.types.get('process_cpu_user_seconds_total')).toBe('COUNTER');
    expect(metrics.total('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(metrics.types.get('nodejs_heap_size_used_bytes')).toBe('GAUGE');
    expect(metrics.types.get('nodejs_eventloop_lag_seconds')).toBe('GAUGE');
    // Every family of our own has the prefix and says what it counts.
    const ours = [...metrics.types.keys()].filter((name) => !/^(process|nodejs)_/.test(name));
    expect(ours.length).toBeGreaterThan(10);
    for (const name of ours) {
      expect(name).toMatch(/^tutorly_/);
      expect(metrics.helps.get(name), name).not.toBe('');
    }

    // Nothing anyone typed or was given: no address, token or query string.
    for (const secret of [TOKEN, student.user.email, signUpEmail, 'mia%40example.org', 'secret-42', '@']) {
      expect(text).not.toContain(secret);
    }
  });

  test('picture uploads and AI drafts are counted by outcome', async () => {
    const openai = await startFakeOpenAi();
    openai.chunkDelayMs = 0;
    try {
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, AI_BASE_URL: openai.url, AI_MODEL: 'llama3.2' } });
      const student = await signedInStudent(t);
      const tutor = await createTutorRecord(t.db);
      const picture = await pngPicture();
      const upload = (content: Uint8Array, name: string, type: string) =>
        request(t.app, 'POST', apiPaths.imageUploads, { as: student, ...fileUploadBody(content, name, type) });
      expect((await upload(picture, 'me.png', 'image/png')).statusCode).toBe(201);
      expect((await upload(Buffer.from('not a picture at all'), 'notes.png', 'image/png')).statusCode).toBe(400);

      const draft = () =>
        request(t.app, 'POST', apiPaths.reviewDrafts, {
          as: student,
          headers: { accept: 'text/event-stream' },
          payload: { tutorId: tutor.id, title: 'Clear', rating: 5, notes: 'Explains well.' },
        });
      expect((await draft()).body).toContain('"type":"done"');
      openai.scenario = 'server-error';
      expect((await draft()).body).toContain('"code":"ai_provider_error"');

      const { metrics } = await scrape();
      expect(metrics.total('tutorly_picture_uploads_total', { outcome: 'accepted' })).toBe(1);
      expect(metrics.total('tutorly_picture_uploads_total', { outcome: 'refused' })).toBe(1);
      expect(metrics.total('tutorly_picture_upload_bytes_total', { outcome: 'accepted' })).toBe(picture.length);

      const provider = { provider: 'openai-compatible' };
      expect(metrics.total('tutorly_ai_drafts_started_total', provider)).toBe(2);
      expect(metrics.total('tutorly_ai_drafts_finished_total', provider)).toBe(1);
      expect(metrics.total('tutorly_ai_drafts_failed_total', { ...provider, code: 'ai_provider_error' })).toBe(1);
      expect(metrics.total('tutorly_ai_drafts_abandoned_total')).toBe(0);
    } finally {
      await openai.close();
    }
  });

  test('a scrape without the token, or with a wrong one, gets 401 and no metrics', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    for (const authorization of [undefined, 'Bearer not-the-token-0000000000', `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      const response = await request(t.app, 'GET', '/metrics', { headers });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('tutorly_');
      expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    }
    // The scheme's name is case-insensitive, as HTTP has it.
    const lowerCase = await request(t.app, 'GET', '/metrics', { headers: { authorization: `bearer ${TOKEN}` } });
    expect(lowerCase.statusCode).toBe(200);
  });

  test('the route is not part of the API documentation', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const document = await fetchOpenApi(t.app);
    expect(Object.keys(document.paths).filter((documented) => documented.includes('metrics'))).toEqual([]);
  });

  test("another instance's change announcements are counted as received, this one's as sent", async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const announcements = async () => {
      const { metrics } = await scrape();
      return {
        sent: metrics.total('tutorly_change_announcements_sent_total'),
        received: metrics.total('tutorly_change_announcements_received_total'),
      };
    };
    if (t.database.kind === 'pglite') {
      // One process owns the embedded database: nobody to tell, nobody to hear.
      await changeData(t.db, [everythingChanged('a test')], async () => undefined);
      expect(await announcements()).toEqual({ sent: 0, received: 0 });
      return;
    }
    await tracking(t);
    // Counted by the database handle, which the file's tests share: what this test adds.
    const before = await announcements();
    await changeData(t.db, [everythingChanged('a test')], async () => undefined);
    expect(await announcements()).toEqual({ sent: before.sent + 1, received: before.received });
    const other = await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 1, writePoolSize: 1 });
    try {
      await changeData(other.db, [everythingChanged('another instance')], async () => undefined);
      await vi.waitUntil(async () => (await announcements()).received === before.received + 1, { timeout: 5_000 });
      expect((await announcements()).sent).toBe(before.sent + 1);
    } finally {
      await other.close();
    }
  });
});

describe('with METRICS_PORT set', () => {
  test('a listener on 127.0.0.1 serves the metrics without a token, from start to close; the main port has none', async () => {
    const port = await freePort();
    t = await createTestApp({ env: { METRICS_PORT: String(port) } });
    await t.app.ready();
    expect((await request(t.app, 'GET', apiPaths.tutors)).statusCode).toBe(401);

    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = parseScrape(await response.text());
    expect(metrics.total(`${REQUEST_SECONDS}_count`, { route: '/api/tutors', status_code: '401' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);

    // Without METRICS_TOKEN the main port serves no metrics at all.
    expect(
      (await request(t.app, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);

    // Loopback only: another address of this machine is refused.
    const elsewhere = Object.values(os.networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
    if (elsewhere)
      await expect(
        fetch(`http://${elsewhere}:${port}/metrics`, { signal: AbortSignal.timeout(2_000) }),
      ).rejects.toThrow();

    await t.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('with metrics off (neither set)', () => {
  let webDistDir: string;
  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-web-'));
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>Tutorly</title>');
  });
  afterAll(() => rm(webDistDir, { recursive: true, force: true }));

  test('GET /metrics is a 404, with a web app served too (never its page)', async () => {
    t = await createTestApp({ webDistDir });
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await request(t.app, 'GET', '/metrics', { headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    // The web app still answers its own pages.
    expect((await request(t.app, 'GET', '/user/tutors')).statusCode).toBe(200);
  });
});
