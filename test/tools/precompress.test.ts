import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gzipSize, precompressDirectory } from '../../tools/build/precompress';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-precompress-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('writes a brotli and a gzip copy beside every text file served, each decompressing to the original', async () => {
  const script = 'export const greeting = "hello";\n'.repeat(200);
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(path.join(dir, 'assets', 'app-Ab12.js'), script);
  await writeFile(path.join(dir, 'assets', 'photo.webp'), Buffer.from([1, 2, 3]));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'route-preloads.json'), '[]');

  expect(await precompressDirectory(dir)).toBe(2);

  expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual([
    'app-Ab12.js',
    'app-Ab12.js.br',
    'app-Ab12.js.gz',
    'photo.webp',
  ]);
  expect(await readdir(path.join(dir, '.vite'))).toEqual(['route-preloads.json']);
  const brotli = await readFile(path.join(dir, 'assets', 'app-Ab12.js.br'));
  const gzip = await readFile(path.join(dir, 'assets', 'app-Ab12.js.gz'));
  expect(zlib.brotliDecompressSync(brotli).toString()).toBe(script);
  expect(zlib.gunzipSync(gzip).toString()).toBe(script);
  expect(brotli.byteLength).toBeLessThan(gzip.byteLength);
  expect(gzip.byteLength).toBe(await gzipSize(script));
  expect(zlib.gunzipSync(await readFile(path.join(dir, 'index.html.gz'))).toString()).toBe(
    '<!doctype html><title>x</title>',
  );
});
