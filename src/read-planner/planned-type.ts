import { createTableRelationsHelpers, extractTablesRelationalConfig, getTableName, is, normalizeRelation, One, type SQL, type Table } from 'drizzle-orm';
import * as schema from '../../db/schema';
import type { FieldTable } from '../services/shared/field-table';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, type PageRequest } from '../services/shared/paging';
import { columnRefs, prunedCodec, rowCodec, type ColumnRef } from '../services/shared/row-json';

/**
 * What a catalog entry is (src/read-planner/catalog.ts): the shape of a planned type and its edges,
 * the builders of entries over one table (`plain`) or several (`composite`), and the joins of the
 * relations declared in db/schema/relations.ts (`joinOf`).
 */

/** A field's arguments, as graphql-js coerced them. */
export type Args = Record<string, unknown>;

/**
 * The order of a relation's rows: columns of the related row (its alias), or SQL of a table its FROM
 * joins (given the alias). The last key is unique.
 */
export type Order = readonly (string | ((alias: string) => string))[];

/**
 * An edge's conditions from the field's arguments: SQL over its rows (bound to `alias`, or named by the
 * tables of its FROM) and, for a set that is no declared relation, over the aliases of the levels above
 * (`outer[0]` its parent's row, `outer[1]` the grandparent's, …).
 */
export type Where = (args: Args, alias: string, outer: readonly string[]) => SQL[];

/**
 * Where a relation's rows come from: `relation` is its name in db/schema/relations.ts, or a path `a.b`
 * through `one` relations whose columns the next relation reads (no join: `theatre_concessions.concession.groups`
 * is groups of its concession_id). Without one, the rows are a set the service computes (a theatre's
 * categories and their ancestors) and `where` ties them to the levels above. `entry` names the catalog
 * entry of the rows when it is not the type's own (a type read from other tables on this edge).
 */
interface Rows {
  to: string;
  relation?: string;
  entry?: string;
  where?: Where;
}

export type Edge =
  /** A relation to rows of another planned type (`one`: object or null, `many`: list). */
  | (Rows & { kind: 'one' | 'many'; order?: Order })
  /**
   * A page of related rows (a field of a `…Page` type with `items` of `to`): its items in `order`
   * within the window `page(args)` gives, and the total, as `{ total, items }` (compile.ts).
   */
  | (Rows & { kind: 'page'; order: Order; page: (args: Args) => PageRequest })
  /** Ids of reference data through a link table (the rows come from the in-process reference cache). */
  | { kind: 'ids'; relation: string; column: string };

export interface PlannedType {
  table: Table;
  /**
   * FROM clause binding the type's row to `alias`, the name its relations correlate to; `keys` are the
   * row keys a pruned level reads (null: the whole row), for types that join only what those need.
   */
  from(alias: string, keys: readonly string[] | null): string;
  /** The JSON expression of its whole row (`from`'s names in scope). */
  row(alias: string): string;
  /** The GraphQL object of one whole row value (the loader path's mapper). */
  map(value: unknown): object;
  edges: Readonly<Record<string, Edge>>;
  /**
   * Pruned reads (docs/read-planner.md, "Columns"): a level whose every field is known here reads only
   * the row keys its fields need. `columns` are the row keys a pruned row can hold; `fields` the type's
   * field table (the same the mapper uses); `resolved` the row keys of each field resolver that is not
   * a planned relation; `always` the fields every object carries (its id). A field in none of them (and
   * not a planned relation) makes its level read whole rows through `map`.
   */
  columns: Readonly<Record<string, ColumnRef>>;
  fields: { needs(field: string): readonly string[] | undefined };
  resolved: Readonly<Record<string, readonly string[]>>;
  always: readonly string[];
  /** The GraphQL object of a pruned row, with `fields` of the selection. */
  build(row: never, fields: readonly string[]): object;
}

interface Pruning<R> {
  fields: FieldTable<R, unknown>;
  resolved?: Record<string, readonly string[]>;
  make: (values: object, row: R) => object;
  /** Fields every object carries; default its id. */
  always?: readonly string[];
}

export function plain<R>(table: Table, name: string, map: (row: R) => object, pruning: Pruning<R>, edges: Record<string, Edge>): PlannedType {
  const codec = rowCodec<R>(table);
  return {
    table,
    from: (alias) => `"${name}" ${alias}`,
    row: codec.json,
    map: (value) => map(codec.decode(value)),
    edges,
    columns: columnRefs(table, (alias) => alias),
    fields: pruning.fields,
    resolved: pruning.resolved ?? {},
    always: pruning.always ?? ['id'],
    build: (row: R, fields) => pruning.make(pruning.fields.pick(row, fields), row),
  };
}

