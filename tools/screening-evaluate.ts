import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { evaluateScreening, figuresTable, readScreeningSet } from './screening/evaluate';
import { repositoryRoot } from './repository-root';

// npm run screening:evaluate [-- --write-docs]: the rule-based screen measured on the labelled
// set in test/fixtures/screening-set.json; --write-docs puts the figures in docs/moderation.md.

const DOCS = path.join(repositoryRoot, 'docs/moderation.md');
const START = '<!-- screening figures: npm run screening:evaluate -- --write-docs -->';
const END = '<!-- end of screening figures -->';

async function main(): Promise<number> {
  const figures = evaluateScreening(await readScreeningSet());
  const table = figuresTable(figures);
  console.log(table);
  console.log(`\nMistakes (${figures.mistakes.length}):`);
  for (const mistake of figures.mistakes)
    console.log(
      `  [${mistake.label}] expected ${mistake.expected.join('+') || 'nothing'}, found ${mistake.found.join('+') || 'nothing'}: ${mistake.text}`,
    );
  if (process.argv.includes('--write-docs')) {
    const docs = await readFile(DOCS, 'utf8');
    const start = docs.indexOf(START);
    const end = docs.indexOf(END);
    if (start < 0 || end < start) throw new Error(`docs/moderation.md lacks the markers ${START} ... ${END}`);
    await writeFile(DOCS, `${docs.slice(0, start + START.length)}\n\n${table}\n\n${docs.slice(end)}`);
    console.log('\nWritten to docs/moderation.md');
  }
  return 0;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`The screening set could not be evaluated: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
