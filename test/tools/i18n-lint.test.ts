import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

/*
 * The lint rules that keep English literals out of the web app (eslint.config.js): samples of
 * code, linted as if they were files of the web app, with the repository's own configuration.
 */

const TEXT_RULES = new Set(['i18next/no-literal-string', 'no-restricted-syntax']);

const SAMPLE = 'src/web/features/tutors/components/sample.tsx';
let eslint: ESLint;
// The first lint loads the plugins and the TypeScript resolver: seconds on a busy machine, paid here once.
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  await eslint.lintText('export {};\n', { filePath: SAMPLE });
}, 120_000);

/** What the text rules say of a sample placed at `src/web/…`: each report's rule and the code it points at. */
async function textReports(code: string, file = SAMPLE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  const lines = code.split('\n');
  return result!.messages
    .filter((message) => message.ruleId !== null && TEXT_RULES.has(message.ruleId))
    .map((message) => {
      const line = lines[message.line - 1] ?? '';
      const end = message.endLine === message.line ? message.endColumn : undefined;
      return `${message.ruleId}: ${line.slice(message.column - 1, end ? end - 1 : undefined).trim()}`;
    });
}

/** A component around some JSX, as a feature of the web app would write it. */
const component = (jsx: string, before = '') => `
declare const t: (key: string) => string;
declare function toast(text: string): void;
declare function useTabTitle(...parts: string[]): void;
export function Sample() {
  ${before}
  return (
    ${jsx}
  );
}
`;

describe('the lint reports English left in the web app', { timeout: 30_000 }, () => {
  test('a text in JSX', async () => {
    expect(await textReports(component('<p>Rate the tutor</p>'))).toEqual([
      'i18next/no-literal-string: Rate the tutor',
    ]);
  });

  // `label` is a prop of the form fields (a DOM element's `label`, as on <option>, the plugin leaves alone).
  test.each([
    ['button', 'aria-label'],
    ['input', 'placeholder'],
    ['span', 'title'],
    ['img', 'alt'],
    ['TextField', 'label'],
  ])('a literal <%s %s="…">', async (element, attribute) => {
    const reports = await textReports(
      component(`<${element} ${attribute}="Search tutors" />`, 'const TextField = (_: object) => null;'),
    );
    expect(reports).toEqual(['i18next/no-literal-string: "Search tutors"']);
  });

  test('a user-facing prop of a component (…Label, …Text, …Title)', async () => {
    const reports = await textReports(
      component(
        '<Dialog confirmLabel="Delete" emptyText="No reviews yet" pageTitle="Reviews" />',
        'const Dialog = (_: object) => null;',
      ),
    );
    expect(reports).toHaveLength(3);
  });

  test("a literal toast('…'), toast.success('…') or toast(`…`)", async () => {
    const reports = await textReports(
      component(
        '<button onClick={() => { toast("Review saved"); toast.success(`Saved`); }}>{t("save")}</button>',
        'toast.success = toast;',
      ),
    );
    expect(reports).toEqual(['no-restricted-syntax: "Review saved"', 'no-restricted-syntax: `Saved`']);
  });

  test("a literal useTabTitle(…, '…')", async () => {
    expect(await textReports(component('<main />', "useTabTitle(t('title'), 'Admin');"))).toEqual([
      "no-restricted-syntax: 'Admin'",
    ]);
  });

  test('in a .ts module of the web app too', async () => {
    expect(
      await textReports(
        "declare function toast(text: string): void;\nexport const saved = () => toast('Saved');\n",
        'src/web/lib/sample.ts',
      ),
    ).toEqual(["no-restricted-syntax: 'Saved'"]);
  });
});

describe('the lint leaves alone what no reader sees as a text', { timeout: 30_000 }, () => {
  test("t('key'), class names, test ids, ids, types and links", async () => {
    const code = component(
      `<section id="reviews" className="flex gap-2 text-start" data-testid="review-list" aria-label={t('reviews.label')}>
      <h2 className="text-lg">{t('reviews.title')}</h2>
      <input type="search" name="q" autoComplete="off" placeholder={t('reviews.search')} />
      <a href="/user/tutors" rel="noreferrer">{t('reviews.allTutors')}</a>
    </section>`,
      "useTabTitle(t('reviews.tabTitle')); toast(t('reviews.saved'));",
    );
    expect(await textReports(code)).toEqual([]);
  });

  test('punctuation and numbers between translated texts', async () => {
    expect(await textReports(component("<p>{t('a')} · {t('b')} (3)</p>"))).toEqual([]);
  });
});
