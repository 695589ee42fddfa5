import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

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
 * unique). The read planner reads it with the selection under its items in one statement
 * (src/read-planner/).
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
  /** Keys of `order` read descending (the rest ascending). */
  desc?: readonly (PgColumn | SQL)[];
  /**
   * Values computed per row from the list's arguments (a distance from a point), by name: declared
   * once with the list, usable in `where` and `order`, and read with each item (the planner's
   * `valuesOf(item)`). Their JSON value is the item's value.
   */
  values?: Readonly<Record<string, SQL>>;
}

/**
 * A LIMIT written into the statement's text, not bound: Postgres plans `limit $n` for an unknown share of
 * the rows, so such a statement never kept its generic plan and was planned anew at every execution
 * (test/integration/generic-plans.test.ts). Limits are page sizes and the list cap (bounded), so the texts
 * are few; offsets stay parameters (and a first page has none).
 */
export function limitSql(limit: number): SQL {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`limit ${limit} is not a row count`);
  return sql.raw(String(limit));
}

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
