import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * Drizzle prepared statements of the hot read paths, built once per database handle: a call binds
 * values and runs, without building the query again (drizzle's query building is most of its cost on
 * small reads). Postgres-side, postgres.js and PGlite prepare every statement by its text anyway.
 * Only for `Db`, not transactions (a transaction handle lives for one transaction).
 */
const statements = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

/** `column = any($name)`: an array placeholder standing for `inArray` in prepared statements. */
export const anyOf = (column: AnyPgColumn, name: string): SQL => sql`${column} = any(${sql.placeholder(name)})`;
