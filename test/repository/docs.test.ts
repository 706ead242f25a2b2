import { readFile } from 'node:fs/promises';
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
    expect(await read('.ci/run')).toMatch(/^npm test$/m);
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
