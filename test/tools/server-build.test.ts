import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { repositoryRoot } from '../../tools/repository-root';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS, serverBuildStaleness } from '../../tools/build/server';
import { openTestDatabase, type TestDatabase, testDatabaseEngine } from '../helpers/database';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import '../setup/provided-context';

/** What `npm start` runs: the server bundled by `npm run build` (the test run's global setup builds it). */
describe('the server bundle', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await killAllServerProcesses();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  test('is current with the sources, and what npm start runs', async () => {
    expect(serverBuildStaleness()).toBeNull();
    const { scripts } = JSON.parse(await readFile(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(`npm run build && node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_BUNDLE}`);
  });

  test('loads sharp and the AI SDKs only when first needed, as the sources do', async () => {
    const bundle = await readFile(path.join(repositoryRoot, SERVER_BUNDLE), 'utf8');
    const staticImports = [...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)"/gm)].map((match) => match[1]);
    expect(staticImports).toContain('fastify');
    for (const onDemand of ['sharp', '@google/genai', 'openai']) expect(staticImports).not.toContain(onDemand);
    expect(bundle).toMatch(/await import\("sharp"\)/);
    // The data folder's lock is a native addon that finds its prebuilt binary beside its own
    // module: it must be loaded from node_modules, never copied into the bundle.
    expect(staticImports).toContain('fs-native-extensions');
  });

  // Opening the embedded database and starting a process takes several seconds on a busy machine.
  // On the embedded database this also loads the lock's native addon from the bundle.
  test('started from another folder, finds its migrations and serves', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-bundle-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, AI_PROVIDER: 'none', SMTP_URL: '' };
    if (testDatabaseEngine() === 'postgres') {
      const database: TestDatabase = await openTestDatabase();
      cleanups.push(() => database.close());
      env.DATABASE_URL = database.url!;
    } else {
      await migratedEmbeddedDataDir(dataDir);
    }
    const server = startServerProcess(await freePort(), env, { cwd: os.tmpdir() });
    await waitUntilReady(server);
    const settings = await fetch(`${server.baseUrl}/api/settings`);
    expect(settings.status, server.output()).toBe(200);
    expect((await stopServerProcess(server)).code).toBe(0);
  });
});
