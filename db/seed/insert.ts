import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client';

/** What every seed section receives. */
export type SeedTx = Db | Tx;

/**
 * Inserts rows in chunks of a few thousand, each chunk ONE statement with ONE parameter: the rows as
 * JSON, expanded by `json_to_recordset`. Building drizzle's multi-row VALUES costs ~50 µs a row in JS
 * (seconds for the 250k rows of scale 1), this costs a JSON.stringify, on postgres.js and PGlite alike.
 * Every row should give the same keys; a key missing from a row falls back to the column's literal
 * default (else null).
 */
export async function insertRows<T extends PgTable>(tx: SeedTx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const used = columns.filter(([key]) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const recordType = sql.raw(used.map(([, col]) => `"${col.name}" ${recordSqlType(col)}`).join(', '));
  const names = sql.raw(used.map(([, col]) => `"${col.name}"`).join(', '));
  const target = sql.raw(`"${getTableName(table)}"`);
  const CHUNK = 5000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, col] of used) {
        let value = (row as Record<string, unknown>)[key];
        if (value === undefined) value = col.default !== undefined && !is(col.default, SQL) ? col.default : null;
        out[col.name] = value instanceof Date ? value.toISOString() : value;
      }
      return out;
    });
    await tx.execute(
      sql`insert into ${target} (${names}) select ${names} from json_to_recordset(${JSON.stringify(chunk)}::json) as x(${recordType})`,
    );
  }
}

/** The column's type as a record column: serial is integer outside a table definition. */
function recordSqlType(col: PgColumn): string {
  const type = col.getSQLType();
  return type === 'serial' ? 'integer' : type === 'bigserial' ? 'bigint' : type;
}

/** Moves a serial id sequence past the explicit ids the seed inserted. */
export async function syncSequence(tx: SeedTx, table: PgTable): Promise<void> {
  const name = getTableName(table);
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 0) + 1, false) from ${table}`,
  );
}

/** Rounds a money amount to cents. */
export function money(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** "The Last Horizon" → "the-last-horizon" */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
