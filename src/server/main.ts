import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv, type Config } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { serializeError } from './lib/log-errors';
import { MigrationFailedError } from './db/migrations';
import { logDestination, resilientLogStream } from './lib/logger';
import { createMailer } from './mail/mailer';
import { STOP_LIMITS } from './plugins/graceful-stop';
import { makeDataDirPrivate, openConfiguredDatabase, prepareDatabase } from './startup';

// Whatever the umask of whoever starts it, the server's files (database, pictures, mail) are its user's alone.
process.umask(0o077);

function readConfig(): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // No level is configured yet; the problems go to stderr at once, before the exit.
      pino(resilientLogStream(2, true)).fatal({ problems: err.problems }, 'Invalid configuration');
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const bootLoggerOptions = { level: config.logLevel, serializers: { err: serializeError } };
// Start-up lines are written at once, through the same formatter as the server's.
const bootLogger = pino(bootLoggerOptions, logDestination(config.logFormat, 1, { sync: true }));
await makeDataDirPrivate(config);
const database = await openConfiguredDatabase(config, bootLogger).catch((err: unknown) => {
  // Another server (or a command) has the data folder: who, and what to do, in one line.
  if (!(err instanceof DataDirInUseError)) throw err;
  bootLogger.fatal(err.message);
  process.exit(1);
});
const mailer = createMailer(config.mail);
const app = await buildApp({ config, database, mailer });
let shuttingDown = false;
/** Beyond the stop's own limits (plugins/graceful-stop.ts): a stop that hangs still ends, as a failure. */
const STOP_DEADLINE_MS = STOP_LIMITS.drainMs + STOP_LIMITS.inFlightMs + 5_000;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info(`${signal} received: no new connections, finishing open requests, then stopping`);
  const forceExit = setTimeout(() => {
    app.log.error(`stop took longer than ${STOP_DEADLINE_MS / 1000} s: exiting now`);
    process.exit(1);
  }, STOP_DEADLINE_MS);
  forceExit.unref();
  try {
    await app.drainConnections();
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}

// Before listening: a stop signal that arrives during start-up still closes the database cleanly.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await prepareDatabase(config, database, app.log, new Date());
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Tutorly is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded in ${config.database.kind === 'pglite' ? config.database.dataDir : ''}` : 'PostgreSQL server'}, mail: ${mailer.kind === 'smtp' ? 'SMTP' : `outbox folder ${config.mail.transport === 'outbox' ? config.mail.dir : ''}`}, pictures: ${config.storage.driver === 's3' ? `bucket ${config.storage.bucket}` : `folder ${config.storage.dir}`})`,
  );
} catch (err) {
  // A failed upgrade is one line that says which migration and that nothing was applied.
  if (err instanceof MigrationFailedError) app.log.fatal({ migration: err.migration, code: err.code }, err.message);
  else app.log.fatal({ err }, 'start-up failed');
  await database.close().catch(() => undefined);
  process.exit(1);
}
