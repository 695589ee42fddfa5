import { asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';

/**
 * Pages as the services return them, for both surfaces: GraphQL wraps a `Page` in its page type
 * (schema/paging.type.ts), REST in HAL paging fields (src/rest/paging.ts).
 */

/** Page size when the client gives none. */
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page size a client may ask for. */
export const MAX_PAGE_SIZE = 100;
/**
 * The last page number anyone may ask for: at the largest page size that is 10⁸ rows, past any list we
 * hold, and it keeps page × size (the SQL offset) far inside every integer type on the way.
 */
export const MAX_PAGE_NUMBER = 1_000_000;

/**
 * A list as every path reads it: the rows of `table` that `where` keeps, in `order` (the last key
 * unique). The services page it (`db.select()`), the read planner reads it with the selection under
 * its items in one statement (src/read-planner/).
 */
export interface ListQuery {
  table: PgTable;
  /**
   * Tables the list's conditions, order or values read beside `table`, each inner-joined on its
   * condition (one row each: a foreign key's target). The planner's FROM is the same, so the names they
   * bind are in scope of the item type's row too (a showtime's record reads its theatre and movie).
   */
  joins?: readonly { table: PgTable; on: SQL }[];
  where: SQL | undefined;
  /** Columns of `table` or its joins, or computed values (one of `values`); the last key is unique. */
  order: readonly (PgColumn | SQL)[];
  /** Keys of `order` read descending (the rest ascending); page such a list with `listOrderBy`. */
  desc?: readonly (PgColumn | SQL)[];
  /**
   * Values computed per row from the list's arguments (a distance from a point), by name: declared
   * once with the list, usable in `where` and `order`, and read with each item (the planner's
   * `valuesOf(item)`; a service selects them beside its row). Their JSON value is the item's value.
   */
  values?: Readonly<Record<string, SQL>>;
}

/** A list's order as drizzle's ORDER BY terms, each key in its direction. */
function listOrderBy(list: ListQuery): SQL[] {
  return list.order.map((key) => (list.desc?.includes(key) ? desc(key) : asc(key)));
}

/**
 * A page of `list` read with drizzle (`columns`: what it selects of the table and joins, as the service's
 * rows are): its rows in order within the page's window and the list's count, two statements sent together.
 * For the reads outside the planner (REST's markets, the seat-map index page); the planner reads a list and
 * what is selected under its items in one (src/read-planner/).
 */
export async function pageOfList<R>(db: Db, list: ListQuery, columns: SelectedFields, page: PageRequest): Promise<Page<R>> {
  const { limit, offset } = pageWindow(page);
  // Drizzle writes an SQL object given as the limit as it is (its type says number).
  const rows = joined(list, db.select(columns).from(list.table).$dynamic()).where(list.where).orderBy(...listOrderBy(list)).limit(limitSql(limit) as unknown as number);
  const [items, [{ total }]] = await Promise.all([
    // statement: <list>Page (the limit in its text, no OFFSET on a first page: as the read planner's limitSql)
    offset ? rows.offset(offset) : rows,
    // statement: <list>Count
    joined(list, db.select({ total: count() }).from(list.table).$dynamic()).where(list.where),
  ]);
  return toPage(items as R[], total, page);
}

/**
 * A LIMIT written into the statement's text, not bound: Postgres plans `limit $n` for an unknown share of
 * the rows, so such a statement never kept its generic plan and was planned anew at every execution
 * (test/integration/generic-plans.test.ts). Limits are page sizes and the list cap (bounded), so the texts
 * are few; offsets stay parameters (and a first page has none). The read planner's and `pageOfList`'s.
 */
export function limitSql(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`limit ${limit} is not a row count`);
  return sql.raw(String(limit));
}

/** A query of `list`'s table with its joins. */
const joined = <Q extends { innerJoin(table: PgTable, on: SQL): Q }>(list: ListQuery, query: Q) =>
  (list.joins ?? []).reduce((q, join) => q.innerJoin(join.table, join.on), query);

/** Which page: 1-based number and size. */
export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

/** A page of items; `totalCount` counts every page. */
export interface Page<T> {
  items: T[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

/** The page window of 1-based `pageNumber` as SQL limit/offset. */
export function pageWindow(page: PageRequest): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: (page.pageNumber - 1) * page.pageSize };
}

/** Builds a `Page<T>` from the rows of one page and the total. */
export function toPage<T>(items: T[], totalCount: number, page: PageRequest): Page<T> {
  return { items, totalCount, pageNumber: page.pageNumber, pageSize: page.pageSize };
}

/** The page of `rows` (every row of the list, in order) that `page` asks for. */
export function pageOfRows<T>(rows: readonly T[], page: PageRequest): Page<T> {
  const { limit, offset } = pageWindow(page);
  return toPage(rows.slice(offset, offset + limit), rows.length, page);
}
