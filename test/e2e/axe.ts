import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

/**
 * Runs axe (WCAG 2.1 A and AA, plus best practices) on the page once it has settled. Evaluated
 * through the browser's debugging protocol, which the page's CSP does not apply to.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // A list dims while its next page loads, and fades back: contrast is judged on what a reader
  // is left looking at, not on a frame of that fade. (A text box busy with a streaming AI draft
  // is not a list, and is judged while it streams.)
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"]:not(textarea)') === null &&
      document
        .getAnimations()
        .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  // Once per document: the second theme's check of the same page finds it loaded.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        // Only violations are read: axe then skips building selectors for every node that passed.
        resultTypes: ['violations'],
      },
    ),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * The page checked by axe in the light theme and then in the dark one, without loading it again:
 * the stylesheet and what draws its own colours (charts) follow `prefers-color-scheme` as it
 * changes, so switching the emulated scheme shows the same page in the other theme. Each
 * violation names the theme it was found in.
 */
export async function violationsInBothThemes(page: Page): Promise<string[]> {
  const light = await accessibilityViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    if (!(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)))
      throw new Error('the page did not switch to the dark scheme');
    const dark = await accessibilityViolations(page);
    return [...light.map((violation) => `light: ${violation}`), ...dark.map((violation) => `dark: ${violation}`)];
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}
