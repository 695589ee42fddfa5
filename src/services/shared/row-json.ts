import { getTableColumns, type Column, type Table } from 'drizzle-orm';

/**
 * A table's row as one positional JSON value built by Postgres (`json_build_array` of its columns in
 * the table's key order) and turned back into the object drizzle's `select()` gives: the loaders'
 * rows, so the planner's objects go through the same mappers (toTheatre, toMovie, …) as theirs.
 */
export interface RowCodec<R = Record<string, unknown>> {
  /** The JSON expression of the row of the table aliased `alias`. */
  json(alias: string): string;
  /** The row of one such JSON value. */
  decode(value: unknown): R;
}

/**
 * Column types whose JSON value is what drizzle's driver mapping returns (timestamps are handled apart;
 * numeric in mode 'number': drizzle gives Number(text), JSON the same number).
 */
const SAME_IN_JSON = new Set(['PgSerial', 'PgInteger', 'PgText', 'PgBoolean', 'PgJsonb', 'PgJson', 'PgVarchar', 'PgDoublePrecision', 'PgTime', 'PgNumericNumber']);

type Decoder = (value: unknown) => unknown;

function decoderOf(column: Column): Decoder | null {
  if (column.columnType === 'PgTimestamp') {
    // to_json gives timestamptz with its offset, timestamp without one (drizzle reads the latter as UTC).
    if ((column as unknown as { withTimezone: boolean }).withTimezone) return (value) => (value === null ? null : new Date(value as string));
    return (value) => (value === null ? null : new Date(`${value as string}Z`));
  }
  if (SAME_IN_JSON.has(column.columnType)) return null;
  // A new column type fails here, at start, not in a response.
  throw new Error(`read planner: column ${column.name} of type ${column.columnType} has no JSON mapping`);
}

/** One value of a pruned row: its SQL (names in scope of the type's `from`) and how its JSON becomes the row's value. */
export interface ColumnRef {
  sql(alias: string): string;
  decode: Decoder | null;
}

/**
 * The columns of `table` as row keys (`prefix` + drizzle's key: `showtime.movieId`), read from the
 * table as `ref(alias)` names it in the type's FROM clause.
 */
export function columnRefs(table: Table, ref: (alias: string) => string, prefix = ''): Record<string, ColumnRef> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const decode = decoderOf(column);
      return [`${prefix}${key}`, { sql: (alias: string) => `${ref(alias)}."${column.name}"`, decode }];
    }),
  );
}

/** Only `keys` of a table's column refs. */
export function refsOf(table: Table, ref: (alias: string) => string, keys: readonly string[], prefix = ''): Record<string, ColumnRef> {
  const all = columnRefs(table, ref, prefix);
  return Object.fromEntries(keys.map((key) => [key, all[key]]));
}

/**
 * A row of only `keys` (paths into the row: `name` or `part.name`) as one positional JSON value, and
 * back: what a pruned plan level reads.
 */
export function prunedCodec(columns: Readonly<Record<string, ColumnRef>>, keys: readonly string[]): RowCodec & { keys: readonly string[] } {
  const refs = keys.map((key) => {
    const ref = columns[key];
    if (!ref) throw new Error(`read planner: no column for row key ${key}`);
    const dot = key.indexOf('.');
    return { ref, part: dot < 0 ? null : key.slice(0, dot), name: dot < 0 ? key : key.slice(dot + 1) };
  });
  // A row's parts (`showtime`, `movie`, …) are filled by their place, not looked up by name per key.
  const partNames = [...new Set(refs.flatMap((r) => (r.part === null ? [] : [r.part])))];
  const slots = refs.map((r) => (r.part === null ? -1 : partNames.indexOf(r.part)));
  // A part takes its place in the row at its first key, as the row's keys are in order.
  const firsts = slots.map((slot, i) => slot >= 0 && slots.indexOf(slot) === i);
  return {
    keys,
    json: (alias) => `json_build_array(${refs.map((r) => r.ref.sql(alias)).join(', ')})`,
    decode(value) {
      const values = value as unknown[];
      const row: Record<string, unknown> = {};
      const parts = partNames.map((): Record<string, unknown> => ({}));
      for (let i = 0; i < refs.length; i += 1) {
        const { ref, name } = refs[i];
        const v = ref.decode ? ref.decode(values[i]) : values[i];
        if (slots[i] < 0) row[name] = v;
        else {
          if (firsts[i]) row[partNames[slots[i]]] = parts[slots[i]];
          parts[slots[i]][name] = v;
        }
      }
      return row;
    },
  };
}

export function rowCodec<R = Record<string, unknown>>(table: Table): RowCodec<R> {
  const columns = Object.entries(getTableColumns(table));
  const keys = columns.map(([key]) => key);
  const decoders = columns.map(([, column]) => decoderOf(column));
  const names = columns.map(([, column]) => column.name);
  return {
    json: (alias) => `json_build_array(${names.map((n) => `${alias}."${n}"`).join(', ')})`,
    decode(value) {
      const values = value as unknown[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i += 1) {
        const decode = decoders[i];
        row[keys[i]] = decode ? decode(values[i]) : values[i];
      }
      return row as R;
    },
  };
}
