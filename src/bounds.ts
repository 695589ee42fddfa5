/**
 * The ranges inputs are held to before they reach the database (docs/security.md lists them). Every id
 * column of ours is a Postgres `integer` (int4) from 1; a value outside a column's range is not "not
 * found" to Postgres but a data exception, so it is stopped here, at the edge.
 */

/** The largest Postgres `integer` (int4). */
export const INT4_MAX = 2_147_483_647;
/** The smallest Postgres `integer` (int4). */
export const INT4_MIN = -2_147_483_648;

/** Whether `n` can be the id of a row: an integer in 1..INT4_MAX. */
export function isRowId(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= INT4_MAX;
}

/** The row id a text key spells (digits only, within int4), or null when it cannot be one. */
export function rowIdOf(key: string): number | null {
  if (!/^\d{1,10}$/.test(key)) return null;
  const n = Number(key);
  return isRowId(n) ? n : null;
}
