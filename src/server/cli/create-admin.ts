import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../config';
import { runCommand } from './run-command';
import { nameSchema, emailSchema, newPasswordSchema } from '../../shared/account';
import { AppError } from '../lib/errors';
import { ensureAdmin } from '../services/accounts/ensure-admin';
import { assertAcceptablePassword } from '../services/accounts/password-rules';
import { openConfiguredDatabase } from '../startup';

const usage = 'Usage: npm run create-admin -- --email E --name N --password P';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      `${usage}\n\nCreates an admin account, or makes the account with that email an admin (and sets its password).`,
    );
    return 0;
  }
  const email = emailSchema.safeParse(values.email);
  const name = nameSchema.safeParse(values.name ?? 'Administrator');
  const password = newPasswordSchema.safeParse(values.password);
  const problems = [
    !email.success && `--email: ${email.error.issues[0]?.message}`,
    !name.success && `--name: ${name.error.issues[0]?.message}`,
    !password.success && `--password: ${password.error.issues[0]?.message}`,
  ].filter(Boolean);
  if (email.success && name.success && password.success) {
    // The same rules as every other password: not a common one, not the address or the name.
    try {
      await assertAcceptablePassword(password.data, { email: email.data, name: name.data, role: 'admin' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      problems.push(`--password: ${err.message}`);
    }
  }
  if (problems.length > 0 || !email.success || !name.success || !password.success) {
    console.error(`${problems.join('\n')}\n${usage}`);
    return 2;
  }

  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const result = await ensureAdmin(
      database.db,
      { email: email.data, name: name.data, password: password.data, resetPassword: true },
      new Date(),
    );
    const verb = {
      created: 'Created',
      promoted: 'Promoted to admin:',
      updated: 'Updated admin',
      unchanged: 'Already an admin:',
    }[result.outcome];
    console.log(`${verb} ${result.user.email}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, usage);
