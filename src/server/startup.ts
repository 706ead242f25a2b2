import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { AppError } from './lib/errors';
import { makePrivateDir, tightenTree } from './lib/private-files';
import { INITIAL_ADMIN_FILE, readInitialAdminFile, removeInitialAdminFile } from './lib/initial-admin-file';
import { ensureInitialAdmin } from './services/accounts/ensure-admin';
import { verifyPassword } from './services/accounts/passwords';
import { findUserByEmail, requirePasswordChange } from './services/accounts/users';

export { INITIAL_ADMIN_FILE };

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
  logger?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
): Promise<DatabaseHandle> {
  return config.database.kind === 'postgres'
    ? openDatabase({
        kind: 'postgres',
        url: config.database.url,
        poolSize: config.database.poolSize,
        writePoolSize: config.database.writePoolSize,
        logger,
      })
    : openDatabase({
        kind: 'pglite',
        dataDir: config.database.dataDir,
        logger,
      });
}

/**
 * Migrations, then the admin account: a first start with no admin creates one and shows its
 * generated password exactly once, in the log and in DATA_DIR/initial-admin.txt (mode 600).
 * The file goes once that admin has chosen a password of their own: the change-password answer
 * removes it, and a start removes one left behind (changed on another instance, or by the CLI).
 */
export async function prepareDatabase(
  config: Config,
  database: DatabaseHandle,
  logger: FastifyBaseLogger,
  now: Date,
): Promise<void> {
  await database.migrate();
  await database.openConnections();
  await removeSpentInitialAdminFile(config, database, logger, now);
  const result = await ensureInitialAdminOnce(database, config, now);
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
        `(also in ${file}; you choose your own password when you first log in)`,
    );
  } else {
    logger.info({ email: user.email, outcome }, 'admin account ready');
  }
}

/**
 * Instances started together on a new database each look for the admin account, find none and
 * make it: one succeeds, and the others find it when they look again.
 */
async function ensureInitialAdminOnce(database: DatabaseHandle, config: Config, now: Date) {
  try {
    return await ensureInitialAdmin(database.db, config.initialAdmin, now);
  } catch (err) {
    if (err instanceof AppError && err.code === 'email_taken')
      return ensureInitialAdmin(database.db, config.initialAdmin, now);
    throw err;
  }
}

/**
 * A start finds initial-admin.txt: while its password still opens the admin account, that
 * admin must choose another at the next login (installs from before the requirement included);
 * once it does not, the file is removed.
 */
async function removeSpentInitialAdminFile(
  config: Config,
  database: DatabaseHandle,
  logger: Pick<FastifyBaseLogger, 'info'>,
  now: Date,
): Promise<void> {
  const file = await readInitialAdminFile(config.dataDir);
  if (!file) return;
  const admin = file.email ? await findUserByEmail(database.db, file.email) : undefined;
  if (admin && file.password && (await verifyPassword(admin.passwordHash, file.password))) {
    if (!admin.passwordChangeRequired) await requirePasswordChange(database.db, admin.id, now);
    return;
  }
  if (await removeInitialAdminFile(config.dataDir))
    logger.info(`removed ${INITIAL_ADMIN_FILE}: its password is no longer in use`);
}
