import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { databaseUrl, dropDatabasesStartingWith, withAdminClient } from '../helpers/postgres-admin';
import { ensureServerBuild } from '../../tools/build/server';
import { oncePerRun } from './once-per-run';
import './provided-context';

/**
 * Migrates one uniquely named template database per run, shared by every project on PostgreSQL;
 * each test file then gets a cheap copy of it (CREATE DATABASE … TEMPLATE). The last teardown
 * drops the copies and the template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'The postgres test project needs TEST_DATABASE_URL (a superuser connection to a throwaway cluster).',
    );
  const template = await oncePerRun(
    'postgres template',
    () => makeMigratedTemplate(adminUrl),
    async (templateName) => {
      await dropDatabasesStartingWith(adminUrl, `${templateName}_`);
      await dropDatabasesStartingWith(adminUrl, templateName);
    },
  );
  project.provide('postgresTemplate', { adminUrl, templateName: template.value });
  return template.release;
}

async function makeMigratedTemplate(adminUrl: string): Promise<string> {
  // Tests that start a server process run the bundle, as `npm start` does.
  await ensureServerBuild();
  const templateName = `tutorly_test_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${templateName}"`));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, templateName), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    // A template must have no open connections when it is copied.
    await handle.close();
  }
  return templateName;
}
