import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { makePrivateDir, tightenTree } from './lib/private-files';
import { ensureInitialAdmin } from './services/accounts/ensure-admin';

export const INITIAL_ADMIN_FILE = 'initial-admin.txt';

/**
 * DATA_DIR holds the embedded database, unsent mail and pictures: only the server's user may
 * enter it. Folders an earlier version left open to other local users are tightened here.
 */
export async function makeDataDirPrivate(config: Config): Promise<void> {
  await makePrivateDir(config.dataDir);
  await tightenTree(config.dataDir);
}

export async function openConfiguredDatabase(
  config: Config,
  logger?: Pick<FastifyBaseLogger, 'error'>,
): Promise<DatabaseHandle> {
  return config.database.kind === 'postgres'
    ? openDatabase({
        kind: 'postgres',
        url: config.database.url,
        poolSize: config.database.poolSize,
        onPoolError: (err) => logger?.error({ err }, 'idle database connection lost'),
      })
    : openDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
}

/**
 * Migrations, then the admin account: a first start with no admin creates one and shows its
 * generated password exactly once, in the log and in DATA_DIR/initial-admin.txt (mode 600).
 */
export async function prepareDatabase(
  config: Config,
  database: DatabaseHandle,
  logger: FastifyBaseLogger,
  now: Date,
): Promise<void> {
  await database.migrate();
  const result = await ensureInitialAdmin(database.db, config.initialAdmin, now);
  if (!result) return;
  const { user, outcome, generatedPassword } = result;
  if (outcome === 'unchanged') return;
  if (generatedPassword) {
    await mkdir(config.dataDir, { recursive: true });
    const file = path.join(config.dataDir, INITIAL_ADMIN_FILE);
    await writeFile(file, `email: ${user.email}\npassword: ${generatedPassword}\n`, { mode: 0o600 });
    // Deliberately printed once: this is how the operator of a fresh install gets in.
    logger.warn(
      `Created the first admin account. Email: ${user.email}  One-time password: ${generatedPassword}  ` +
        `(also in ${file}; change it after logging in)`,
    );
  } else {
    logger.info({ email: user.email, outcome }, 'admin account ready');
  }
}
