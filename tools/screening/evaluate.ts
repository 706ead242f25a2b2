import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { screeningCategories, type ScreeningCategory } from '../../src/shared/screening';
import { screenText } from '../../src/shared/screening-rules';
import { repositoryRoot } from '../repository-root';

export const SCREENING_SET_PATH = path.join(repositoryRoot, 'test/fixtures/screening-set.json');

export const screeningSetLabels = ['clean', 'personal_information', 'profanity', 'appearance', 'borderline'] as const;
type Label = (typeof screeningSetLabels)[number];

export interface LabelledText {
  label: Label;
  text: string;
  /** The categories the screen should find: none for a clean text. */
  expected: ScreeningCategory[];
  note?: string;
}

export interface CategoryFigures {
  /** Texts that should be found and were. */
  found: number;
  /** Texts that should be found. */
  expected: number;
  /** Texts found that should not have been. */
  wronglyFound: number;
  precision: number;
  recall: number;
}

export interface ScreeningFigures {
  texts: number;
  byLabel: Record<Label, number>;
  categories: Record<ScreeningCategory, CategoryFigures>;
  /** Clean texts with any finding, of all clean texts. */
  cleanFlagged: { count: number; of: number; share: number };
  /** What went wrong, text by text, for whoever tunes the rules. */
  mistakes: { text: string; label: Label; expected: ScreeningCategory[]; found: ScreeningCategory[] }[];
}

export async function readScreeningSet(file = SCREENING_SET_PATH): Promise<LabelledText[]> {
  const parsed = JSON.parse(await readFile(file, 'utf8')) as { items: LabelledText[] };
  return parsed.items;
}

/** Each text screened as a review's text; per category, whether the rules found what the label expects. */
export function evaluateScreening(set: readonly LabelledText[]): ScreeningFigures {
  const categories = Object.fromEntries(
    screeningCategories.map((category) => [category, { found: 0, expected: 0, wronglyFound: 0 }]),
  ) as Record<ScreeningCategory, Omit<CategoryFigures, 'precision' | 'recall'>>;
  const byLabel = Object.fromEntries(screeningSetLabels.map((label) => [label, 0])) as Record<Label, number>;
  const mistakes: ScreeningFigures['mistakes'] = [];
  let cleanFlagged = 0;
  for (const item of set) {
    byLabel[item.label] += 1;
    const found = [...new Set(screenText({ body: item.text }).map((finding) => finding.category))].sort();
    if (item.label === 'clean' && found.length > 0) cleanFlagged += 1;
    for (const category of screeningCategories) {
      const expected = item.expected.includes(category);
      const got = found.includes(category);
      if (expected) categories[category].expected += 1;
      if (expected && got) categories[category].found += 1;
      if (!expected && got) categories[category].wronglyFound += 1;
    }
    if (JSON.stringify(found) !== JSON.stringify([...item.expected].sort()))
      mistakes.push({ text: item.text, label: item.label, expected: item.expected, found });
  }
  const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
  return {
    texts: set.length,
    byLabel,
    categories: Object.fromEntries(
      screeningCategories.map((category) => {
        const { found, expected, wronglyFound } = categories[category];
        return [
          category,
          {
            found,
            expected,
            wronglyFound,
            precision: ratio(found, found + wronglyFound),
            recall: ratio(found, expected),
          },
        ];
      }),
    ) as Record<ScreeningCategory, CategoryFigures>,
    cleanFlagged: { count: cleanFlagged, of: byLabel.clean, share: ratio(cleanFlagged, byLabel.clean) },
    mistakes,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const categoryNames: Record<ScreeningCategory, string> = {
  personal_information: 'Personal information',
  profanity: 'Slurs and profanity',
  appearance: 'Appearance or body',
};

/** The figures as the Markdown table docs/moderation.md shows. */
export function figuresTable(figures: ScreeningFigures): string {
  const rows = screeningCategories.map((category) => {
    const c = figures.categories[category];
    return `| ${categoryNames[category]} | ${c.expected} | ${c.found} | ${c.wronglyFound} | ${percent(c.precision)} | ${percent(c.recall)} |`;
  });
  const labels = screeningSetLabels.map((label) => `${label} ${figures.byLabel[label]}`).join(', ');
  return [
    `${figures.texts} texts (${labels}).`,
    '',
    '| Category | Should be found | Found | Found wrongly | Precision | Recall |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Clean texts flagged: ${figures.cleanFlagged.count} of ${figures.cleanFlagged.of} (${percent(figures.cleanFlagged.share)}).`,
  ].join('\n');
}
