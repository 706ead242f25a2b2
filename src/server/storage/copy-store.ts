import { buffer } from 'node:stream/consumers';
import type { ImageStore } from './image-store';

export interface CopyProgress {
  /** Keys in the source when the copy started. */
  total: number;
  /** Keys dealt with so far: copied or skipped. */
  done: number;
  copied: number;
  /** Already in the target (an earlier run, or the server writing there), or gone from the source. */
  skipped: number;
}

/**
 * Copies every key of one store into another, leaving alone the keys the target already holds:
 * running it again after an interruption copies only what is missing, and a run over a complete
 * copy writes nothing. Each object is written whole or not at all, so an interrupted run leaves
 * no half pictures. A thumbnail's key sorts before its picture's, so a picture present in the
 * target has its thumbnail too.
 */
export async function copyImageStore(
  source: ImageStore,
  target: ImageStore,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopyProgress> {
  const keys: string[] = [];
  for await (const key of source.keys()) keys.push(key);
  keys.sort();
  // One listing of the target instead of a request per key.
  const present = new Set<string>();
  for await (const key of target.keys()) present.add(key);

  const progress: CopyProgress = { total: keys.length, done: 0, copied: 0, skipped: 0 };
  for (const key of keys) {
    const file = present.has(key) ? null : await source.open(key);
    if (file) {
      await target.put(key, await buffer(file.stream()));
      progress.copied += 1;
    } else {
      progress.skipped += 1;
    }
    progress.done += 1;
    onProgress({ ...progress });
  }
  return progress;
}
