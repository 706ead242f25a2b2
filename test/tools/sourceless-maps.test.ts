import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { compileHintsPlugin } from '../../tools/build/compile-hints';
import { sourcelessMapsPlugin } from '../../tools/build/sourceless-maps';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-sourceless-maps-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

it('leaves a chunk with no sources to map (a JSON catalog) without a source map, and other chunks with theirs', async () => {
  await writeFile(path.join(dir, 'catalog.json'), JSON.stringify({ menu: { label: 'Idioma' } }));
  await writeFile(path.join(dir, 'main.js'), "import('./catalog.json').then((catalog) => console.info(catalog));\n");

  await build({
    root: dir,
    logLevel: 'silent',
    configFile: false,
    plugins: [compileHintsPlugin(), sourcelessMapsPlugin()],
    build: { outDir: 'out', sourcemap: true, rolldownOptions: { input: path.join(dir, 'main.js') } },
  });

  const assets = path.join(dir, 'out', 'assets');
  const files = await readdir(assets);
  const catalog = files.find((file) => file.startsWith('catalog') && file.endsWith('.js'))!;
  const main = files.find((file) => file.startsWith('main') && file.endsWith('.js'))!;
  expect(files).not.toContain(`${catalog}.map`);
  expect(await readFile(path.join(assets, catalog), 'utf8')).not.toContain('sourceMappingURL');
  expect(await readFile(path.join(assets, catalog), 'utf8')).toContain('Idioma');
  expect(files).toContain(`${main}.map`);
  expect(await readFile(path.join(assets, main), 'utf8')).toContain(`//# sourceMappingURL=${main}.map`);
});
