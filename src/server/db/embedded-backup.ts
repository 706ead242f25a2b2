import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tightenTree } from '../lib/private-files';
import { type DatabaseHandle, dumpPglite, openDatabase } from './client';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

// A backup of the embedded default is a folder: the PGlite data folder as a gzipped tarball
// (PGlite's own dump format, which it loads back as it is), a copy of the uploaded pictures,
// and a manifest to check the two against on restore. It holds every password hash and session,
// so its folders are 0700 and its files 0600, as DATA_DIR's are.

const MANIFEST_FILE = 'tutorly-backup.json';
const DATABASE_FILE = 'database.tar.gz';
const UPLOADS_FOLDER = 'uploads';

const countsSchema = z.object({ users: z.number().int(), tutors: z.number().int(), reviews: z.number().int() });
type BackupCounts = z.infer<typeof countsSchema>;

const manifestSchema = z.object({
  format: z.literal('tutorly-embedded-backup'),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.object({
    file: z.literal(DATABASE_FILE),
    bytes: z.number().int(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  uploads: z.object({ files: z.number().int(), bytes: z.number().int() }),
  counts: countsSchema,
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Something the operator has to act on: shown as it is, without a stack trace. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface EmbeddedPaths {
  /** The PGlite data folder, DATA_DIR/db. */
  databaseDir: string;
  /** DATA_DIR/uploads. */
  uploadsDir: string;
}

/** The local disk store writes under a temporary name first; such a file is no picture yet. */
const isUploadInProgress = (name: string) => name.endsWith('.tmp');

const hasDatabase = (databaseDir: string) => existsSync(path.join(databaseDir, 'PG_VERSION'));

async function rowCounts(database: DatabaseHandle): Promise<BackupCounts> {
  const result = await database.db.execute<{ users: number; tutors: number; reviews: number }>(
    sql`select (select count(*) from users)::int as users, (select count(*) from tutors)::int as tutors, (select count(*) from reviews)::int as reviews`,
  );
  return countsSchema.parse((result as unknown as { rows: unknown[] }).rows[0]);
}

/** Copies the files of `from` into `to` (created), folders included, private to their owner; returns how many and how large. */
async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  await makePrivateDir(to);
  const total = { files: 0, bytes: 0 };
  if (!existsSync(from)) return total;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await copyTree(source, target);
      total.files += inner.files;
      total.bytes += inner.bytes;
    } else if (entry.isFile() && !isUploadInProgress(entry.name)) {
      await copyFile(source, target);
      await chmod(target, PRIVATE_FILE_MODE);
      total.files += 1;
      total.bytes += (await stat(target)).size;
    }
  }
  return total;
}

function timestampForName(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * Writes a backup folder in `outDir` and returns its path. The database folder is locked
 * throughout, so a running server (or a second backup) makes this fail instead of copying a
 * database that is being written. The folder gets its final name only once complete.
 */
export async function createEmbeddedBackup(
  paths: EmbeddedPaths,
  outDir: string,
  now = new Date(),
): Promise<{ folder: string; manifest: BackupManifest }> {
  if (!hasDatabase(paths.databaseDir)) {
    throw new BackupError(
      `There is no embedded database in ${paths.databaseDir}: nothing to back up. Is DATA_DIR set as it is for the server?`,
    );
  }
  const outside = path.relative(path.dirname(paths.databaseDir), path.resolve(outDir));
  if (!outside.startsWith('..') && !path.isAbsolute(outside)) {
    throw new BackupError('Write backups outside DATA_DIR: a backup inside the folder it saves is lost with it.');
  }
  // Only folders made here are made private: --out may name a folder the operator shares on purpose.
  await mkdir(outDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let folder = path.resolve(outDir, `tutorly-backup-${timestampForName(now)}`);
  for (let n = 2; existsSync(folder) || existsSync(`${folder}.partial`); n++) {
    folder = path.resolve(outDir, `tutorly-backup-${timestampForName(now)}-${n}`);
  }
  const partial = `${folder}.partial`;

  await mkdir(partial, { mode: PRIVATE_DIR_MODE });
  await chmod(partial, PRIVATE_DIR_MODE);
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: paths.databaseDir });
    // Everything in the write-ahead log goes into the tables first, so the restore has no log to replay.
    await database.db.execute(sql`checkpoint`);
    const counts = await rowCounts(database);
    const tarball = Buffer.from(await (await dumpPglite(database)).arrayBuffer());
    const compressed = await promisify(gzip)(tarball);
    await writeFile(path.join(partial, DATABASE_FILE), compressed, { mode: PRIVATE_FILE_MODE });
    const uploads = await copyTree(paths.uploadsDir, path.join(partial, UPLOADS_FOLDER));
    const manifest: BackupManifest = {
      format: 'tutorly-embedded-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: {
        file: DATABASE_FILE,
        bytes: compressed.length,
        sha256: createHash('sha256').update(compressed).digest('hex'),
      },
      uploads,
      counts,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
    await rename(partial, folder);
    return { folder, manifest };
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  } finally {
    await database?.close();
  }
}

/** Reads and checks a backup folder: the manifest must be ours and the database file intact. */
async function readBackup(folder: string): Promise<{ manifest: BackupManifest; database: Buffer }> {
  const manifestFile = path.join(folder, MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new BackupError(
      `${folder} is not a Tutorly backup: it has no ${MANIFEST_FILE}. Pass the folder that \`npm run backup\` printed.`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await readFile(manifestFile, 'utf8')));
  } catch {
    throw new BackupError(`${manifestFile} is not a backup manifest this version of Tutorly can read.`);
  }
  const databaseFile = path.join(folder, manifest.database.file);
  const database = existsSync(databaseFile) ? await readFile(databaseFile) : undefined;
  if (
    !database ||
    database.length !== manifest.database.bytes ||
    createHash('sha256').update(database).digest('hex') !== manifest.database.sha256
  ) {
    throw new BackupError(
      `The backup is damaged: ${databaseFile} is missing or differs from what ${MANIFEST_FILE} recorded.`,
    );
  }
  return { manifest, database };
}

