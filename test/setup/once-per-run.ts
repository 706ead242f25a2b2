/**
 * What a global setup makes once for every project of a run that asks for it: the engine's
 * setup is the same for the server, server-fresh and tools projects, and each made its own
 * migrated database before any test could start. Global setups run in Vitest's main process,
 * so the first project's call makes it and the others share it; the last teardown removes it.
 */
interface Shared<T> {
  value: Promise<T>;
  users: number;
  remove: (value: T) => Promise<void>;
}

const registry = globalThis as { tutorlyOncePerRun?: Map<string, Shared<unknown>> };

export async function oncePerRun<T>(
  key: string,
  make: () => Promise<T>,
  remove: (value: T) => Promise<void>,
): Promise<{ value: T; release: () => Promise<void> }> {
  // The map lives on globalThis: Vitest may load this module once per project.
  const all = (registry.tutorlyOncePerRun ??= new Map());
  let entry = all.get(key) as Shared<T> | undefined;
  if (!entry) {
    entry = { value: make(), users: 0, remove };
    all.set(key, entry as Shared<unknown>);
  }
  entry.users += 1;
  const value = await entry.value;
  const owned = entry;
  return {
    value,
    async release() {
      owned.users -= 1;
      if (owned.users > 0) return;
      all.delete(key);
      await owned.remove(value);
    },
  };
}
