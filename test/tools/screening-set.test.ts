import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { screeningCategories } from '../../src/shared/screening';
import { evaluateScreening, figuresTable, readScreeningSet } from '../../tools/screening/evaluate';
import { repositoryRoot } from '../../tools/repository-root';

// The floors docs/moderation.md states: lowering one is a decision to write down there.
const recallFloor = { personal_information: 0.95, profanity: 0.85, appearance: 0.85 } as const;
const PRECISION_FLOOR = 0.9;
const CLEAN_FLAGGED_CEILING = 0.05;

test('the labelled set holds at least 200 texts of every label', async () => {
  const set = await readScreeningSet();
  expect(set.length).toBeGreaterThanOrEqual(200);
  const figures = evaluateScreening(set);
  for (const count of Object.values(figures.byLabel)) expect(count).toBeGreaterThanOrEqual(20);
});

test('the rules flag under 5% of clean texts and keep each category above its floors', async () => {
  const figures = evaluateScreening(await readScreeningSet());
  expect(figures.cleanFlagged.share).toBeLessThan(CLEAN_FLAGGED_CEILING);
  for (const category of screeningCategories) {
    expect(figures.categories[category].recall, `${category} recall`).toBeGreaterThanOrEqual(recallFloor[category]);
    expect(figures.categories[category].precision, `${category} precision`).toBeGreaterThanOrEqual(PRECISION_FLOOR);
  }
});

test('docs/moderation.md shows the figures the rules give now', async () => {
  const docs = await readFile(path.join(repositoryRoot, 'docs/moderation.md'), 'utf8');
  expect(docs, 'run npm run screening:evaluate -- --write-docs').toContain(
    figuresTable(evaluateScreening(await readScreeningSet())),
  );
});
