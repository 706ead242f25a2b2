import { copyFile, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Plugin } from 'vite';

/*
 * A page stays open across a deploy, and behind a load balancer a rolling restart serves a page
 * from one build while another instance already runs the next: either way a browser asks the
 * new build for the old build's hashed modules. Each build therefore carries forward the asset
 * files of the builds before it, so those requests find them (decision 0033).
 */

/** How many builds before this one keep their assets: a tab open across two deploys still works. */
export const KEPT_PREVIOUS_BUILDS = 2;
/** Which build wrote which asset files, newest first; beside the route preloads, not served. */
export const BUILDS_RECORD = '.vite/builds.json';
const ASSETS = 'assets';

const buildsRecordSchema = z.object({
  builds: z.array(z.object({ builtAt: z.string().nullable(), assets: z.array(z.string()) })),
});
export type BuildsRecord = z.infer<typeof buildsRecordSchema>;

async function assetFiles(outDir: string): Promise<string[]> {
  const entries = await readdir(path.join(outDir, ASSETS), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

/**
 * What a finished build in `outDir` says it holds. A build made before the record existed is
 * one build: every file in its assets folder.
 */
export async function readBuildsRecord(outDir: string): Promise<BuildsRecord> {
  const text = await readFile(path.join(outDir, BUILDS_RECORD), 'utf8').catch(() => null);
  if (text !== null) return buildsRecordSchema.parse(JSON.parse(text));
  const assets = await assetFiles(outDir);
  return { builds: assets.length > 0 ? [{ builtAt: null, assets }] : [] };
}

/**
 * Puts into the new build in `outDir` the asset files of the last `keep` builds recorded in
 * `previousDir` (the output folder as the previous build left it) that the new build does not
 * have itself, and records the new build in front of them. A file of an older build is left
 * behind, so the folder holds at most `keep` + 1 builds; a build the new one wholly contains (the
 * same sources built again) is not counted.
 */
export async function keepPreviousAssets(
  previousDir: string,
  outDir: string,
  { keep = KEPT_PREVIOUS_BUILDS, now = new Date() }: { keep?: number; now?: Date } = {},
): Promise<{ carried: number; builds: number }> {
  const own = new Set(await assetFiles(outDir));
  // A build of the same sources again (every file of it is in the new one) takes no place of its own.
  const previous = (await readBuildsRecord(previousDir)).builds
    .filter((build) => build.assets.some((name) => !own.has(name)))
    .slice(0, keep);
  const available = new Set(await assetFiles(previousDir));
  const carried = new Set<string>();
  const kept: BuildsRecord['builds'] = [];
  await mkdir(path.join(outDir, ASSETS), { recursive: true });
  for (const build of previous) {
    const present = build.assets.filter((name) => available.has(name));
    for (const name of present) {
      if (own.has(name) || carried.has(name)) continue;
      await copyOrLink(path.join(previousDir, ASSETS, name), path.join(outDir, ASSETS, name));
      carried.add(name);
    }
    if (present.length > 0) kept.push({ builtAt: build.builtAt, assets: present });
  }
  const record: BuildsRecord = { builds: [{ builtAt: now.toISOString(), assets: [...own].sort() }, ...kept] };
  await mkdir(path.join(outDir, path.dirname(BUILDS_RECORD)), { recursive: true });
  await writeFile(path.join(outDir, BUILDS_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  return { carried: carried.size, builds: record.builds.length };
}

/** A hard link where the file system allows one (the files never change), a copy elsewhere. */
async function copyOrLink(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to));
}

/**
 * Vite empties the output folder before it writes: the previous build's assets and record are
 * linked aside first (in a sibling folder, so links work), and the ones to keep come back once
 * the new build, compressed copies included, is on disk. The plugin comes after the
 * precompression plugin, so the files carried forward, which bring their own compressed copies,
 * are not compressed again.
 */
export function previousAssetsPlugin(): Plugin {
  let outDir = '';
  let setAside = '';
  return {
    name: 'tutorly:previous-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      setAside = path.join(path.dirname(outDir), `.${path.basename(outDir)}-previous`);
    },
    async buildStart() {
      await rm(setAside, { recursive: true, force: true });
      const record = await readBuildsRecord(outDir);
      if (record.builds.length === 0) return;
      await mkdir(path.join(setAside, ASSETS), { recursive: true });
      await mkdir(path.join(setAside, path.dirname(BUILDS_RECORD)), { recursive: true });
      await writeFile(path.join(setAside, BUILDS_RECORD), JSON.stringify(record));
      for (const name of await assetFiles(outDir))
        await copyOrLink(path.join(outDir, ASSETS, name), path.join(setAside, ASSETS, name));
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { carried, builds } = await keepPreviousAssets(setAside, outDir);
        this.info(`carried forward ${carried} asset files of earlier builds (${builds} builds served)`);
      },
    },
    async closeBundle() {
      await rm(setAside, { recursive: true, force: true });
    },
  };
}
