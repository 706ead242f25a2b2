import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import subsetFont from 'subset-font';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FONT_WEIGHT_RANGE, writeLimitedFonts } from '../../tools/build/font-weights';

const LATIN = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/** An sfnt table by its tag, from the table directory after the 12-byte header. */
function table(font: Buffer, tag: string): Buffer {
  const count = font.readUInt16BE(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * 16;
    if (font.toString('latin1', record, record + 4) === tag) {
      const offset = font.readUInt32BE(record + 8);
      return font.subarray(offset, offset + font.readUInt32BE(record + 12));
    }
  }
  throw new Error(`no ${tag} table`);
}

/** The font's variation axes (its fvar table) and its glyph count (maxp), from its WOFF2 file. */
async function describe(woff2: Buffer) {
  const font = await subsetFont(woff2, undefined, { targetFormat: 'sfnt', keepAllGlyphs: true });
  const fvar = table(font, 'fvar');
  const axesAt = fvar.readUInt16BE(4);
  const axes = Array.from({ length: fvar.readUInt16BE(8) }, (_, index) => {
    const axis = axesAt + index * fvar.readUInt16BE(10);
    const fixed = (at: number) => fvar.readInt32BE(axis + at) / 65536;
    return { tag: fvar.toString('latin1', axis, axis + 4), min: fixed(4), max: fixed(12) };
  });
  return { axes, glyphs: table(font, 'maxp').readUInt16BE(4) };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-fonts-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it("writes Inter with its weight axis limited to the interface's weights, every glyph kept and a third lighter", async () => {
  await writeLimitedFonts([LATIN], dir);

  const written = path.join(dir, path.basename(LATIN));
  const original = await describe(await readFile(LATIN));
  const limited = await describe(await readFile(written));
  expect(original.axes).toEqual([{ tag: 'wght', min: 100, max: 900 }]);
  expect(limited.axes).toEqual([{ tag: 'wght', ...FONT_WEIGHT_RANGE }]);
  expect(limited.glyphs).toBe(original.glyphs);
  expect((await stat(written)).size).toBeLessThan((await stat(LATIN)).size * 0.75);
  // Three WOFF2 decodings and an encoding in harfbuzz's WebAssembly: 6-7 s on two busy cores under Node 24.
}, 20_000);

it('names in styles.css and the pages the files the build writes, for the weights the stylesheet declares', async () => {
  const styles = await readFile('src/web/styles.css', 'utf8');
  const config = await readFile('vite.config.ts', 'utf8');
  const fontFaces = [...styles.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1]!);

  expect(fontFaces).toHaveLength(2);
  for (const fontFace of fontFaces) {
    expect(fontFace).toContain(`font-weight: ${FONT_WEIGHT_RANGE.min} ${FONT_WEIGHT_RANGE.max};`);
    expect(fontFace).toMatch(
      /url\('\.\.\/\.\.\/node_modules\/\.cache\/tutorly-fonts\/inter-[\w-]+-wght-normal\.woff2'\)/,
    );
  }
  expect(config).toContain("outDir: fromHere('./node_modules/.cache/tutorly-fonts')");
});
