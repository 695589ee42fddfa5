import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sharedDb, statementCountOf, type Db, type StatementCount } from '../../../db/client';

/**
 * Drizzle prepared statements of the hot read paths, built once per database handle: a call binds
 * values and runs, without building the query again (drizzle's query building is most of its cost on
 * small reads). Postgres-side, postgres.js and PGlite prepare every statement by its text anyway.
 * Only for `Db`, not transactions (a transaction handle lives for one transaction). Built on the shared
 * handle; a request's counting handle (db/client.ts `countingDb`) gets a view that counts its executions.
 */
const statements = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  // Built once on the shared handle (a request's counting handle is new per request).
  const shared = sharedDb(db);
  let byName = statements.get(shared);
  if (!byName) {
    byName = new Map();
    statements.set(shared, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(shared);
    byName.set(name, statement);
  }
  const count = statementCountOf(db);
  return count ? counted(statement, count) : statement;
}

/** The statement with an `execute` that counts into the request's statements (the shared one counts none). */
function counted<T>(statement: T, count: StatementCount): T {
  const target = statement as unknown as { execute(...args: unknown[]): unknown };
  const view = Object.create(target) as typeof target & { client?: unknown };
  // Tracing: the view runs on the request's traced client, so its statements are spans of the request.
  const wrap = count.wrapClient;
  if (wrap) view.client = wrap((target as { client?: unknown }).client);
  view.execute = (...args: unknown[]) => {
    count.count += 1;
    return wrap ? target.execute.apply(view, args) : target.execute(...args);
  };
  return view as unknown as T;
}

/** `column = any($name)`: an array placeholder standing for `inArray` in prepared statements. */
const anyOf = (column: AnyPgColumn, name: string): SQL => sql`${column} = any(${sql.placeholder(name)})`;

/**
 * A prepared read by keys (its placeholder `ids`): `build` writes the key condition as `keyIn(column)`
 * and prepares under `name`. One key runs a variant of its own, `column = $ids`; several run
 * `column = any($ids)`. Postgres plans `any` of an array parameter for ten rows in a generic plan, so it
 * never kept that plan and planned the statement anew at every execution (test/integration/generic-plans.test.ts),
 * though most loads of a request are of one key.
 */
export function preparedByKeys<R>(
  db: Db,
  name: string,
  keys: readonly unknown[],
  build: (d: Db, keyIn: (column: AnyPgColumn) => SQL, name: string) => { execute(values: Record<string, unknown>): Promise<R> },
): Promise<R> {
  const one = keys.length === 1;
  const variant = one ? `${name}_one` : name;
  const keyIn = one ? (column: AnyPgColumn) => sql`${column} = ${sql.placeholder('ids')}` : (column: AnyPgColumn) => anyOf(column, 'ids');
  return prepared(db, variant, (d) => build(d, keyIn, variant)).execute({ ids: one ? keys[0] : [...keys] });
}
