import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/** The weights the interface is set in: Tailwind's font-normal to font-bold (styles.css). */
export const FONT_WEIGHT_RANGE = { min: 400, max: 700 } as const;

/**
 * A variable font with its weight axis limited to `range`: every glyph and every layout feature
 * stays, and each weight in the range keeps its widths (its outlines within a rounding of the
 * original's); the data for weights outside it goes.
 */
async function limitWeightAxis(font: Uint8Array, range: { min: number; max: number }): Promise<Buffer> {
  return subsetFont(font, undefined, {
    targetFormat: 'woff2',
    keepAllGlyphs: true,
    variationAxes: { wght: { min: range.min, max: range.max, default: range.min } },
  });
}

/**
 * Writes each of `files` (variable fonts) to `outDir` under its own name, its weight axis
 * limited to `range`. Written whole and then renamed, so a build reading it meanwhile (another
 * build, a test) never sees half a file.
 */
export async function writeLimitedFonts(files: string[], outDir: string, range = FONT_WEIGHT_RANGE): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await Promise.all(
    files.map(async (file) => {
      const target = path.join(outDir, path.basename(file));
      const partial = `${target}.${randomUUID()}.partial`;
      await writeFile(partial, await limitWeightAxis(await readFile(file), range));
      await rename(partial, target);
    }),
  );
}

/**
 * Inter's variable files cover weights 100 to 900; the interface uses 400 to 700. Before a build
 * (or the development server) starts, this writes copies limited to that range into `outDir`,
 * which styles.css and the pages' preload link name: the Latin file, which every page preloads
 * beside its scripts and downloads before its largest paint, goes from 48 to 34 KB (decision
 * 0010). Being files read like any other asset, they are hashed by what they hold, as are the
 * stylesheets naming them.
 */
export function fontWeightsPlugin(options: { files: string[]; outDir: string }): Plugin {
  return {
    name: 'tutorly:font-weights',
    async buildStart() {
      await writeLimitedFonts(options.files, options.outDir);
    },
  };
}
