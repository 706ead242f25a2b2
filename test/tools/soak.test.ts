import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../tools/command-line';
import { parseOptions } from '../../tools/soak/options';
import { trafficKinds } from '../../tools/soak/stats';
import { runTool } from '../helpers/tool-process';
import { openTestDatabase, type TestDatabase, testDatabaseEngine } from '../helpers/database';
import { fullTier } from '../helpers/test-tier';

// `npm run soak` as a person runs it, only shorter: its own server process, real traffic, its
// report. A few seconds of it in `npm test`; a minute in `npm run test:full`.

const soakScript = 'tools/soak.ts';
const soakSeconds = fullTier ? 60 : 3;
const databases: TestDatabase[] = [];

afterEach(async () => {
  for (const database of databases.splice(0)) await database.close();
});

/** On PostgreSQL the soaked server gets a database of its own; on PGlite it embeds one, as by default. */
async function databaseArgs(): Promise<string[]> {
  if (testDatabaseEngine() !== 'postgres') return [];
  const database = await openTestDatabase();
  databases.push(database);
  return ['--database-url', database.url!];
}

describe(`npm run soak on ${testDatabaseEngine()}`, () => {
  it(
    'drives every kind of traffic at a server it starts and reports no errors and the server memory',
    { timeout: 150_000 + soakSeconds * 1000 },
    async () => {
      const run = await runTool(
        soakScript,
        ['--duration', String(soakSeconds), '--concurrency', '4', '--tutors', '10', ...(await databaseArgs())],
        100_000 + soakSeconds * 1000,
      );

      expect(run.output).not.toMatch(/SIGTERM: stopping/);
      expect(run.code, run.output).toBe(0);
      for (const kind of trafficKinds) {
        const row = new RegExp(
          `^\\s+${kind}\\s+(\\d+)\\s+(\\d+)\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+$`,
          'm',
        ).exec(run.output);
        expect(row, `the report's row for ${kind}:\n${run.output}`).not.toBeNull();
        expect(Number(row![1]), `${kind} requests`).toBeGreaterThan(0);
        expect(Number(row![2]), `${kind} errors`).toBe(0);
      }
      expect(run.output).toMatch(/^\s+total\s+\d+\s+0$/m);
      expect(run.output).toMatch(/^Writes checked: .* all match what the server accepted$/m);
      const memory =
        /^Server memory \(RSS\): at start ([\d.]+) MiB, at end ([\d.]+) MiB \([+-][\d.]+ MiB\), peak ([\d.]+) MiB/m.exec(
          run.output,
        );
      expect(memory, run.output).not.toBeNull();
      for (const figure of memory!.slice(1)) expect(Number(figure)).toBeGreaterThan(10);
      expect(run.output).toMatch(/^Errors: 0$/m);
      expect(run.output).toMatch(/^Result: PASS$/m);
    },
  );

  // The command line's refusal runs once as a process (exit code 2 and the usage, as bench.ts shares
  // that reader: tools/command-line.ts); what else is refused is the options' parser's, checked here.
  it('keeps its load bounded and on this machine', { timeout: 30_000 }, async () => {
    const tooLong = await runTool(soakScript, ['--duration', '3601'], 20_000);
    expect(tooLong.code).toBe(2);
    expect(tooLong.output).toContain('--duration must be a whole number from 1 to 3600 (add --no-limit to run longer)');
    expect(tooLong.output).toContain('Usage: npm run soak');

    expect(() =>
      parseOptions([
        '--url',
        'http://192.0.2.10:3000',
        '--admin-email',
        'a@b.test',
        '--admin-password',
        'secret-password',
      ]),
    ).toThrow(
      new UsageError('--url must be a server on this machine (127.0.0.1, localhost or [::1]), not 192.0.2.10.'),
    );
    expect(parseOptions(['--duration', '3601', '--no-limit'])).toMatchObject({ durationSeconds: 3601 });
  });
});
