import { parseArgs } from 'node:util';
import { emailSchema, nameSchema, newPasswordSchema } from '../../shared/account';
import { AppError } from '../lib/errors';
import { assertAcceptablePassword } from '../services/accounts/password-rules';

export const CREATE_ADMIN_USAGE = 'Usage: npm run create-admin -- --email E --name N --password P';

export type CreateAdminArguments =
  | { kind: 'help' }
  | { kind: 'refused'; problems: string[] }
  | { kind: 'admin'; email: string; name: string; password: string };

/**
 * The create-admin command line, checked before any database is opened: each bad flag named,
 * and the password held to the rules of every other one. An unknown or value-less flag throws
 * node:util's parseArgs error, which runCommand answers with the usage line and exit code 2.
 */
export async function readCreateAdminArguments(args: string[]): Promise<CreateAdminArguments> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return { kind: 'help' };
  const email = emailSchema.safeParse(values.email);
  const name = nameSchema.safeParse(values.name ?? 'Administrator');
  const password = newPasswordSchema.safeParse(values.password);
  const problems = [
    !email.success && `--email: ${email.error.issues[0]?.message}`,
    !name.success && `--name: ${name.error.issues[0]?.message}`,
    !password.success && `--password: ${password.error.issues[0]?.message}`,
  ].filter((problem) => typeof problem === 'string');
  if (email.success && name.success && password.success) {
    // The same rules as every other password: not a common one, not the address or the name.
    try {
      await assertAcceptablePassword(password.data, { email: email.data, name: name.data, role: 'admin' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      problems.push(`--password: ${err.message}`);
    }
  }
  if (problems.length > 0 || !email.success || !name.success || !password.success) return { kind: 'refused', problems };
  return { kind: 'admin', email: email.data, name: name.data, password: password.data };
}
