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
