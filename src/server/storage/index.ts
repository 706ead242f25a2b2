export {
  contentAddressedKey,
  type ImageStore,
  isStoredFileKey,
  StorageUnavailableError,
  type StoredExtension,
  type StoredFile,
} from './image-store';
import type { StorageConfig } from '../config';
import type { ImageStore } from './image-store';
import { createLocalDiskStore } from './local-disk-store';

export { createLocalDiskStore };
export type { S3ImageStore, S3StoreOptions } from './s3-store';

/**
 * The store the configuration names, and how to let go of it when the server stops. The S3
 * client (some 10 MB of code) is loaded only by a server that uses it.
 */
export async function createImageStore(config: StorageConfig): Promise<{ store: ImageStore; close(): void }> {
  if (config.driver === 'disk') return { store: createLocalDiskStore(config.dir), close: () => {} };
  const { createS3ImageStore } = await import('./s3-store');
  const store = createS3ImageStore(config);
  return { store, close: () => store.close() };
}
