import os from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The server integration suite: real app via inject(), real database, one database per test file. */
function serverProject(engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    test: {
      name: engine,
      include: ['test/server/**/*.test.ts'],
      environment: 'node',
      globalSetup: [`test/setup/global-${engine}.ts`],
      setupFiles: ['test/setup/strict-console.ts', 'test/setup/database.ts'],
      provide: { dbEngine: engine },
      testTimeout: 15_000,
      hookTimeout: 30_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      serverProject('pglite'),
      // CI points TEST_DATABASE_URL at a superuser connection on a throwaway cluster.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
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
    // Test files spend much of their time waiting on child processes and the PostgreSQL server,
    // so the default (one worker per core, minus one) leaves a 2-core machine half idle.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
