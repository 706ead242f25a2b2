import { diskFullCode } from '../lib/errors';
import type { Outages } from '../observability/outages';
import { type ImageStore, StorageUnavailableError } from './image-store';

/**
 * The store as the app uses it: a failure to reach it begins the picture store's outage (a full
 * disk under pictures kept on disk begins the disk's), and any answer from it ends it.
 */
export function reportingOutages(store: ImageStore, outages: Outages): ImageStore {
  const watched =
    <Args extends unknown[], Result>(operation: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      try {
        const result = await operation(...args);
        outages.end('picture_store');
        return result;
      } catch (err) {
        if (err instanceof StorageUnavailableError)
          outages.begin(diskFullCode(err.cause) ? 'disk_full' : 'picture_store', err.cause);
        throw err;
      }
    };
  return {
    put: watched(store.put.bind(store)),
    has: watched(store.has.bind(store)),
    open: watched(store.open.bind(store)),
    delete: watched(store.delete.bind(store)),
    keys: () => store.keys(),
  };
}
