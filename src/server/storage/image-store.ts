import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../lib/errors';

/**
 * Where stored pictures live. Keys are content-addressed (`<sha256>.<jpg|webp>`, thumbnails
 * `<sha256>-thumb.<ext>`), so a key never points at changed bytes: writes need no coordination
 * and readers may cache forever. Local disk (the default) and S3-compatible object storage
 * implement it. A store that cannot be reached fails with StorageUnavailableError (a 503).
 */
export interface ImageStore {
  /** Stores the bytes under the key unless the key is already stored. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  has(key: string): Promise<boolean>;
  /** The stored file for reading, or null when the key is not stored. */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the key; a key that is not stored is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key (pictures and thumbnails), in no particular order. */
  keys(): AsyncIterable<string>;
}

const STORAGE_UNAVAILABLE_MESSAGE = 'Pictures cannot be stored or read right now. Please try again in a few minutes.';

/**
 * The store did not answer, or answered with an error of its own (down, unreachable, refusing
 * our credentials). The cause says which, for the log; the client only learns to try again.
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('service_unavailable', STORAGE_UNAVAILABLE_MESSAGE);
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

export interface StoredFile {
  size: number;
  stream(): Readable;
}

/** A picture key or a thumbnail key; anything else (`..`, slashes, other names) is never a stored file. */
const STORED_FILE_KEY_PATTERN = /^[0-9a-f]{64}(-thumb)?\.(jpg|webp)$/;

export function isStoredFileKey(key: string): boolean {
  return STORED_FILE_KEY_PATTERN.test(key);
}

export type StoredExtension = 'jpg' | 'webp';

/** `<sha256 of the bytes>.<extension>`: the same picture always gets the same key. */
export function contentAddressedKey(bytes: Uint8Array, extension: StoredExtension): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}
