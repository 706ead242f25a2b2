import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildStaleness } from '../build/staleness';
import { repositoryRoot } from '../repository-root';

/** What the web build is made from. */
const SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

/** Why dist/web needs building (missing, or older than a source file), or null when it is current. */
export function webBuildStaleness(): string | null {
  return buildStaleness('dist/web/index.html', SOURCES);
}

/** `vite build`, its output shown only when it fails. */
export function buildWeb(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(repositoryRoot, 'node_modules/.bin/vite'), ['build'], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}
