import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type ImageStore, StorageUnavailableError } from '../../src/server/storage';

export interface StoreUnderTest {
  store: ImageStore;
  /** Makes the store unreachable (its server stopped); absent for stores that cannot be. */
  makeUnavailable?: () => Promise<void>;
  close(): Promise<void>;
}

/** A key as the service makes them: the SHA-256 of the bytes. */
export function keyOf(text: string, suffix = '.jpg'): string {
  return `${createHash('sha256').update(text).digest('hex')}${suffix}`;
}

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

async function read(store: ImageStore, key: string): Promise<{ size: number; text: string } | null> {
  const file = await store.open(key);
  return file && { size: file.size, text: (await buffer(file.stream())).toString() };
}

async function allKeys(store: ImageStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
}

/**
 * What every picture store must do, whatever keeps the bytes: the services and the copy
 * command rely on exactly this. Run once per store with a factory giving an empty store.
 */
export function describeImageStoreContract(name: string, createStore: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the picture store contract`, () => {
    let subject: StoreUnderTest;
    let store: ImageStore;
    beforeEach(async () => {
      subject = await createStore();
      store = subject.store;
    });
    afterEach(() => subject.close());

    test('a stored key opens with its size and bytes; a thumbnail key is its own file', async () => {
      const key = keyOf('picture');
      const thumbnail = keyOf('picture', '-thumb.webp');
      await store.put(key, bytesOf('the picture'));
      await store.put(thumbnail, bytesOf('thumb'));

      expect(await store.has(key)).toBe(true);
      expect(await read(store, key)).toEqual({ size: 11, text: 'the picture' });
      expect(await read(store, thumbnail)).toEqual({ size: 5, text: 'thumb' });
    });

    test('put writes only when the key is absent: the first bytes stay', async () => {
      const key = keyOf('once');
      await store.put(key, bytesOf('first'));
      await store.put(key, bytesOf('second, longer'));

      expect(await read(store, key)).toEqual({ size: 5, text: 'first' });
    });

    test('a key that is not stored opens as null; names that are not keys are never files', async () => {
      expect(await store.open(keyOf('missing'))).toBeNull();
      expect(await store.has(keyOf('missing'))).toBe(false);
      for (const notAKey of ['../etc/passwd', 'picture.jpg', `${keyOf('x')}/y`, keyOf('x').toUpperCase()]) {
        expect(await store.open(notAKey)).toBeNull();
        expect(await store.has(notAKey)).toBe(false);
      }
    });

    test('delete removes a key, and deleting a missing key is no error', async () => {
      const key = keyOf('doomed');
      await store.put(key, bytesOf('doomed'));
      await store.delete(key);
      await store.delete(key);
      await store.delete(keyOf('never stored'));

      expect(await store.has(key)).toBe(false);
      expect(await store.open(key)).toBeNull();
      // Gone for good: a later put writes afresh.
      await store.put(key, bytesOf('again'));
      expect(await read(store, key)).toEqual({ size: 5, text: 'again' });
    });

    test('keys lists every stored picture and thumbnail, and nothing else', async () => {
      expect(await allKeys(store)).toEqual([]);
      const stored = [keyOf('a'), keyOf('a', '-thumb.jpg'), keyOf('b', '.webp'), keyOf('b', '-thumb.webp')];
      for (const key of stored) await store.put(key, bytesOf(key));
      await store.delete(keyOf('a'));

      expect(await allKeys(store)).toEqual(stored.filter((key) => key !== keyOf('a')).sort());
    });

    test('a store that cannot be reached fails every call with StorageUnavailableError (a 503)', async (context) => {
      if (!subject.makeUnavailable) return context.skip('this store cannot be made unreachable');
      const key = keyOf('kept');
      await store.put(key, bytesOf('kept'));
      await subject.makeUnavailable();

      const calls: (() => Promise<unknown>)[] = [
        () => store.put(keyOf('new'), bytesOf('new')),
        () => store.has(key),
        () => store.open(key),
        () => store.delete(key),
        () => allKeys(store),
      ];
      for (const call of calls) {
        const error = await call().then(
          () => null,
          (err: unknown) => err,
        );
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect(error).toMatchObject({ code: 'service_unavailable' });
      }
    });
  });
}
