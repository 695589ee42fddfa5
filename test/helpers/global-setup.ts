import 'reflect-metadata';
import { openDatabase } from '../../db/client';
import { seedDemo } from '../../db/seed';
import { databaseUrl, RUN_ENV, TEMPLATE_ENV, withAdmin } from './db';

/**
 * Creates this run's template database: migrated and seeded with the demo chain once.
 * Every test file then copies it (CREATE DATABASE … TEMPLATE), so files never see each other's writes.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}_${process.pid}`;
  const template = `marquee_tpl_${runId}`;
  await withAdmin(async (sql) => {
    await sql.unsafe(`CREATE DATABASE "${template}"`);
  });
  const database = await openDatabase({ databaseUrl: databaseUrl(template), dataDir: '' });
  try {
    await database.migrate();
    const started = Date.now();
    await seedDemo(database.db, { scale: 1, demoCredentials: true });
    process.stdout.write(`\n[setup] seeded ${template} in ${Date.now() - started} ms\n`);
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_ENV] = template;
  process.env[RUN_ENV] = runId;
}
