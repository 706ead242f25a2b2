import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';

/*
 * Arabic pages are laid out right to left by `dir="rtl"` alone, which only works when the web
 * app's classes say start and end rather than left and right (`ms-2`, `pe-4`, `text-start`,
 * `end-0`). A left or right class mirrors nothing and is found here with its file and line.
 */

const WEB = 'src/web';

/** Tailwind utilities tied to a physical side, with any variant before them (`sm:`, `hover:`). */
const PHYSICAL_CLASS =
  /(?<![\w-])(?:[\w-]+:)*-?(?:m[lr]|p[lr]|scroll-m[lr]|scroll-p[lr]|left|right|border-[lr]|rounded-[lr]|rounded-[tb][lr])-[\w./[\]-]+|(?<![\w-])(?:[\w-]+:)*(?:text-(?:left|right)|float-(?:left|right)|clear-(?:left|right)|border-[lr]|rounded-[lr])(?![\w-])/g;

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(tsx?|css|html)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every class-like word in string literals and class attributes that names a physical side. */
function physicalClasses(source: string): { line: number; found: string }[] {
  const found: { line: number; found: string }[] = [];
  source.split('\n').forEach((text, index) => {
    // Only what is quoted: class strings, template literals and @apply lines, not code.
    const quoted = text.match(/(["'`])(?:(?!\1).)*\1|@apply[^;]*/g) ?? [];
    for (const part of quoted) {
      for (const match of part.matchAll(PHYSICAL_CLASS)) found.push({ line: index + 1, found: match[0] });
    }
  });
  return found;
}

test('the web app lays out with start and end, never left and right, so right-to-left mirrors it', async () => {
  const problems: string[] = [];
  for (const file of await sourceFiles(WEB)) {
    if (file.includes(`${path.sep}locales${path.sep}`)) continue;
    for (const { line, found } of physicalClasses(await readFile(file, 'utf8'))) {
      problems.push(`${file}:${line} ${found}`);
    }
  }
  expect(problems).toEqual([]);
});

test('the check finds a physical class and leaves logical ones and ordinary words alone', () => {
  expect(physicalClasses(`<div className="ml-2 sm:pr-4 text-left -right-1 ms-2 pe-4 text-start end-0">`)).toEqual(
    ['ml-2', 'sm:pr-4', 'text-left', '-right-1'].map((found) => ({ line: 1, found })),
  );
  expect(physicalClasses(`const note = 'the left menu is on the right'; // ml-2`)).toEqual([]);
});
