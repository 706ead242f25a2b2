import path from 'node:path';

/** The end-to-end server: the built product on the embedded database, in a data folder emptied per run. */
export const e2eServer = {
  port: 4310,
  dataDir: path.resolve('.cache/e2e-data'),
  adminEmail: 'e2e-admin@tutorly.test',
  adminPassword: 'e2e-admin-password',
};
