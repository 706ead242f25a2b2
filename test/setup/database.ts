import { afterAll, beforeEach } from 'vitest';
import { closeOpenTestApps } from '../helpers/app';
import { closeFileDatabase, fileTouchedSql, resetFileDatabase, startTrackingSql } from '../helpers/database';

startTrackingSql();

// Each test starts from empty tables; the per-file database itself is opened once, lazily.
beforeEach(async () => {
  await resetFileDatabase();
});

afterAll(async () => {
  // A safety net for apps a test forgot to close, so the file cannot hang on open handles.
  await closeOpenTestApps();
  await closeFileDatabase();
  // Running a file on both engines proves something only when it reaches the database.
  if (!fileTouchedSql())
    throw new Error(
      'This file never touches SQL: list it in filesWithoutSql in vitest.config.ts, so it runs once instead of on both engines.',
    );
});
