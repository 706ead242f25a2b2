import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config';
import { createImageStore, createLocalDiskStore, StorageUnavailableError } from '../storage';
import { type CopyProgress, copyImageStore } from '../storage/copy-store';
import { runCommand } from './run-command';

const usage = 'Usage: npm run storage:copy -- --to s3';
const help = `${usage}

Copies the pictures of DATA_DIR/uploads (the disk store) into the bucket the S3_* variables
name, before switching to STORAGE_DRIVER=s3. Pictures the bucket already holds are skipped, so
the command can be run again: after an interruption it copies only what is missing. The server
may keep running on the disk meanwhile; run the command once more after stopping it, then start
it with STORAGE_DRIVER=s3.

  --to s3   Copy into the S3 bucket (the only target).
  --help    Show this text.`;

/** A line at most this often, and one at the end. */
const PROGRESS_INTERVAL_MS = 2_000;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { to: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(help);
    return 0;
  }
  if (values.to !== 's3' || positionals.length > 0) {
    console.error(
      `${values.to === undefined ? 'Say where to copy to: --to s3.' : `Cannot copy to ${JSON.stringify(values.to)}: the only target is s3.`}\n${usage}`,
    );
    return 2;
  }
  loadDotEnv();
  // Checked as the server would check them with STORAGE_DRIVER=s3: a missing variable is named.
  const config = loadConfig({ ...process.env, STORAGE_DRIVER: 's3' });
  if (config.storage.driver !== 's3') throw new Error('unreachable: the s3 driver was asked for');
  const source = createLocalDiskStore(config.uploadsDir);
  const target = await createImageStore(config.storage);
  console.log(`Copying ${config.uploadsDir} into bucket ${config.storage.bucket}...`);
  let lastReport = performance.now();
  const report = (progress: CopyProgress) =>
    console.log(
      `${progress.done} of ${progress.total} files: ${progress.copied} copied, ${progress.skipped} already there`,
    );
  try {
    const result = await copyImageStore(source, target.store, (progress) => {
      if (performance.now() - lastReport < PROGRESS_INTERVAL_MS) return;
      lastReport = performance.now();
      report(progress);
    });
    report(result);
    console.log(
      result.total === 0
        ? `No pictures in ${config.uploadsDir}: nothing to copy.`
        : 'Done: the bucket holds every picture.',
    );
    return 0;
  } catch (err) {
    if (!(err instanceof StorageUnavailableError)) throw err;
    const cause = err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : String(err.cause);
    // The disk store reports what the file system refused; anything else came from the bucket.
    const fromDisk = typeof (err.cause as { syscall?: unknown } | undefined)?.syscall === 'string';
    console.error(
      `${fromDisk ? `The folder ${config.uploadsDir} could not be read` : 'The bucket could not be reached or refused the request'} (${cause}). What was copied stays copied: run the command again to continue.`,
    );
    return 1;
  } finally {
    target.close();
  }
}

runCommand(main, usage);
