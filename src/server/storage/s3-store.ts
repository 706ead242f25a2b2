import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { type ImageStore, isStoredFileKey, StorageUnavailableError, type StoredFile } from './image-store';

/** Where the bucket is and how to sign in to it (the S3_* variables). */
export interface S3StoreOptions {
  /** Absent for AWS itself; the address of MinIO, Ceph, Garage, SeaweedFS or another provider. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`: what most self-hosted servers need. */
  forcePathStyle: boolean;
}

export interface S3ImageStore extends ImageStore {
  /** Closes the client's connections. */
  close(): void;
}

const CONTENT_TYPES = { jpg: 'image/jpeg', webp: 'image/webp' } as const;

/**
 * A store that does not answer within these fails the request (a 503) instead of holding it:
 * an upload or a page's picture waits seconds at most, not the load balancer's whole timeout.
 */
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Pictures as objects in one bucket, named by their keys. Objects are written once (a key names
 * its bytes for good), so a second writer of the same key finds it there and stops.
 */
export function createS3ImageStore(options: S3StoreOptions): S3ImageStore {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Two tries: a brief network hiccup is retried, a store that is down is reported quickly.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    // Checksums only where S3 requires them: several S3-compatible servers reject the newer
    // default checksum headers, and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw new StorageUnavailableError(err);
    }
  };

  return {
    async put(key, bytes) {
      if (!isStoredFileKey(key)) throw new Error(`Not a stored file key: ${JSON.stringify(key)}`);
      if (await exists(key)) return;
      const extension = key.slice(key.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: bytes,
            ContentType: CONTENT_TYPES[extension],
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (err) {
        throw new StorageUnavailableError(err);
      }
    },
    async has(key) {
      return isStoredFileKey(key) && (await exists(key));
    },
    async open(key): Promise<StoredFile | null> {
      if (!isStoredFileKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = object.Body;
        if (!(body instanceof Readable) || object.ContentLength === undefined) {
          throw new Error('The store answered without a body or a length');
        }
        // The body is the open response: whoever opens a key reads it (or destroys the stream).
        return { size: object.ContentLength, stream: () => body };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw new StorageUnavailableError(err);
      }
    },
    async delete(key) {
      if (!isStoredFileKey(key)) throw new Error(`Not a stored file key: ${JSON.stringify(key)}`);
      try {
        // S3 answers a deletion of a missing key with success, as the interface wants.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (isNotFound(err)) return;
        throw new StorageUnavailableError(err);
      }
    },
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        } catch (err) {
          throw new StorageUnavailableError(err);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key && isStoredFileKey(object.Key)) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    close() {
      client.destroy();
    },
  };
}

/** S3 says NotFound to HEAD (no body to name the error) and NoSuchKey to GET; a missing bucket is no missing key. */
function isNotFound(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    err.name !== 'NoSuchBucket' &&
    (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
  );
}
