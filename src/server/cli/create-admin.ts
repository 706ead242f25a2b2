import { loadConfig, loadDotEnv } from '../config';
import { runCommand } from './run-command';
import { CREATE_ADMIN_USAGE, readCreateAdminArguments } from './create-admin-arguments';
import { ensureAdmin } from '../services/accounts/ensure-admin';
import { openConfiguredDatabase } from '../startup';

async function main(): Promise<number> {
  const admin = await readCreateAdminArguments(process.argv.slice(2));
  if (admin.kind === 'help') {
    console.log(
      `${CREATE_ADMIN_USAGE}\n\nCreates an admin account, or makes the account with that email an admin (and sets its password).`,
    );
    return 0;
  }
  if (admin.kind === 'refused') {
    console.error(`${admin.problems.join('\n')}\n${CREATE_ADMIN_USAGE}`);
    return 2;
  }

  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const result = await ensureAdmin(
      database.db,
      { email: admin.email, name: admin.name, password: admin.password, resetPassword: true },
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

runCommand(main, CREATE_ADMIN_USAGE);
