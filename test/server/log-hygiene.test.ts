import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { reviews, users } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import { signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord, createUserRecord } from '../helpers/factories';
import { openTestDatabase } from '../helpers/database';
import { request } from '../helpers/requests';

// What reaches the log when something goes wrong: never the values a query was given, never a
// header a client made up, and no outage alarm for a visitor who closed the tab.

interface LogEntry {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

const ERROR = 50;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'debug' } });
});
afterEach(() => t.close());

function entries(app: TestApp = t): LogEntry[] {
  return app.logs.map((line) => JSON.parse(line) as LogEntry);
}

async function waitForLogLine(accept: (entry: LogEntry) => boolean, timeoutMs = 5_000): Promise<LogEntry> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = entries().find(accept);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no such log line within ${timeoutMs} ms; the log:\n${t.logs.join('')}`);
}

describe('failed queries', () => {
  test("a failing query's log line names the error, constraint and statement but none of the values", async () => {
    const author = (await createUserRecord(t.db)).user;
    const tutor = await createTutorRecord(t.db);
    const takenEmail = author.email;
    const passwordHash = '$scrypt$n=16384$QuiteSecretSaltValue$AndTheDerivedKeyThatNobodyMayRead';
    const reviewText = 'My confidential review text about office hours, never for the log';
    const notAnId = 'leaked-lookup-value-42';
    // Routes of the test's own, each failing inside the database with values it was given.
    t.app.post('/api/test-duplicate-user', async () => {
      await t.db.insert(users).values({ name: 'Second Owner Name', email: takenEmail, passwordHash });
    });
    t.app.post('/api/test-bad-review', async () => {
      await t.db
        .insert(reviews)
        .values({ tutorId: tutor.id, authorId: author.id, rating: 9, title: 'Secret title', body: reviewText });
    });
    t.app.post('/api/test-bad-input', async () => {
      await t.db.execute(sql`select * from ${users} where ${users.id} = ${notAnId}::uuid`);
    });

    for (const url of ['/api/test-duplicate-user', '/api/test-bad-review', '/api/test-bad-input']) {
      const response = await request(t.app, 'POST', url, {
        headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode, url).toBe(500);
    }

    const failures = entries().filter((entry) => entry.msg === 'request failed');
    expect(failures).toHaveLength(3);
    const log = t.logs.join('\n');
    for (const value of [
      takenEmail,
      passwordHash,
      'Second Owner Name',
      reviewText,
      'Secret title',
      notAnId,
      author.id,
      tutor.id,
    ]) {
      expect(log, value).not.toContain(value);
    }
    // What an operator needs to find the fault is still there.
    expect(failures[0]).toMatchObject({
      level: ERROR,
      err: {
        code: '23505',
        constraint: 'users_email_key',
        query: expect.stringContaining('insert into "users"'),
      },
    });
    expect(failures[1]).toMatchObject({
      err: {
        code: '23514',
        constraint: 'reviews_rating_range',
        query: expect.stringContaining('insert into "reviews"'),
      },
    });
    expect(failures[2]).toMatchObject({ err: { code: '22P02', query: expect.stringContaining('::uuid') } });
  });
});

describe('client disconnects', () => {
  /** Sends the headers and a part of the body over a real connection, then hangs up. */
  async function sendHalfAndHangUp(head: string, partOfBody: string): Promise<void> {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write(`${head}\r\n\r\n${partOfBody}`);
    // The server has read the headers and started on the body when the client leaves.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
  }

  test('a client that leaves in the middle of its body is logged at debug, not as a database outage', async () => {
    await sendHalfAndHangUp(
      [
        `POST ${apiPaths.login} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Origin: ${t.config.publicUrl}`,
        'Sec-Fetch-Site: same-origin',
        'Content-Type: application/json',
        'Content-Length: 400',
        'X-Request-Id: client-left-login',
      ].join('\r\n'),
      '{"email":"someone@uni.example","pass',
    );

    const line = await waitForLogLine((entry) => entry.reqId === 'client-left-login' && entry.level >= 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = entries().filter((entry) => entry.reqId === 'client-left-login');
    expect(lines.filter((entry) => entry.level > 20)).toEqual([]);
    expect(line.msg).toMatch(/client closed the connection/);
    expect(t.logs.join('\n')).not.toContain('database unavailable');
  });

  test('an upload the client abandons is no outage either', async () => {
    const student = await signedInStudent(t);
    const boundary = '----TutorlyAbandonedUpload';
    await sendHalfAndHangUp(
      [
        `POST ${apiPaths.imageUploads} HTTP/1.1`,
        'Host: 127.0.0.1',
        `Origin: ${t.config.publicUrl}`,
        'Sec-Fetch-Site: same-origin',
        `Cookie: ${student.cookie}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Content-Length: 200000',
        'X-Request-Id: client-left-upload',
      ].join('\r\n'),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
    );

    await waitForLogLine((entry) => entry.reqId === 'client-left-upload' && entry.level >= 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = entries().filter((entry) => entry.reqId === 'client-left-upload');
    expect(lines.filter((entry) => entry.level > 20)).toEqual([]);
    expect(t.logs.join('\n')).not.toContain('database unavailable');
  });

  test('a client that leaves while the answer is streaming is logged at debug', async () => {
    // A route of the test's own: an answer that takes a while to send, as a large download does.
    t.app.get('/api/test-slow-answer', async (_request, reply) => {
      const body = new PassThrough();
      const timer = setInterval(() => body.write('x'.repeat(16 * 1024)), 20);
      body.on('close', () => clearInterval(timer));
      return reply.type('application/octet-stream').send(body);
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write('GET /api/test-slow-answer HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: client-left-download\r\n\r\n');
    await new Promise((resolve) => socket.once('data', resolve));
    socket.destroy();

    await waitForLogLine((entry) => entry.reqId === 'client-left-download' && entry.level >= 20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = entries().filter((entry) => entry.reqId === 'client-left-download');
    expect(lines.filter((entry) => entry.level > 20)).toEqual([]);
  });

  test('a database that is really gone is still an outage, logged as an error', async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());
    const own = await createTestApp({ database });
    onTestFinished(() => own.close());
    await database.close();

    const response = await request(own.app, 'GET', apiPaths.publicSettings);

    expect(response.statusCode).toBe(503);
    expect(entries(own)).toContainEqual(expect.objectContaining({ level: ERROR, msg: 'database unavailable' }));
  });
});

