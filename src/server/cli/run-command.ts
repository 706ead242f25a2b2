import { ConfigError } from '../config';

/** Runs a command-line entry point: its number is the exit code; failures print a message, not a crash. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof ConfigError) console.error(err.message);
      else if (err instanceof Error && /lock|already in use/i.test(err.message)) {
        console.error(`${err.message}\nIs the server running on the same DATA_DIR? Stop it first.`);
      } else console.error(err);
      process.exit(1);
    },
  );
}
