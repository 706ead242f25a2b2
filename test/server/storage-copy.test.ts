import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createImageStore, createLocalDiskStore, type ImageStore } from '../../src/server/storage';
import { copyImageStore } from '../../src/server/storage/copy-store';
import { keyOf } from '../helpers/image-store-contract';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { runNpmScript } from '../helpers/tool-process';

let dataDir: string;
let s3: TestS3Server;
let bucket: { store: ImageStore; close(): void };
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-copy-'));
  s3 = await startS3Server();
  bucket = await createImageStore({ driver: 's3', ...s3.options });
});
afterEach(async () => {
  bucket.close();
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Pictures with their thumbnails as the server leaves them in DATA_DIR/uploads. */
async function diskPictures(count: number): Promise<string[]> {
  const dir = path.join(dataDir, 'uploads');
  await mkdir(dir, { recursive: true });
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    for (const key of [keyOf(`picture ${i}`), keyOf(`picture ${i}`, '-thumb.jpg')]) {
      await writeFile(path.join(dir, key), `bytes of ${key}`);
      keys.push(key);
    }
  }
  // A write the server had in progress is no picture.
  await writeFile(path.join(dir, `${keyOf('half')}.1a2b3c.tmp`), 'half');
  return keys.sort();
}

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of bucket.store.keys()) keys.push(key);
  return keys.sort();
}

/** The bucket, refusing every write after the first `writes`: a copy cut short. */
function failingAfter(store: ImageStore, writes: number): ImageStore {
  let left = writes;
  return {
    ...store,
    keys: () => store.keys(),
    async put(key, bytes) {
      if (left-- <= 0) throw new Error('connection lost');
      await store.put(key, bytes);
    },
  };
}

describe('copying the disk store into a bucket', () => {
  test('copies every picture and thumbnail with their bytes; a second run copies nothing', async () => {
    const keys = await diskPictures(3);
    const disk = createLocalDiskStore(path.join(dataDir, 'uploads'));
    const seen: number[] = [];

    const first = await copyImageStore(disk, bucket.store, (progress) => seen.push(progress.done));
    const second = await copyImageStore(disk, bucket.store);

    expect(first).toEqual({ total: 6, done: 6, copied: 6, skipped: 0 });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(second).toEqual({ total: 6, done: 6, copied: 0, skipped: 6 });
    expect(await bucketKeys()).toEqual(keys);
    const copied = await bucket.store.open(keys[0]!);
    expect(copied?.size).toBe(`bytes of ${keys[0]}`.length);
    copied?.stream().destroy();
  });

  test('a run cut short is resumed by running it again: only what is missing is copied', async () => {
    const keys = await diskPictures(4);
    const disk = createLocalDiskStore(path.join(dataDir, 'uploads'));

    await expect(copyImageStore(disk, failingAfter(bucket.store, 3))).rejects.toThrow('connection lost');
    expect(await bucketKeys()).toHaveLength(3);

    expect(await copyImageStore(disk, bucket.store)).toEqual({ total: 8, done: 8, copied: 5, skipped: 3 });
    expect(await bucketKeys()).toEqual(keys);
  });

  test('npm run storage:copy -- --to s3 copies with progress, and again skips what is there', async () => {
    await diskPictures(2);
    const env = { DATA_DIR: dataDir, ...s3.env };

    const first = await runNpmScript('storage:copy', ['--to', 's3'], env);
    // No error reaches stderr (on Node 24 the AWS SDK has no runtime-version notice to print either).
    expect(first.stderr).not.toMatch(/error|fail/i);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('4 of 4 files: 4 copied, 0 already there');
    expect(first.stdout).toContain('Done: the bucket holds every picture.');

    const again = await runNpmScript('storage:copy', ['--to', 's3'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('4 of 4 files: 0 copied, 4 already there');
  });

  test('bad arguments get the usage; missing variables are named; the secret is never shown', async () => {
    const noTarget = await runNpmScript('storage:copy', [], { DATA_DIR: dataDir });
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toContain('Usage: npm run storage:copy -- --to s3');

    const wrongTarget = await runNpmScript('storage:copy', ['--to', 'gcs'], { DATA_DIR: dataDir });
    expect(wrongTarget.code).toBe(2);
    expect(wrongTarget.stderr).toContain('the only target is s3');

    const { S3_BUCKET: _bucket, ...withoutBucket } = s3.env;
    const noBucket = await runNpmScript('storage:copy', ['--to', 's3'], { DATA_DIR: dataDir, ...withoutBucket });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain('S3_BUCKET: is required when STORAGE_DRIVER is s3');

    await diskPictures(1);
    await s3.stop();
    const unreachable = await runNpmScript('storage:copy', ['--to', 's3'], { DATA_DIR: dataDir, ...s3.env });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain('run the command again to continue');
    for (const run of [noBucket, unreachable]) {
      expect(run.stdout + run.stderr).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    }
  });
});
