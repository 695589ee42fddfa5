import 'reflect-metadata';
import { openDatabase } from '../../db/client';
import { seedDemo } from '../../db/seed';
import { ADMIN_URL, databaseUrl, PGBOUNCER_PORT_ENV, RUN_ENV, TEMPLATE_ENV, withAdmin } from './db';
import { RUN_PGBOUNCER, startPgBouncer, type PgBouncer } from './pgbouncer';

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
  if (process.env.TEST_THROUGH_PGBOUNCER === '1') {
    // Every test file has a database of its own, so a pool of its own in PgBouncer: its idle server
    // connections go within seconds, and a cap on all of them (PgBouncer closes another pool's idle one
    // to open a new one) keeps the run under the test server's max_connections, which others share.
    const bouncer = await startPgBouncer(ADMIN_URL, { server_idle_timeout: 5, max_user_connections: 40 });
    // The teardown runs in this process: it stops it (before dropping the databases behind it).
    (globalThis as { [RUN_PGBOUNCER]?: PgBouncer })[RUN_PGBOUNCER] = bouncer;
    process.env[PGBOUNCER_PORT_ENV] = String(bouncer.port);
    process.stdout.write(`[setup] through PgBouncer (transaction mode) on port ${bouncer.port}, pid ${bouncer.pid}\n`);
  }
}
