import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { configVariables } from '../../src/server/config';

const read = (file: string) => readFile(file, 'utf8');

describe('README', () => {
  test('its quick start is the two commands: install and start, and test', async () => {
    const readme = await read('README.md');
    const quickStart = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
    );
    expect(quickStart).toContain('npm install && npm start');
    expect(quickStart).toContain('npm test');
  });

  test('every npm script it mentions exists', async () => {
    const readme = await read('README.md');
    const { scripts } = JSON.parse(await read('package.json')) as { scripts: Record<string, string> };
    const mentioned = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(mentioned.length).toBeGreaterThan(0);
    for (const script of new Set(mentioned)) expect(scripts, `npm run ${script}`).toHaveProperty([script]);
    for (const script of ['start', 'test']) expect(scripts).toHaveProperty([script]);
  });

  test('CI runs the same test command', async () => {
    expect(await read('.ci/run')).toMatch(/^(step "npm test" )?npm test$/m);
  });

  test('its configuration table and .env.example document every variable the server reads', async () => {
    const readme = await read('README.md');
    const example = await read('.env.example');
    for (const variable of configVariables) {
      expect(readme, `README documents ${variable}`).toContain(`| \`${variable}\` |`);
      expect(example, `.env.example documents ${variable}`).toMatch(new RegExp(`^#? ?${variable}=`, 'm'));
    }
  });
});

/** README's layout names every folder directly under these, and only folders that exist. */
const LAYOUT_LEVELS = ['src', 'src/server', 'src/web', 'src/shared', 'test', 'tools'];

/** What the layout block names: each line's first word, nested by two spaces of indentation. */
function namedInLayout(readme: string): { path: string; folder: boolean }[] {
  const section = readme.slice(readme.indexOf('## Folder layout'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const parents: string[] = [];
  const named: { path: string; folder: boolean }[] = [];
  for (const line of block.split('\n')) {
    if (!line.trim()) continue;
    const depth = Math.floor(line.search(/\S/) / 2);
    const word = line.trim().split(/\s+/)[0]!;
    const folder = word.endsWith('/');
    // `features/<area>/` names the features folder; what stands in angle brackets varies.
    const segments = word.replace(/\/$/, '').split('/');
    const placeholder = segments.findIndex((segment) => segment.startsWith('<'));
    const own = placeholder === -1 ? segments : segments.slice(0, placeholder);
    parents.length = depth;
    named.push({ path: path.posix.join(...parents, ...own), folder: folder || placeholder !== -1 });
    if (folder) parents[depth] = own.join('/');
  }
  return named;
}

/** A folder a fresh clone has: one holding at least one file (an emptied folder left by a move does not count). */
async function holdsFiles(folder: string): Promise<boolean> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isFile()) return true;
    if (entry.isDirectory() && (await holdsFiles(path.join(folder, entry.name)))) return true;
  }
  return false;
}

async function foldersIn(parent: string): Promise<string[]> {
  const folders: string[] = [];
  for (const entry of await readdir(parent, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const folder = path.posix.join(parent, entry.name);
    if (await holdsFiles(folder)) folders.push(folder);
  }
  return folders;
}

describe("README's folder layout", () => {
  test('names only folders and files that exist', async () => {
    const named = namedInLayout(await read('README.md'));
    expect(named.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const { path: name, folder } of named) {
      const found = await stat(name).catch(() => null);
      if (!found) wrong.push(`${name} does not exist`);
      else if (found.isDirectory() !== folder) wrong.push(`${name} is not a ${folder ? 'folder' : 'file'}`);
    }
    expect(wrong, "README's folder layout").toEqual([]);
  });

  test(`names every folder directly under ${LAYOUT_LEVELS.join(', ')}`, async () => {
    const named = new Set(namedInLayout(await read('README.md')).map((entry) => entry.path));
    const unnamed: string[] = [];
    for (const level of LAYOUT_LEVELS) {
      if (!(await stat(level).catch(() => null))) continue;
      for (const folder of [level, ...(await foldersIn(level))]) if (!named.has(folder)) unnamed.push(`${folder}/`);
    }
    expect(unnamed, "folders README's layout lacks (add a line each: what is inside)").toEqual([]);
  });
});

const DECISIONS = 'docs/decisions';
const RECORD_FILE = /^(\d{4})-[a-z0-9-]+\.md$/;

async function decisionRecords(): Promise<{ file: string; number: string; text: string }[]> {
  const files = (await readdir(DECISIONS)).sort();
  return Promise.all(
    files.map(async (file) => ({
      file,
      number: RECORD_FILE.exec(file)?.[1] ?? '',
      text: await read(path.join(DECISIONS, file)),
    })),
  );
}

/** Every file and folder of the repository, as paths from its root (folders end in a slash). */
async function repositoryPaths(folder = '.', found: string[] = []): Promise<string[]> {
  const skipped = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'backups']);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name === '.cache' || entry.name === 'bench-results') continue;
    const relative = path.posix.join(folder, entry.name).replace(/^\.\//, '');
    if (entry.isDirectory()) {
      found.push(`${relative}/`);
      await repositoryPaths(relative, found);
    } else found.push(relative);
  }
  return found;
}

/** Code spans that name a source file or a folder: `services/reviews/aggregates.ts`, `test/fakes/`. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)*(?:\.(?:ts|tsx|js|json|sql|html|css|md)|\/))`/g)]
    .map((match) => match[1]!)
    .filter((name) => !/^(dist|\.vite)\//.test(name) && !/^[A-Z_]+\//.test(name));
}

describe('decision records', () => {
  test('are numbered files whose title carries the number', async () => {
    const records = await decisionRecords();
    expect(records.length).toBeGreaterThan(0);
    for (const { file, number, text } of records) {
      expect(file, 'a decision record is named NNNN-words.md').toMatch(RECORD_FILE);
      expect(text.split('\n')[0], file).toMatch(new RegExp(`^# ${Number(number)}\\. \\S`));
    }
    expect(new Set(records.map((record) => record.number)).size).toBe(records.length);
  });

  test('each has a Status (accepted, or superseded by later records that say so) and a Date', async () => {
    const records = await decisionRecords();
    const byNumber = new Map(records.map((record) => [record.number, record]));
    for (const { file, number, text } of records) {
      const status = /^- Status: (.+)$/m.exec(text)?.[1];
      expect(status, `${file} has a "- Status:" line`).toBeDefined();
      expect(status, file).toMatch(/^(accepted|superseded by \d{4}((, | and )\d{4})*)$/);
      for (const [later] of status!.matchAll(/\d{4}/g)) {
        const successor = byNumber.get(later);
        expect(successor, `${file} is superseded by ${later}, which does not exist`).toBeDefined();
        expect(Number(later), `${file} is superseded by a later record`).toBeGreaterThan(Number(number));
        expect(successor!.text, `${successor!.file} says it supersedes ${number}`).toMatch(
          new RegExp(`^- Supersedes: .*\\b${number}\\b`, 'm'),
        );
      }

      const date = /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(text)?.[1];
      expect(date, `${file} has a "- Date: YYYY-MM-DD" line`).toBeDefined();
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10), `${file}: a real date`).toBe(date);
    }
  });

  test('name only files and folders that exist', async () => {
    const paths = await repositoryPaths();
    const exists = (name: string) => paths.some((found) => found === name || found.endsWith(`/${name}`));
    const missing: string[] = [];
    for (const { file, text } of await decisionRecords())
      for (const name of namedPaths(text)) if (!exists(name)) missing.push(`${file}: ${name}`);
    expect(missing, 'files and folders decision records name that are not in the repository').toEqual([]);
  });
});
