import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StoreOptions } from '../../src/server/storage';

export interface TestS3Server {
  /** What the S3 store needs to reach the bucket. */
  options: S3StoreOptions;
  /** The same as S3_* variables, for a configuration or a command. */
  env: Record<string, string>;
  /** Stops answering: connections are refused from now on, open ones are cut. */
  stop(): Promise<void>;
}

const BUCKET = 'tutorly-pictures';

/** A real S3-compatible server (s3rver) on 127.0.0.1, with one empty bucket in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'tutorly-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
    // s3rver knows one fixed key pair; accepting any signature lets the tests use a secret of
    // their own, which they look for in logs and errors.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  const options: S3StoreOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: `test-secret-${randomBytes(8).toString('hex')}`,
    forcePathStyle: true,
  };
  let stopped = false;
  return {
    options,
    env: {
      S3_ENDPOINT: options.endpoint!,
      S3_REGION: options.region,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const closed = server.close();
      server.httpServer.closeAllConnections();
      await closed;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
