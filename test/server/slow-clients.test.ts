import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { isTrustedProxyPeer } from '../../src/server/lib/client-address';
import { apiPaths } from '../../src/shared/api-paths';
import { createTestApp } from '../helpers/app';
import { httpRequest, loginOverHttp } from '../helpers/http-client';
import { freePort } from '../helpers/ports';
import { killAllServerProcesses, startServerProcess, waitUntilReady } from '../helpers/server-process';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import { testDatabaseEngine } from '../helpers/database';

// Clients that open connections and then stall, against the real server process on a loopback
// port. Linux routes all of 127.0.0.0/8 to the loopback interface, so the attackers connect from
// addresses of their own (127.0.0.2, ...) while the test's own requests come from 127.0.0.1.
// The HTTP layer is the same on both engines: this runs once, on the embedded database.

const ADMIN_EMAIL = 'admin@slow-clients.test';
const ADMIN_PASSWORD = 'slow-clients-admin-password';
const REQUEST_TIMEOUT_SECONDS = 2;
const MAX_CONNECTIONS = 150;
const PER_CLIENT = loadConfig({}).connections.maxPerClient;
/** Node checks open requests against their deadline on an interval; a busy machine adds its own delay. */
const CUT_SLACK_MS = 2_500;

interface StalledConnection {
  /** From the moment the connection was opened until the server closed it. */
  lifetimeMs: number;
  /** What the server sent before closing, if anything. */
  answer: string;
}

/**
 * Opens a connection from `localAddress`, sends `bytes` and then nothing more; resolves when the
 * server closes it, or after `giveUpMs` (the test's own bound) with the connection still open.
 */
function stall(port: number, localAddress: string, bytes: string, giveUpMs: number): Promise<StalledConnection | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    let answer = '';
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, giveUpMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    // A connection refused at once may be reset rather than closed: either way, the server ended it.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ lifetimeMs: performance.now() - started, answer });
    });
  });
}

