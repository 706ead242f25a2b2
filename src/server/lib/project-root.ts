import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (the one with package.json), where the migrations and the web build
 * live. The server runs from src/server (tsx, in development and tests) or from its bundle in
 * dist/server (`npm start`), so it is found by looking up from here rather than by a fixed
 * number of `..`.
 */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(start: string): string {
  for (let folder = start; ;) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    const parent = path.dirname(folder);
    if (parent === folder)
      throw new Error(`No package.json above ${start}: the server must run from inside the project folder.`);
    folder = parent;
  }
}
