import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

/**
 * An unexpected console.error fails the test that caused it: errors that only scroll by in
 * the output are errors nobody reads. (The server logs through pino, never the console.)
 */
let spy: MockInstance<typeof console.error> | undefined;
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  spy = undefined;
  if (errors.length > 0) {
    const shown = errors
      .map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '))
      .join('\n');
    throw new Error(`Unexpected console.error during the test:\n${shown}`);
  }
});
