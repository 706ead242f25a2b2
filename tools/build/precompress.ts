import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats that shrink; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/** The smallest gzip at the highest level: what the server sends and what budgets measure. */
export const gzipSize = async (content: string | Uint8Array): Promise<number> =>
  (await gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION })).byteLength;

/** The files the server serves: not those in hidden folders such as Vite's `.vite`, which are for the server itself. */
async function servedFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (entry) =>
        entry.isFile() &&
        !path
          .relative(dir, entry.parentPath)
          .split(path.sep)
          .some((folder) => folder.startsWith('.')),
    )
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `x.br` and `x.gz` beside every compressible file `x` of a finished output directory. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await servedFilesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

/**
 * Compresses the build once, at build time, so the server only picks the copy a browser accepts
 * (no compression work per request, nothing buffered on the API's streams).
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'tutorly:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once every file, the copied public folder included, is on disk; never after a failed build.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const count = await precompressDirectory(outDir);
        this.info(`wrote .br and .gz copies of ${count} files`);
      },
    },
  };
}
