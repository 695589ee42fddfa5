/**
 * A resource's fields as a table: for each field, where its value comes from in the resource's row —
 * a row key holding the value as it is, or the row keys it needs and how it is computed from them. The
 * table is the one description of a row's mapping: `all(row)` is every field (the loaders' and REST's
 * mapping), `pick(row, fields)` only some from a row that holds only what they need (the read planner
 * reads just those columns: src/read-planner/).
 *
 * Row keys are paths: `name`, or `part.name` for a row made of parts (a showtime record's `showtime`,
 * `movie`, …).
 */

export type FieldSource<R> = (keyof R & string) | { readonly needs: readonly string[]; readonly value: (row: R) => unknown };

type ValueOf<R, S> = S extends keyof R ? R[S] : S extends { value: (row: R) => infer V } ? V : never;

/** The object of every field of a table over rows `R`. */
export type FieldsOf<R, T> = { -readonly [K in keyof T]: ValueOf<R, T[K]> };

export interface FieldTable<R, T> {
  /** Every field of `row` (a whole row). */
  all(row: R): FieldsOf<R, T>;
  /** Only `fields` (names of the table) of a row holding at least what they need. */
  pick(row: R, fields: readonly string[]): Partial<FieldsOf<R, T>>;
  /** The row keys `field` needs; undefined when the table has no such field. */
  needs(field: string): readonly string[] | undefined;
}

/** The table of `sources` over rows `R`: `fieldTable<Row>()({ id: 'id', url: { needs: ['slug'], value: … } })`. */
export function fieldTable<R>() {
  return <const T extends Record<string, FieldSource<R>>>(sources: T): FieldTable<R, T> => {
    const names = Object.keys(sources);
    const getters = names.map((name) => {
      const source = sources[name] as FieldSource<R>;
      return typeof source === 'string' ? (row: R) => row[source as keyof R] : source.value;
    });
    const byName = new Map(names.map((name, i) => [name, getters[i]]));
    const needs = new Map(
      names.map((name) => {
        const source = sources[name] as FieldSource<R>;
        return [name, typeof source === 'string' ? [source] : source.needs] as const;
      }),
    );
    return {
      all: compileAll<R>(names, getters) as (row: R) => FieldsOf<R, T>,
      pick(row, fields) {
        const out: Record<string, unknown> = {};
        for (const field of fields) {
          const get = byName.get(field);
          if (get) out[field] = get(row);
        }
        return out as Partial<FieldsOf<R, T>>;
      },
      needs: (field) => needs.get(field),
    };
  };
}

/**
 * `all` as one object literal of every field (`{ id: g[0](row), name: g[1](row), … }`), built once per
 * table: an object that gains its properties one by one in a loop costs V8 about twice as much per row
 * (REST maps a page of 100 showtimes through it) as a literal of a fixed shape.
 */
function compileAll<R>(names: readonly string[], getters: readonly ((row: R) => unknown)[]): (row: R) => Record<string, unknown> {
  for (const name of names) if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`field table: ${name} is not a field name`);
  const body = `return (row) => ({ ${names.map((name, i) => `${name}: g[${i}](row)`).join(', ')} });`;
  return new Function('g', body)(getters) as (row: R) => Record<string, unknown>;
}