async function entriesOf(dir: string, except: string[] = []): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => !except.includes(name));
}

/**
 * Puts a backup's database and pictures in place of DATA_DIR's. Refuses while a server holds
 * the database folder, and refuses to replace existing data unless `force`. The backup is
 * loaded and checked in a folder beside the real one first; only then is anything replaced.
 */
export async function restoreEmbeddedBackup(
  paths: EmbeddedPaths,
  folder: string,
  options: { force: boolean },
): Promise<BackupManifest> {
  const { manifest, database } = await readBackup(folder);

  await makePrivateDir(paths.databaseDir);
  const lock = lockDataDir(paths.databaseDir);
  const stagedDatabase = `${paths.databaseDir}.restoring`;
  const stagedUploads = `${paths.uploadsDir}.restoring`;
  try {
    const existing = [
      (await entriesOf(paths.databaseDir, [LOCK_FILE])).length > 0 && 'a database',
      (await entriesOf(paths.uploadsDir)).length > 0 && 'pictures',
    ].filter(Boolean);
    if (existing.length > 0 && !options.force) {
      throw new BackupError(
        `${path.dirname(paths.databaseDir)} already holds ${existing.join(' and ')}. ` +
          'Restoring replaces it: run `npm run backup` first if you may need it, then restore again with --force.',
      );
    }

    await rm(stagedDatabase, { recursive: true, force: true });
    await rm(stagedUploads, { recursive: true, force: true });
    const staged = await openDatabase({
      kind: 'pglite',
      dataDir: stagedDatabase,
      loadDataDir: new Blob([new Uint8Array(database)]),
    });
    try {
      const counts = await rowCounts(staged);
      if (JSON.stringify(counts) !== JSON.stringify(manifest.counts)) {
        throw new BackupError(
          `The backup is damaged: its database holds ${JSON.stringify(counts)} rows, the manifest says ${JSON.stringify(manifest.counts)}.`,
        );
      }
    } finally {
      await staged.close();
    }
    const uploads = await copyTree(path.join(folder, UPLOADS_FOLDER), stagedUploads);
    if (uploads.files !== manifest.uploads.files || uploads.bytes !== manifest.uploads.bytes) {
      throw new BackupError(
        `The backup is damaged: it holds ${uploads.files} picture files, the manifest says ${manifest.uploads.files}.`,
      );
    }

    // From here on the old data goes. The lock file stays, so no server can start half way.
    for (const name of await entriesOf(paths.databaseDir, [LOCK_FILE])) {
      await rm(path.join(paths.databaseDir, name), { recursive: true, force: true });
    }
    for (const name of await entriesOf(stagedDatabase, [LOCK_FILE])) {
      await rename(path.join(stagedDatabase, name), path.join(paths.databaseDir, name));
    }
    await rm(paths.uploadsDir, { recursive: true, force: true });
    await rename(stagedUploads, paths.uploadsDir);
    await tightenTree(paths.databaseDir);
    return manifest;
  } finally {
    await rm(stagedDatabase, { recursive: true, force: true });
    await rm(stagedUploads, { recursive: true, force: true });
    lock.unlock();
  }
}
