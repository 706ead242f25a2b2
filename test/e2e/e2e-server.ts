import path from 'node:path';

/** The end-to-end server: the built product on the embedded database, in a data folder emptied per run. */
export const e2eServer = {
  port: 4310,
  dataDir: path.resolve('.cache/e2e-data'),
  adminEmail: 'e2e-admin@tutorly.test',
  adminPassword: 'e2e-admin-password',
};

/** A second instance of the product with no AI provider configured, on its own data folder. */
export const e2eServerWithoutAi = {
  port: 4311,
  dataDir: path.resolve('.cache/e2e-data-no-ai'),
};

/** The fake AI providers the main instance drafts with, and the port a test tells them what to answer on. */
export const fakeAi = {
  geminiPort: 4320,
  openAiPort: 4321,
  controlPort: 4322,
  geminiKey: 'e2e-gemini-key-7d1f0a',
};
