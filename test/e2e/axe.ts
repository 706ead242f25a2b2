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
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      },
    ),
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
