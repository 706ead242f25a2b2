import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin } from '../../tools/build/compile-hints';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-compile-hints-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('starts every chunk of a build with the compile hint, its source map still pointing at the right lines', async () => {
  await writeFile(
    path.join(dir, 'main.js'),
    [
      "import('./later.js').then((later) => later.greet());",
      'export function shout(text) {',
      "  return text.toUpperCase() + '!';",
      '}',
      "document.title = shout('ready');",
      '',
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'later.js'), "export function greet() {\n  console.info('hello');\n}\n");

  await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins: [compileHintsPlugin()],
    build: { outDir: 'out', sourcemap: true, rolldownOptions: { input: path.join(dir, 'main.js') } },
  });

  const assets = path.join(dir, 'out', 'assets');
  const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  expect(scripts).toHaveLength(2);
  for (const script of scripts) {
    const code = await readFile(path.join(assets, script), 'utf8');
    expect(code.split('\n')[0]).toBe(COMPILE_HINT);
    // A call in the minified code still maps to the line that makes it in its source.
    const map = new SourceMap(JSON.parse(await readFile(path.join(assets, `${script}.map`), 'utf8')));
    const call = script.startsWith('later') ? 'console.info' : 'toUpperCase';
    const lineIndex = code.split('\n').findIndex((line) => line.includes(call));
    const column = code.split('\n')[lineIndex]!.indexOf(call);
    const entry = map.findEntry(lineIndex, column) as { originalLine: number; originalSource: string };
    expect(entry.originalSource).toMatch(script.startsWith('later') ? /later\.js$/ : /main\.js$/);
    expect(entry.originalLine).toBe(script.startsWith('later') ? 1 : 2);
  }
});
