import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalDiskStore, createImageStore } from '../../src/server/storage';
import { describeImageStoreContract } from '../helpers/image-store-contract';
import { startS3Server } from '../helpers/s3-server';

describeImageStoreContract('local disk', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-store-'));
  return {
    store: createLocalDiskStore(path.join(dir, 'uploads')),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

describeImageStoreContract('S3 (s3rver on 127.0.0.1)', async () => {
  const server = await startS3Server();
  const { store, close } = await createImageStore({ driver: 's3', ...server.options });
  return {
    store,
    makeUnavailable: () => server.stop(),
    async close() {
      close();
      await server.close();
    },
  };
});
