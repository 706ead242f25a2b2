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
