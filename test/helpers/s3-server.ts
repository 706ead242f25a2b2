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
  /** Stops answering: connections are refused from now on, open ones are cut. The objects stay. */
  stop(): Promise<void>;
  /** Answers again, on the same port with the same objects. */
  restart(): Promise<void>;
  /** Stops, and removes the objects. */
  close(): Promise<void>;
}

const BUCKET = 'tutorly-pictures';

/** A real S3-compatible server (s3rver) on 127.0.0.1, with one empty bucket in a temporary folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'tutorly-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET }],
      // s3rver knows one fixed key pair; accepting any signature lets the tests use a secret of
      // their own, which they look for in logs and errors.
      allowMismatchedSignatures: true,
    });
    return { server, address: await server.run() };
  };
  const first = await serve(0);
  let running: S3rver | null = first.server;
  const { port } = first.address;
  const options: S3StoreOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: `test-secret-${randomBytes(8).toString('hex')}`,
    forcePathStyle: true,
  };
  const stop = async () => {
    if (!running) return;
    const closed = running.close();
    running.httpServer.closeAllConnections();
    running = null;
    await closed;
  };
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
    stop,
    async restart() {
      if (!running) running = (await serve(port)).server;
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
