import { RUN_ENV, withAdmin } from './db';
import { RUN_PGBOUNCER, type PgBouncer } from './pgbouncer';

/** Drops every database this run created (the template and the per-file copies). */
export default async function globalTeardown(): Promise<void> {
  // The run's PgBouncer first (TEST_THROUGH_PGBOUNCER=1): it holds server connections to those databases.
  const holder = globalThis as { [RUN_PGBOUNCER]?: PgBouncer };
  const bouncer = holder[RUN_PGBOUNCER];
  delete holder[RUN_PGBOUNCER];
  // A run meant to go through the pooler that never did would pass for the wrong reason.
  const logins = bouncer?.log().match(/login attempt: db=marquee_t_/g)?.length ?? 0;
  await bouncer?.stop();
  const runId = process.env[RUN_ENV];
  if (runId) {
    await withAdmin(async (sql) => {
      const rows = await sql<{ datname: string }[]>`
        select datname from pg_database where datname like ${`marquee_%${runId}%`}`;
      for (const { datname } of rows) await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  }
  if (bouncer) {
    process.stdout.write(`[teardown] PgBouncer took ${logins} client logins to the test files' databases\n`);
    if (logins === 0) throw new Error('TEST_THROUGH_PGBOUNCER=1, but no test file connected through PgBouncer');
  }
}
