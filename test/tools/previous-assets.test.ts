import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BUILDS_RECORD, keepPreviousAssets, readBuildsRecord } from '../../tools/build/previous-assets';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-previous-assets-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** An output folder as a build leaves it: index.html and these files under assets/. */
async function outputFolder(name: string, assets: Record<string, string>): Promise<string> {
  const outDir = path.join(dir, name);
  await mkdir(path.join(outDir, 'assets'), { recursive: true });
  await writeFile(path.join(outDir, 'index.html'), `<!doctype html><title>${name}</title>`);
  for (const [file, content] of Object.entries(assets)) await writeFile(path.join(outDir, 'assets', file), content);
  return outDir;
}

const assetsOf = async (outDir: string) => (await readdir(path.join(outDir, 'assets'))).sort();

it('a build carries forward the files of the build before it that it does not have, compressed copies too', async () => {
  const previous = await outputFolder('previous', {
    'index-Old11111.js': 'old entry',
    'index-Old11111.js.br': 'old entry, brotli',
    'all-reviews-Old22222.js': 'old page',
    'react-Same3333.js': 'react',
  });
  const next = await outputFolder('next', { 'index-New11111.js': 'new entry', 'react-Same3333.js': 'react' });

  const result = await keepPreviousAssets(previous, next, { now: new Date('2026-12-07T10:00:00Z') });

  expect(result).toEqual({ carried: 3, builds: 2 });
  expect(await assetsOf(next)).toEqual([
    'all-reviews-Old22222.js',
    'index-New11111.js',
    'index-Old11111.js',
    'index-Old11111.js.br',
    'react-Same3333.js',
  ]);
  expect(await readFile(path.join(next, 'assets', 'all-reviews-Old22222.js'), 'utf8')).toBe('old page');
  // The page itself is the new build's: only assets are carried.
  expect(await readFile(path.join(next, 'index.html'), 'utf8')).toContain('next');
  expect(await readBuildsRecord(next)).toEqual({
    builds: [
      { builtAt: '2026-12-07T10:00:00.000Z', assets: ['index-New11111.js', 'react-Same3333.js'] },
      // Made before the record existed: everything in its assets folder is one build.
      {
        builtAt: null,
        assets: ['all-reviews-Old22222.js', 'index-Old11111.js', 'index-Old11111.js.br', 'react-Same3333.js'],
      },
    ],
  });
});

it('keeps the files of the last two builds and drops those of older ones', async () => {
  const builds: Record<string, string>[] = [
    { 'index-Aaaaaaaa.js': 'a', 'react-Same3333.js': 'react' },
    { 'index-Bbbbbbbb.js': 'b', 'react-Same3333.js': 'react' },
    { 'index-Cccccccc.js': 'c', 'react-Same3333.js': 'react' },
    // The same sources built again push no build out.
    { 'index-Cccccccc.js': 'c', 'react-Same3333.js': 'react' },
    { 'index-Dddddddd.js': 'd', 'react-Same3333.js': 'react' },
  ];
  let previous = await outputFolder('empty', {});
  for (const [index, assets] of builds.entries()) {
    const next = await outputFolder(`build-${index}`, assets);
    await keepPreviousAssets(previous, next, { now: new Date(Date.UTC(2026, 11, 7, index)) });
    previous = next;
  }

  expect(await assetsOf(previous)).toEqual([
    'index-Bbbbbbbb.js',
    'index-Cccccccc.js',
    'index-Dddddddd.js',
    'react-Same3333.js',
  ]);
  const record = await readBuildsRecord(previous);
  expect(record.builds.map((build) => build.builtAt)).toEqual([
    '2026-12-07T04:00:00.000Z',
    '2026-12-07T03:00:00.000Z',
    '2026-12-07T01:00:00.000Z',
  ]);
  // A file the new build shares with an older one stays in the older build's list too.
  expect(record.builds[2]!.assets).toEqual(['index-Bbbbbbbb.js', 'react-Same3333.js']);
});

it('a first build, with nothing before it, records itself alone', async () => {
  const next = await outputFolder('first', { 'index-First111.js': 'first' });

  const result = await keepPreviousAssets(path.join(dir, 'nothing-here'), next);

  expect(result).toEqual({ carried: 0, builds: 1 });
  expect(await assetsOf(next)).toEqual(['index-First111.js']);
  expect(JSON.parse(await readFile(path.join(next, BUILDS_RECORD), 'utf8')).builds).toHaveLength(1);
});

it('a file the record names but the folder lost is neither carried nor recorded', async () => {
  const previous = await outputFolder('previous', { 'index-Old11111.js': 'old' });
  await mkdir(path.join(previous, '.vite'));
  await writeFile(
    path.join(previous, BUILDS_RECORD),
    JSON.stringify({ builds: [{ builtAt: null, assets: ['index-Old11111.js', 'gone-Gone1111.js'] }] }),
  );
  const next = await outputFolder('next', { 'index-New11111.js': 'new' });

  await keepPreviousAssets(previous, next);

  expect(await assetsOf(next)).toEqual(['index-New11111.js', 'index-Old11111.js']);
  expect((await readBuildsRecord(next)).builds[1]!.assets).toEqual(['index-Old11111.js']);
});