/** Headers of a picture upload by a signed-in user and the start of the picture; the rest never comes. */
function halfAnUpload(baseUrl: string, cookie: string): string {
  const boundary = '----TutorlySlowUpload';
  return [
    `POST ${apiPaths.imageUploads} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Origin: ${baseUrl}`,
    'Sec-Fetch-Site: same-origin',
    `Cookie: ${cookie}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    'Content-Length: 2000000',
    '',
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
  ].join('\r\n');
}

/** Headers of a login and the first bytes of its body; the rest never comes. */
function halfALogin(baseUrl: string): string {
  return [
    `POST ${apiPaths.login} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Origin: ${baseUrl}`,
    'Sec-Fetch-Site: same-origin',
    'Content-Type: application/json',
    'Content-Length: 4096',
    '',
    '{"email":"victim@uni.example","password":"',
  ].join('\r\n');
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const tempDirs: string[] = [];
afterEach(async () => {
  await killAllServerProcesses();
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(testDatabaseEngine() !== 'pglite')('clients that stall', () => {
  it(
    'hundreds of half-sent bodies from one client are cut within the request timeout while /healthz and a login answer; the connection ceiling holds',
    { timeout: 90_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-slow-clients-'));
      tempDirs.push(dataDir);
      await migratedEmbeddedDataDir(dataDir);
      const port = await freePort();
      const server = startServerProcess(port, {
        DATA_DIR: dataDir,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
        MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      });
      await waitUntilReady(server);
      const deadlineMs = REQUEST_TIMEOUT_SECONDS * 1000 + CUT_SLACK_MS;
      const giveUpMs = deadlineMs + 5_000;

      const cookie = await loginOverHttp(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);

      // One client, 300 connections, each with the headers and part of a body; and a signed-in
      // one whose uploads stall the same way.
      const attack = Array.from({ length: 300 }, () => stall(port, '127.0.0.2', halfALogin(server.baseUrl), giveUpMs));
      const uploads = Array.from({ length: 30 }, () =>
        stall(port, '127.0.0.3', halfAnUpload(server.baseUrl, cookie), giveUpMs),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));

      // Meanwhile everyone else is served, promptly.
      const health = await timed(() => httpRequest(server.baseUrl, 'GET', '/healthz', { timeoutMs: 5_000 }));
      const login = await timed(() =>
        httpRequest(server.baseUrl, 'POST', apiPaths.login, {
          json: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
          timeoutMs: 5_000,
        }),
      );
      expect(health.value.status).toBe(200);
      expect(login.value.status).toBe(200);
      expect(health.ms).toBeLessThan(1_000);
      expect(login.ms).toBeLessThan(2_000);

      const ended = await Promise.all(attack);
      const stillOpen = ended.filter((connection) => connection === null).length;
      expect(stillOpen, 'connections the server never closed').toBe(0);
      const lifetimes = ended.map((connection) => connection!.lifetimeMs);
      expect(Math.max(...lifetimes)).toBeLessThan(deadlineMs);
      // Past its cap the client is refused at once; the connections it was allowed wait out the
      // request timeout and are told so.
      const held = ended.filter((connection) => connection!.lifetimeMs >= (REQUEST_TIMEOUT_SECONDS * 1000) / 2);
      expect(held.length).toBeGreaterThan(0);
      expect(held.length).toBeLessThanOrEqual(PER_CLIENT);
      for (const connection of held) expect(connection!.answer).toMatch(/^(HTTP\/1\.1 408|$)/);
      expect(server.output()).toContain('client at its connection cap');
      const uploadsEnded = await Promise.all(uploads);
      expect(uploadsEnded.filter((connection) => connection === null)).toHaveLength(0);
      for (const connection of uploadsEnded) {
        expect(connection!.lifetimeMs).toBeLessThan(deadlineMs);
        expect(connection!.answer).toMatch(/^HTTP\/1\.1 408/);
      }

      // Many clients at once, each under its cap, together over the process's ceiling: the
      // connections past it are refused as they arrive, and the others are cut by the timeout.
      const crowd = Array.from({ length: 10 }, (_, client) =>
        Array.from({ length: 20 }, () => stall(port, `127.0.1.${client + 1}`, 'GET /healthz HTTP/1.1\r\n', giveUpMs)),
      ).flat();
      const crowdEnded = await Promise.all(crowd);
      expect(crowdEnded.filter((connection) => connection === null)).toHaveLength(0);
      const crowdLifetimes = crowdEnded.map((connection) => connection!.lifetimeMs);
      expect(crowdLifetimes.filter((ms) => ms < 500).length).toBeGreaterThanOrEqual(crowd.length - MAX_CONNECTIONS);
      expect(Math.max(...crowdLifetimes)).toBeLessThan(deadlineMs);

      // And the server is itself again.
      expect((await httpRequest(server.baseUrl, 'GET', '/healthz', { timeoutMs: 5_000 })).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
  );
});

describe.skipIf(testDatabaseEngine() !== 'pglite')('the per-client connection cap behind a proxy', () => {
  /** Opens `count` connections from `localAddress` that send nothing; how many the server closed within 500 ms. */
  async function refusedOf(port: number, localAddress: string, count: number): Promise<number> {
    const ended = await Promise.all(Array.from({ length: count }, () => stall(port, localAddress, '', 500)));
    return ended.filter((connection) => connection !== null).length;
  }

  it.each([
    ['its address', '127.0.0.2'],
    ['a range', '127.0.0.0/30'],
    ['a hop count', '1'],
  ])('does not count the connections of a proxy TRUST_PROXY names by %s', async (_label, trustProxy) => {
    const t = await createTestApp({ env: { TRUST_PROXY: trustProxy, MAX_CONNECTIONS_PER_CLIENT: '3' } });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as { port: number };

      expect(await refusedOf(port, '127.0.0.2', 8)).toBe(0);
      // A client that reaches the server directly, past the proxy, is capped as ever.
      if (trustProxy !== '1') expect(await refusedOf(port, '127.0.1.9', 8)).toBe(5);
    } finally {
      await t.close();
    }
  });

  it('reads named ranges and IPv4-mapped peers as Fastify does', () => {
    const fromProxy = isTrustedProxyPeer(['uniquelocal', '203.0.113.7', '2001:db8::/32']);
    expect(fromProxy('10.1.2.3')).toBe(true);
    expect(fromProxy('::ffff:192.168.0.9')).toBe(true);
    expect(fromProxy('203.0.113.7')).toBe(true);
    expect(fromProxy('2001:db8:1::5')).toBe(true);
    expect(fromProxy('203.0.113.8')).toBe(false);
    expect(fromProxy('2001:db9::1')).toBe(false);
    expect(isTrustedProxyPeer(false)('10.1.2.3')).toBe(false);
  });
});
