import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config';
import { BackupError, restoreEmbeddedBackup } from '../db/embedded-backup';
import { runCommand } from './run-command';

const usage = 'Usage: npm run restore -- <backup folder> [--force]';
const help = `${usage}

Puts the database and pictures of a backup made with \`npm run backup\` into DATA_DIR. Stop the
server first. The backup is checked and loaded beside DATA_DIR before anything is replaced.

  --force   Replace the database and pictures DATA_DIR already holds (refused without it).
  --help    Show this text.

With DATABASE_URL set the data lives in the PostgreSQL server: restore it with pg_restore (see README).
With STORAGE_DRIVER=s3 the pictures live in the bucket: restore its copy with your provider's tools.`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(help);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(`Name one backup folder.\n${usage}`);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: the data belongs in your PostgreSQL server, not in DATA_DIR. Restore a pg_dump file with ' +
        'pg_restore (README, "Backup and restore") and copy the pictures back into DATA_DIR/uploads.',
    );
    return 1;
  }
  try {
    const { counts, uploads, createdAt } = await restoreEmbeddedBackup(
      { databaseDir: config.database.dataDir, uploadsDir: config.uploadsDir },
      path.resolve(positionals[0]!),
      { force: values.force ?? false },
    );
    console.log(
      `Restored the backup of ${createdAt} into ${config.dataDir}: ${counts.users} users, ${counts.tutors} tutors, ` +
        `${counts.reviews} reviews and ${uploads.files} picture files. Start the server with: npm start`,
    );
    if (config.storage.driver === 's3')
      console.log(
        `The pictures are kept in bucket ${config.storage.bucket} (STORAGE_DRIVER=s3): before starting, put the ` +
          "bucket's copy from the same time back with your provider's tools, or copy the restored picture files " +
          'into it with: npm run storage:copy -- --to s3',
      );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCommand(main, usage);
