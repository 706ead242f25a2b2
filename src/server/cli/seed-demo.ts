import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig, loadDotEnv } from '../config';
import { serializeError } from '../lib/log-errors';
import { runCommand } from './run-command';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { seedDemo, type ExistingData } from '../services/demo/seed-demo';
import { INITIAL_ADMIN_FILE, openConfiguredDatabase, prepareDatabase } from '../startup';
import { createImageStore } from '../storage';

const usage = 'Usage: npm run seed:demo [-- --force]';
const help = `${usage}

Fills an empty database with a demo: students, tutors with pictures, reviews and pending
submissions, so a new install has something to look at. Runs migrations and creates the first
admin account first, exactly as the server does on start.

  --force   Delete all tutors, reviews and non-admin accounts first (admin accounts are kept).
  --help    Show this text.`;

/** prepareDatabase logs through pino; in a terminal its message reads better than its JSON. */
const plainLines = {
  write(line: string) {
    const { level, msg } = JSON.parse(line) as { level: number; msg?: string };
    (level >= 50 ? console.error : console.log)(msg ?? line.trim());
  },
};

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) {
    console.log(help);
    return 0;
  }
  const force = values.force ?? false;

  const started = performance.now();
  // The same .env as `npm start`, so the demo lands in the database the server will open.
  loadDotEnv();
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, serializers: { err: serializeError } }, plainLines);
  const database = await openConfiguredDatabase(config, logger);
  // The store the server uses: a bucket with STORAGE_DRIVER=s3.
  const pictures = await createImageStore(config.storage);
  try {
    const now = new Date();
    await prepareDatabase(config, database, logger, now);
    const result = await seedDemo(database.db, { store: pictures.store, now, force });
    if (result.outcome === 'refused') {
      console.error(
        `Refused: the database already has data (${describe(result.existing)}). The demo only fills an empty database.\n` +
          `To delete all tutors, reviews and non-admin accounts and load the demo instead, run: npm run seed:demo -- --force`,
      );
      return 1;
    }

    const { summary } = result;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const lines = [
      summary.removed && `Removed ${describe(summary.removed)} first (admin accounts were kept).`,
      `Demo data ready in ${seconds} s:`,
      `  ${summary.students} students, all with verified email`,
      `  ${summary.tutors.approved} public tutors, ${summary.tutors.pending} submissions waiting for review, ${summary.tutors.rejected} rejected`,
      `  ${summary.reviews.visible + summary.reviews.hidden} reviews (${summary.reviews.hidden} hidden by a moderator, ${summary.reviews.reported} reported and waiting for one)`,
      `  ${summary.pictures} pictures in ${config.storage.driver === 's3' ? `bucket ${config.storage.bucket}` : config.storage.dir}`,
      '',
      `Log in as a demo student with password "${summary.password}", for example:`,
      ...summary.exampleLogins.map((email) => `  ${email}`),
      '',
      await adminNote(database.db, config.dataDir, Boolean(config.initialAdmin.password)),
      '',
      'Start the site with: npm start',
    ];
    console.log(lines.filter((line) => line !== null).join('\n'));
    return 0;
  } finally {
    pictures.close();
    await database.close();
  }
}

async function adminNote(db: Database, dataDir: string, passwordFromEnv: boolean): Promise<string> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
  const emails = admins.map((a) => a.email).join(', ');
  const file = path.join(dataDir, INITIAL_ADMIN_FILE);
  const where = passwordFromEnv
    ? 'it was created with ADMIN_PASSWORD'
    : existsSync(file)
      ? `the generated first-admin password is in ${file}`
      : 'set a password with: npm run create-admin -- --email E --name N --password P';
  return `Admin: ${emails} (${where}).`;
}

function describe(data: ExistingData): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(data.tutors, 'tutor')}, ${plural(data.reviews, 'review')}, ${plural(data.nonAdminUsers, 'non-admin account')}`;
}

runCommand(main, usage);
