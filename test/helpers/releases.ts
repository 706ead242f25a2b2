import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../tools/build/route-budgets';
import { SERVER_BUILD_DIR } from '../../tools/build/server';

/*
 * Releases as an operator installs them, one folder each, so two instances of the product can
 * run side by side on two different web builds, as during a rolling deploy. A second real build
 * costs a vite run; a copy of the one build with every hashed asset renamed (and every reference
 * to it rewritten) is a different build to a browser and a server alike, made in well under a
 * second.
 */

/** Vite's hashed names: `name-HASH.ext`, the hash eight characters of base64url. */
const HASHED_ASSET = /^(.+)-([A-Za-z0-9_-]{8})(\.[a-z0-9]+)$/;
const TEXT_FILE = /\.(?:html|js|css|json|map|svg|webmanifest|txt)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A copy of the web build at `from` in `to` whose every hashed asset has another hash (derived
 * from `label`), as another build's would. The precompressed copies are left out: the server
 * sends the originals when there are none. Answers `to`.
 */
export async function otherWebBuild(from: string, to: string, label: string): Promise<string> {
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true, filter: (source) => !/\.(?:br|gz)$/.test(source) });
  const renamed = new Map<string, string>();
  for (const name of await readdir(path.join(to, 'assets'))) {
    const match = HASHED_ASSET.exec(name);
    if (!match) continue;
    const [, base, hash, extension] = match;
    const otherHash = createHash('sha256').update(`${label}:${hash}`).digest('base64url').slice(0, 8);
    renamed.set(name, `${base}-${otherHash}${extension}`);
  }
  const names = [...renamed.keys()].sort((a, b) => b.length - a.length);
  const anyName = new RegExp(names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  for (const file of await filesUnder(to)) {
    if (TEXT_FILE.test(file)) {
      const text = await readFile(file, 'utf8');
      const rewritten = text.replace(anyName, (name) => renamed.get(name)!);
      if (rewritten !== text) await writeFile(file, rewritten);
    }
    if (path.dirname(file) !== path.join(to, 'assets')) continue;
    const name = path.basename(file);
    const primary = name.endsWith('.map') ? name.slice(0, -'.map'.length) : name;
    const other = renamed.get(primary);
    if (other) await rename(file, path.join(to, 'assets', name.endsWith('.map') ? `${other}.map` : other));
  }
  return to;
}

/**
 * The modules a build loads for the page at `routePath` (as in the server's route preloads) and
 * for none of the `others`: the page's own code.
 */
export async function pageOwnModules(webBuild: string, routePath: string, others: string[]): Promise<string[]> {
  const routes = JSON.parse(await readFile(path.join(webBuild, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[];
  const modulesOf = (wanted: string) => routes.find((route) => route.path === wanted)?.modules ?? [];
  const shared = new Set(others.flatMap(modulesOf));
  const own = modulesOf(routePath).filter((module) => !shared.has(module));
  if (own.length === 0) throw new Error(`the build has no module of its own for ${routePath}`);
  return own.map((module) => path.join(webBuild, module));
}

export interface Release {
  /** The release's folder: what a server started with `root` set to it runs. */
  root: string;
  /** Its web build, dist/web. */
  webBuild: string;
  remove(): Promise<void>;
}

/**
 * A release folder holding this checkout's server bundle, its migrations and packages, and the
 * given web build as its dist/web. The server finds both through the bundle's own location.
 */
export async function installRelease(webBuild: string): Promise<Release> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tutorly-release-'));
  const here = path.resolve('.');
  await cp(path.join(here, 'package.json'), path.join(root, 'package.json'));
  await symlink(path.join(here, 'node_modules'), path.join(root, 'node_modules'));
  await symlink(path.join(here, 'drizzle'), path.join(root, 'drizzle'));
  await mkdir(path.join(root, 'dist'));
  // Copied, not linked: Node runs a linked bundle from its real path, the checkout's.
  await cp(path.join(here, SERVER_BUILD_DIR), path.join(root, SERVER_BUILD_DIR), { recursive: true });
  await cp(webBuild, path.join(root, 'dist', 'web'), { recursive: true });
  return {
    root,
    webBuild: path.join(root, 'dist', 'web'),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
