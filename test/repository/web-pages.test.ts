import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';

const SCRIPT = /<script type="module" src="\.\/[\w-]+\.tsx"><\/script>/;

test("the landing page's HTML is the app's, but for the script it loads", async () => {
  const app = await readFile('src/web/index.html', 'utf8');
  const landing = await readFile('src/web/landing.html', 'utf8');

  expect(app).toMatch(SCRIPT);
  expect(landing).toMatch(SCRIPT);
  expect(landing.replace(SCRIPT, '')).toBe(app.replace(SCRIPT, ''));
  expect(landing).toContain('src="./landing-main.tsx"');
});

test('the pages preload the font file the stylesheet gives for Latin text', async () => {
  const app = await readFile('src/web/index.html', 'utf8');
  const styles = await readFile('src/web/styles.css', 'utf8');
  const preloaded =
    /<link\s+rel="preload"\s+href="([^"]+\.woff2)"\s+as="font"\s+type="font\/woff2"\s+crossorigin\s*\/>/.exec(app)?.[1];
  // The first @font-face is Latin's, which every page's text uses (index.html sits in src/web, as styles.css).
  const latin = /@font-face\s*{[^}]*src:\s*url\('([^']+)'\)/.exec(styles)?.[1];
  expect(preloaded).toBeDefined();
  expect(preloaded).toBe(latin);
  expect(latin).toMatch(/inter-latin-wght-normal\.woff2$/);
});
