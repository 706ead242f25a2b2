import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { serializeError } from '../lib/log-errors';

/** node:util parseArgs reports a mistyped or value-less flag with one of these codes. */
const isUsageError = (err: unknown) =>
  err instanceof Error && String((err as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');

/** As the server logs it: a failed query shows its code, constraint and statement, not the values it was given. */
function describeError(err: Error): string {
  const { stack, type: _type, message: _message, ...fields } = serializeError(err);
  return [stack, ...Object.entries(fields).map(([name, value]) => `  ${name}: ${String(value)}`)].join('\n');
}

/**
 * Runs a command-line entry point: its number is the exit code. Usage mistakes exit 2 with the
 * usage line; known failures exit 1 with a message instead of a stack trace.
 */
export function runCommand(main: () => Promise<number>, usage: string): void {
  // Backups and restored data hold every password hash: they are the user's own, whatever the umask.
  process.umask(0o077);
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (isUsageError(err)) {
        console.error(`${(err as Error).message}\n${usage}`);
        process.exit(2);
      }
      if (err instanceof ConfigError) console.error(err.message);
      // It says who holds the folder and what to do: one line, no stack.
      else if (err instanceof DataDirInUseError) console.error(err.message);
      else console.error(err instanceof Error ? describeError(err) : err);
      process.exit(1);
    },
  );
}