/**
 * A type whose row is built from more than one table (a link and what it names, an offer and its
 * product): `columns` are its row keys (paths: `product.name`) as `from` names them; the whole row is
 * all of them, decoded into the object the loader path's service returns.
 */
export function composite<R>(spec: {
  table: Table;
  from: PlannedType['from'];
  columns: Record<string, ColumnRef>;
  map: (row: R) => object;
  fields: FieldTable<R, unknown>;
  resolved?: Record<string, readonly string[]>;
  always: readonly string[];
  make: (values: object, row: R) => object;
}, edges: Record<string, Edge>): PlannedType {
  const whole = prunedCodec(spec.columns, Object.keys(spec.columns));
  return {
    table: spec.table,
    from: spec.from,
    row: whole.json,
    map: (value) => spec.map(whole.decode(value) as R),
    edges,
    columns: spec.columns,
    fields: spec.fields,
    resolved: spec.resolved ?? {},
    always: spec.always,
    build: (row: R, fields) => spec.make(spec.fields.pick(row, fields), row),
  };
}

/**
 * Page arguments (PageArgs) as a window, or an error when the loader path's validation refuses them:
 * then the field is not planned and its resolver answers the validation error.
 */
export function pageArgs(args: Args): PageRequest {
  const { pageNumber, pageSize } = args as { pageNumber: number; pageSize: number };
  const within = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!within(pageNumber, MAX_PAGE_NUMBER) || !within(pageSize, MAX_PAGE_SIZE)) throw new Error('read planner: page arguments out of range');
  return { pageNumber, pageSize };
}

/** Field resolvers that read only the object's id (occupancy, media, loaders keyed by it). */
export const byId = (...fields: string[]) => Object.fromEntries(fields.map((field) => [field, [] as string[]]));

/** A relation's join (db/schema/relations.ts): the table it reads and the condition tying its row to the parent's. */
export interface Join {
  /** The table the relation reads (its name in the database). */
  table: string;
  /** The condition between a row of `table` bound to `child` and the parent's row bound to `parent`. */
  on(child: string, parent: string): string;
}

const relational = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const tableKey = new Map<Table, string>(Object.keys(relational.tables).map((key) => [schema[key as keyof typeof schema] as Table, key]));

/** A resource's media (`RESOURCE_MEDIA`): items of its resource type whose key is its id as text. */
function mediaJoin(key: string | undefined, relation: string): Join | null {
  const declared = key && Object.hasOwn(schema.RESOURCE_MEDIA, key) ? (schema.RESOURCE_MEDIA as Record<string, Record<string, string>>)[key] : undefined;
  const word = declared && Object.hasOwn(declared, relation) ? declared[relation] : undefined;
  if (!word) return null;
  return { table: getTableName(schema.mediaItems), on: (child, parent) => `${child}."resource_type" = '${word}' and ${child}."resource_key" = ${parent}."id"::text` };
}

/**
 * The join of `relation` of `table`, from its declaration; fails at start when it is not declared. A
 * path `a.b` goes through `one` relations without joining them: `b`'s columns of `a`'s table are read
 * where `a` takes them from (`concession.groups` of an offer: groups whose concession_id is the offer's).
 */
export function joinOf(table: Table, relation: string): Join {
  const media = mediaJoin(tableKey.get(table), relation);
  if (media) return media;
  const names = relation.split('.');
  let from = table;
  let target = '';
  let pairs: [string, string][] = [];
  names.forEach((name, i) => {
    const key = tableKey.get(from);
    const declared = key ? relational.tables[key]?.relations[name] : undefined;
    if (!declared) throw new Error(`read planner: relation ${relation} of ${key ?? 'a table'} is not declared in db/schema/relations.ts`);
    if (i < names.length - 1 && !is(declared, One)) throw new Error(`read planner: relation path ${relation} goes through a many relation`);
    const { fields, references } = normalizeRelation(relational.tables, relational.tableNamesMap, declared);
    const own = references.map((reference, j): [string, string] => [reference.name, fields[j].name]);
    const previous = pairs;
    pairs = i === 0
      ? own
      : own.map(([child, parent]): [string, string] => {
          const through = previous.find(([column]) => column === parent);
          if (!through) throw new Error(`read planner: relation path ${relation} reads a column its previous relation does not give`);
          return [child, through[1]];
        });
    target = declared.referencedTableName;
    from = declared.referencedTable;
  });
  return { table: target, on: (child, parent) => pairs.map(([own, column]) => `${child}."${own}" = ${parent}."${column}"`).join(' and ') };
}
