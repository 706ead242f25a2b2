import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config';
import { BackupError, createEmbeddedBackup } from '../db/embedded-backup';
import { runCommand } from './run-command';

const usage = 'Usage: npm run backup [-- --out FOLDER]';
const help = `${usage}

Backs up the embedded database and the uploaded pictures of DATA_DIR into a new folder named
tutorly-backup-<date and time> and prints its path. Stop the server first: the embedded
database cannot be copied while a server has it open. Restore with: npm run restore -- <folder>

  --out FOLDER   Where to put the backup folder (default: ./backups). Not inside DATA_DIR.
  --help         Show this text.

With DATABASE_URL set the data lives in the PostgreSQL server: back it up with pg_dump (see README).
With STORAGE_DRIVER=s3 the pictures live in the bucket: back it up with your provider's tools.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) {
    console.log(help);
    return 0;
  }
  // The same .env as `npm start`, so the backup is of the data the server uses.
  loadDotEnv();
  const config = loadConfig();
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: the data is in your PostgreSQL server, not in DATA_DIR. Back it up with pg_dump ' +
        '(README, "Backup and restore") and ' +
        (config.storage.driver === 's3'
          ? "the pictures' bucket with your provider's tools."
          : 'copy DATA_DIR/uploads alongside.'),
    );
    return 1;
  }
  try {
    const started = performance.now();
    const { folder, manifest } = await createEmbeddedBackup(
      { databaseDir: config.database.dataDir, uploadsDir: config.uploadsDir },
      path.resolve(values.out ?? 'backups'),
    );
    const { counts, uploads } = manifest;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${counts.users} users, ${counts.tutors} tutors, ${counts.reviews} reviews and ${uploads.files} picture files in ${seconds} s to:`,
    );
    console.log(folder);
    if (config.storage.driver === 's3')
      console.log(
        `The pictures are in bucket ${config.storage.bucket} (STORAGE_DRIVER=s3), not in this backup: back the bucket ` +
          'up with your provider\'s tools (README, "Pictures in a bucket").',
      );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCommand(main, usage);
