/** Values the global setups hand to test files through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Which database engine this project's test files run against. */
    dbEngine: 'pglite' | 'postgres';
    /** pglite project: a tarball of a freshly migrated data directory. */
    pgliteSnapshotPath?: string;
    /** pglite project: the same migrated data directory as a folder on disk, to copy into a DATA_DIR. */
    pgliteDataDirSnapshotPath?: string;
    /** postgres project: a migrated template database to copy per test file. */
    postgresTemplate?: { adminUrl: string; templateName: string };
  }
}

export {};
