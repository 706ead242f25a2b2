import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '../repository-root';

/**
 * Why a build output needs building again: it is missing, or a file it is made from is newer.
 * Null when it is current. Paths are relative to the repository.
 */
export function buildStaleness(built: string, sources: readonly string[]): string | null {
  let builtAt: number;
  try {
    builtAt = statSync(path.join(repositoryRoot, built)).mtimeMs;
  } catch {
    return `${built} is missing`;
  }
  const newer = sources
    .flatMap((source) => filesUnder(path.join(repositoryRoot, source)))
    .find((file) => statSync(file).mtimeMs > builtAt);
  return newer ? `${path.relative(repositoryRoot, newer)} is newer than ${built}` : null;
}

function filesUnder(location: string): string[] {
  let stats;
  try {
    stats = statSync(location);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return [location];
  return readdirSync(location, { withFileTypes: true }).flatMap((entry) => filesUnder(path.join(location, entry.name)));
}