describe('request ids', () => {
  test('a short safe request id from the client is kept: echoed and on the log line', async () => {
    const response = await request(t.app, 'GET', '/healthz', { headers: { 'x-request-id': 'Trace-2026-abc123' } });

    expect(response.headers['x-request-id']).toBe('Trace-2026-abc123');
    expect(entries()).toContainEqual(expect.objectContaining({ reqId: 'Trace-2026-abc123' }));
  });

  test.each([
    ['8 KB long', 'A'.repeat(8 * 1024)],
    ['65 characters', 'b'.repeat(65)],
    ['with JSON in it', 'x","level":60,"msg":"forged'],
    ['with spaces and markup', 'id <script>alert(1)</script>'],
    ['with a path', '../../etc/passwd'],
    ['with non-ASCII letters', 'naïve-id'],
  ])('a request id %s is neither echoed nor logged: the server makes its own', async (_label, sent) => {
    const response = await request(t.app, 'GET', '/healthz', { headers: { 'x-request-id': sent } });

    const echoed = String(response.headers['x-request-id']);
    expect(echoed).not.toBe(sent);
    expect(echoed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(t.logs.join('\n')).not.toContain(sent.slice(0, 30));
    expect(entries()).toContainEqual(expect.objectContaining({ reqId: echoed }));
  });
});
