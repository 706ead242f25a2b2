import { afterAll, beforeEach } from 'vitest';
import { closeOpenTestApps } from '../helpers/app';
import { closeFileDatabase, resetFileDatabase } from '../helpers/database';

// Each test starts from empty tables; the per-file database itself is opened once, lazily.
beforeEach(async () => {
  await resetFileDatabase();
});

afterAll(async () => {
  // A safety net for apps a test forgot to close, so the file cannot hang on open handles.
  await closeOpenTestApps();
  await closeFileDatabase();
});
