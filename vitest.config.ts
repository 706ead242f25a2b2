import os from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Server test files that assert what a fresh process has loaded (traces-off: that OpenTelemetry's
 * SDK never was), so they cannot share a process with the files before them.
 */
const needsFreshProcess = ['test/server/traces-off.test.ts'];

/**
 * Server test files that never touch SQL (no database, no engine asked for): they run once, not
 * on both engines. test/setup/database.ts fails a file of the database suites that never touches
 * SQL, and test/helpers/database.ts one listed here that does, so the list stays true.
 */
const filesWithoutSql = [
  'test/server/ai-drafting-prompt.test.ts',
  'test/server/config.test.ts',
  'test/server/csv.test.ts',
  'test/server/fake-ai-servers.test.ts',
  'test/server/image-stores.test.ts',
  'test/server/log-format.test.ts',
  'test/server/outage-reporting.test.ts',
  'test/server/outages.test.ts',
  'test/server/storage-copy.test.ts',
];

/**
 * A suite on a real database, one database per test file: the server integration tests (real app
 * via inject()), and the tool tests that run a tool against a database or a server of its own.
 */
function databaseProject(
  suite: 'server' | 'server-fresh' | 'tools',
  engine: 'pglite' | 'postgres',
  include: string[],
): TestProjectInlineConfiguration {
  return {
    test: {
      // The server suite keeps the engine's bare name (`--project pglite`).
      name: suite === 'server' ? engine : `${suite}-${engine}`,
      include,
      exclude: suite === 'server' ? [...needsFreshProcess, ...filesWithoutSql] : [],
      // The server suite's files share their worker's process and loaded modules: importing the
      // whole server again for every file took a fifth of the suite's time. Each file still has a
      // database of its own and starts every test from empty tables (test/setup/database.ts).
      isolate: suite !== 'server',
      environment: 'node',
      globalSetup: [`test/setup/global-${engine}.ts`],
      setupFiles: ['test/setup/strict-console.ts', 'test/setup/database.ts'],
      provide: { dbEngine: engine },
      testTimeout: 15_000,
      hookTimeout: 30_000,
    },
  };
}

// Tool tests that open a database or start the server need the engine's global setup; a new one
// missing here fails at once, asking for it ("pglite snapshot missing").
const toolTestsOnDatabase = ['bench', 'server-build', 'soak'].map((name) => `test/tools/${name}.test.ts`);

function onEachEngine(suite: 'server' | 'server-fresh' | 'tools', include: string[]): TestProjectInlineConfiguration[] {
  return [
    databaseProject(suite, 'pglite', include),
    // CI points TEST_DATABASE_URL at a superuser connection on a throwaway cluster.
    ...(process.env.TEST_DATABASE_URL ? [databaseProject(suite, 'postgres', include)] : []),
  ];
}

export default defineConfig({
  test: {
    projects: [
      ...onEachEngine('server', ['test/server/**/*.test.ts']),
      ...onEachEngine('server-fresh', needsFreshProcess),
      ...onEachEngine('tools', toolTestsOnDatabase),
      {
        // The server's logic that needs no database (filesWithoutSql), run once.
        test: {
          name: 'server-units',
          include: filesWithoutSql,
          environment: 'node',
          setupFiles: ['test/setup/strict-console.ts'],
        },
      },
      {
        // The tools' own logic (build steps, budgets), on files in temporary folders: no database.
        test: {
          name: 'tools',
          include: ['test/tools/**/*.test.ts'],
          exclude: toolTestsOnDatabase,
          environment: 'node',
          setupFiles: ['test/setup/strict-console.ts'],
        },
      },
      {
        // Checks that what the repository tells people (README, .env.example) stays true.
        test: {
          name: 'repository',
          include: ['test/repository/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/strict-console.ts'],
        },
      },
      {
        // The browser code that needs no DOM (parsing, fetchers), run against Node's fetch and streams.
        test: {
          name: 'web',
          include: ['test/web/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/strict-console.ts'],
        },
      },
    ],
    // Statement coverage of src/ by the in-process suites (`npm run test:full` prints it; `--coverage.enabled` anywhere).
    coverage: {
      provider: 'v8',
      include: ['src/**'],
      // The summary for the figure; the per-file, per-line detail to compare two runs by.
      reporter: ['text-summary', 'json-summary', 'json'],
      reportOnFailure: true,
    },
    // Test files spend much of their time waiting on child processes and the PostgreSQL server,
    // so the default (one worker per core, minus one) leaves a 2-core machine half idle. One more
    // than the cores was slower again in CI (432 s against 378 s): the machine was busy enough.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
