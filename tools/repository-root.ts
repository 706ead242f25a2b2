import { fileURLToPath } from 'node:url';

/** The repository's folder: the tools read and write paths relative to it, whatever the working folder. */
export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
