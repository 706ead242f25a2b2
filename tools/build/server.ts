/**
 * The server's production build (`npm run build`, run by `npm start`): src/server/main.ts
 * bundled into dist/server/main.js for plain Node. Running it spares the server the TypeScript
 * loader, which costs a thread of its own (about 35 MB) and, on a cold cache, transpiles every
 * module at startup. Packages stay in node_modules; the parts loaded on demand (the AI
 * providers and their SDKs) stay separate chunks, loaded on demand as before. Source maps point
 * stack traces at the TypeScript (`node --enable-source-maps`).
 */
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { repositoryRoot } from '../repository-root';
import { buildStaleness } from './staleness';

export const SERVER_BUILD_DIR = 'dist/server';
/** What `npm start` runs. */
export const SERVER_BUNDLE = `${SERVER_BUILD_DIR}/main.js`;
/**
 * How Node runs the built server (package.json's start script says the same; a test keeps them
 * equal). Stack traces point at the TypeScript. V8 lets the old generation grow to 1.5 times
 * what the last full collection kept instead of up to 4 times: the server keeps some 40 MB alive,
 * and under load the default let garbage pile up to a 165–265 MB peak RSS from one run to the
 * next, against a steady 165–170 MB with this, at the same throughput (decisions/0012).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--heap-growing-percent=50'];
/** Node's arguments to run the built server, as `npm start` does. */
export const SERVER_NODE_ARGS = [...SERVER_NODE_FLAGS, path.join(repositoryRoot, SERVER_BUNDLE)];
/** What the server bundle is made from. */
const SOURCES = ['src/server', 'src/shared', 'package-lock.json', 'tools/build/server.ts'];

/** Why dist/server needs building (missing, or older than a source file), or null when it is current. */
export function serverBuildStaleness(): string | null {
  return buildStaleness(SERVER_BUNDLE, SOURCES);
}

/**
 * Builds into a folder of its own and then puts it in place, so a build running alongside
 * another (two test projects, say) never leaves a half-written bundle behind.
 */
export async function buildServer(): Promise<{ bundleBytes: number }> {
  const target = path.join(repositoryRoot, SERVER_BUILD_DIR);
  const staging = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await build({
      entryPoints: { main: path.join(repositoryRoot, 'src/server/main.ts') },
      outdir: staging,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      packages: 'external',
      sourcemap: 'linked',
      chunkNames: 'chunks/[name]-[hash]',
      logLevel: 'warning',
    });
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { bundleBytes: (await stat(path.join(repositoryRoot, SERVER_BUNDLE))).size };
}

/** Builds the server unless its bundle is current; answers why it was built, or null. */
export async function ensureServerBuild(): Promise<string | null> {
  const stale = serverBuildStaleness();
  if (stale) await buildServer();
  return stale;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bundleBytes } = await buildServer();
  console.log(`Server: ${SERVER_BUNDLE} (${(bundleBytes / 1024).toFixed(0)} KB, packages from node_modules)`);
}
