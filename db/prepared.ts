import type { SQL } from 'drizzle-orm';
import { statementCounter, type DbOrTx } from './client';

type Internals = {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: { client: unknown };
};
type PostgresJsClient = {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]>;
};

/**
 * Runs `query` as a named prepared statement on postgres.js; on PGlite, as drizzle's `execute`.
 * Drizzle's postgres.js driver sends every statement unprepared (`unsafe` without `prepare`), so each
 * one is parsed and planned again; the hot order paths (holds, create, cancel) use this instead.
 * postgres.js keeps one prepared statement per distinct text and connection. Counted like drizzle's own
 * statements (`x-sql-statements`).
 */
export async function executePrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as Internals;
  const client = session.client as Partial<PostgresJsClient>;
  if (typeof client.unsafe !== 'function') {
    const result = (await db.execute(query)) as unknown;
    return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
  }
  const { sql, params } = dialect.sqlToQuery(query);
  const store = statementCounter.getStore();
  if (store) store.count += 1;
  return (await client.unsafe(sql, params, { prepare: true })) as T[];
}
