/** What the repository's tools (soak, bench) share about reading their command line. */

/** A command line the tool cannot run with; its message says why, and the usage text follows. */
export class UsageError extends Error {}

/** A whole-number option between `min` and `max`, or `fallback` when it was not given. */
export function wholeNumberOption(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
  hint = '',
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}${hint}.`);
  return number;
}

/**
 * The options, or the exit code once help (0) or a usage error (2) has been printed. parseArgs
 * and new URL() throw TypeErrors for unknown options and malformed addresses.
 */
export function readCommandLine<Options>(parse: (args: string[]) => Options | 'help', usage: string): Options | number {
  let options: Options | 'help';
  try {
    options = parse(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError) && !(err instanceof TypeError)) throw err;
    console.error(`${err.message}\n\n${usage}`);
    return 2;
  }
  if (options === 'help') {
    console.log(usage);
    return 0;
  }
  return options;
}
