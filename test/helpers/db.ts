import postgres from 'postgres';

/** The server the tests use: DATABASE_URL, or the local Postgres of every Marquee machine. */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of a database named `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` with a one-connection admin client on the test server's maintenance database. */
export async function withAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

export const TEMPLATE_ENV = 'MARQUEE_TEST_TEMPLATE_DB';
export const RUN_ENV = 'MARQUEE_TEST_RUN_ID';

/**
 * Set by the global setup when `TEST_THROUGH_PGBOUNCER=1` (`npm run test:pooler`): the port of the
 * PgBouncer (transaction mode) it started in front of the test server. startTestApp then runs the app
 * in pooler mode through it (DB_PREPARE=false, DATABASE_DIRECT_URL the database itself).
 */
export const PGBOUNCER_PORT_ENV = 'MARQUEE_TEST_PGBOUNCER_PORT';

/** `url` through the run's PgBouncer, or undefined when the run goes straight to Postgres. */
export function throughRunPgBouncer(url: string): string | undefined {
  const port = process.env[PGBOUNCER_PORT_ENV];
  if (!port) return undefined;
  const pooled = new URL(url);
  pooled.hostname = '127.0.0.1';
  pooled.port = port;
  return pooled.toString();
}
