import { RUN_ENV, withAdmin } from './db';

/** Drops every database this run created (the template and the per-file copies). */
export default async function globalTeardown(): Promise<void> {
  const runId = process.env[RUN_ENV];
  if (!runId) return;
  await withAdmin(async (sql) => {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`marquee_%${runId}%`}`;
    for (const { datname } of rows) await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
