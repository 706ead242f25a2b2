import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
/** What the web build is made from. */
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];
const BUILT = 'dist/web/index.html';

/** Why dist/web needs building (missing, or older than a source file), or null when it is current. */
export function webBuildStaleness(): string | null {
  let built: number;
  try {
    built = statSync(path.join(repositoryRoot, BUILT)).mtimeMs;
  } catch {
    return 'dist/web is missing';
  }
  const newer = SOURCES.flatMap((source) => filesUnder(path.join(repositoryRoot, source))).find((file) => statSync(file).mtimeMs > built);
  return newer ? `${path.relative(repositoryRoot, newer)} is newer than dist/web` : null;
}

/** `vite build`, its output shown only when it fails. */
export function buildWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(repositoryRoot, 'node_modules/.bin/vite'), ['build'], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${output.slice(-4000)}`))));
  });
}

function filesUnder(location: string): string[] {
  let stats;
  try {
    stats = statSync(location);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return [location];
  return readdirSync(location, { withFileTypes: true }).flatMap((entry) => filesUnder(path.join(location, entry.name)));
}
