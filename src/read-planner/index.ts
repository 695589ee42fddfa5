import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { getNamedType, isObjectType, Kind, parse, type FieldNode, type GraphQLObjectType, type GraphQLOutputType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { collectSubfields } from 'graphql/execution/collectFields';
import { executePrepared, type CompiledQuery } from '../../db/prepared';
import { memoized } from './memo';
import type { Context } from '../context';
import { limitSql, pageWindow, toPage, type ListQuery, type Page, type PageRequest } from '../services/shared/paging';
import { DomainError } from '../errors';
import { CATALOG } from './catalog';
import { fromSql, newScope, planLevel, rowSql, type Plan, type Selection } from './compile';

/**
 * The read planner (docs/read-planner.md): a catalog root field's whole selection read in one
 * statement. Planned objects carry what the statement read for their relations under PLANNED, by
 * response key; a relation's resolver returns `relation(parent, info, ctx)`: that value, or the field
 * read below its batch of parents when the parent carries none.
 */

export const NOT_PLANNED = Symbol('not planned');
const PLANNED = Symbol('planned relations');

type Carrier = { [PLANNED]?: Record<string, unknown> };

/** What the planner read for this field of `parent` (a list, an object, null, attribute ids, a `Page`), or NOT_PLANNED. */
export function plannedOf(parent: object, info: { path: { key: string | number } }): unknown {
  const planned = (parent as Carrier)[PLANNED];
  const key = info.path.key as string;
  return planned && Object.hasOwn(planned, key) ? planned[key] : NOT_PLANNED;
}

/**
 * How a read plans: only the columns its fields need or whole rows, and how many levels of relations under
 * its root; `key` names it in the kept plans' keys (memo.ts).
 */
interface Reading {
  prune: boolean;
  depth: number;
  key: string;
}

/** GraphQL's reads: the whole selection in one statement, pruned. */
const NESTED: Reading = { prune: true, depth: Infinity, key: 'nested' };
/**
 * With READ_PLANNER=off, the reference the generated test compares with: whole rows through the entries'
 * mappers, one level per statement (a root alone, each relation below its batch of parents by `relation`).
 */
const ROOT_ALONE: Reading = { prune: false, depth: 0, key: 'root' };
const ONE_LEVEL: Reading = { prune: false, depth: 1, key: 'level' };
/** REST's fixed reads: every field shown, so whole rows, and everything the selection names. */
const WHOLE: Reading = { prune: false, depth: Infinity, key: 'whole' };

const reading = (ctx: Context, below: boolean): Reading => (ctx.config.READ_PLANNER !== 'off' ? NESTED : below ? ONE_LEVEL : ROOT_ALONE);

/** The catalog entry's GraphQL type of a root (a programming error when the field's type is not planned). */
function plannedType(type: GraphQLOutputType | undefined): GraphQLObjectType {
  const named = type && getNamedType(type);
  if (!isObjectType(named) || !CATALOG[named.name]) throw new Error(`read planner: ${String(named)} is not a planned type`);
  return named;
}

const tooLarge = (max: number) =>
  new DomainError('RESPONSE_TOO_LARGE', `A list of the answer holds more than ${max} items; ask for smaller pages or fewer nested lists`, { max });

type Child = Plan['children'] extends Map<string, infer C> ? C : never;

/** The value of one planned relation from its JSON: objects, a list, a `Page`, ids or null. */
function decodeChild({ edge, plan: child, page, cap }: Child, value: unknown): unknown {
  // The SQL reads a list's cap and one row more: past the cap is an explicit error on both surfaces
  // (RESPONSE_TOO_LARGE, as the GraphQL list guard answers), never a list cut short.
  if (cap !== undefined && (value as unknown[]).length > cap) throw tooLarge(cap);
  if (edge.kind === 'ids' || !child) return value;
  if (edge.kind === 'one') return value === null ? null : decode(child, value);
  if (!page) return (value as unknown[]).map((v) => decode(child, v));
  // A page edge: the resolver returns it as its page type (toGraphQLPage).
  const [total, items] = value as [number | string, unknown[]];
  return toPage(items.map((v) => decode(child, v)), Number(total), page);
}

/** Attaches the children of a level's JSON (`[row, ...children]`, in the order of `plan.children`). */
function attach(object: object, plan: Plan, values: readonly unknown[]): void {
  const planned: Record<string, unknown> = {};
  let i = 1;
  for (const [key, child] of plan.children) planned[key] = decodeChild(child, values[i++]);
  Object.defineProperty(object, PLANNED, { value: planned });
}

/** The object of a level's JSON: `[row, ...children]`, or the row alone when the plan has no children. */
function decode(plan: Plan, value: unknown): object {
  const row = plan.children.size ? (value as unknown[])[0] : value;
  const object = plan.pruned ? plan.type.build(plan.pruned.codec.decode(row) as never, plan.pruned.fields) : plan.type.map(row);
  if (plan.children.size) attach(object, plan, value as unknown[]);
  return object;
}

const version = sql.raw('(select version from reference_version where id = 1)');

/** `Query.<field>(id)` of a planned type: the row and everything planned under it, one statement; null when the id is unknown. */
export function readOne(ctx: Context, info: GraphQLResolveInfo, id: number): Promise<object | null> {
  return readRoot(ctx, info, plannedType(info.returnType), info.fieldNodes, id, reading(ctx, false));
}

/** A plan and its statement compiled, with the place of the parameter bound per call (ids). */
interface Compiled {
  plan: Plan;
  query: CompiledQuery;
  bound: number;
}

const BOUND = Symbol('bound per call');
const dialect = new PgDialect();

type Statement = (level: ReturnType<typeof planLevel>, bound: SQL) => SQL | null;

/**
 * The plan of `nodes` on `type` and the statement built of it (compiled once per selection: memo.ts),
 * kept under `kind` (a root, a relation below its parents; a page's items are kept apart, under `page|`,
 * since the same fixed nodes may be read both ways). `strict`: a field of the level its arguments refuse is
 * the error, not left unplanned.
 */
function compiled(ctx: Context, selection: Selection, type: GraphQLObjectType, nodes: readonly FieldNode[], how: Reading, kind: string, statement: Statement, strict = false): Compiled | null {
  return memoized(nodes, selection.fragments, selection.variableValues, `${kind}|${type.name}|${ctx.listItems.max}|${how.key}`, () => {
    const level = planLevel(newScope(selection, ctx.listItems.max, how.prune, how.depth), type, nodes, 'r0', [], type.name, strict);
    const text = statement(level, sql`${BOUND}`);
    if (!text) return null;
    const query = dialect.sqlToQuery(text);
    return { plan: level.plan, query, bound: query.params.indexOf(BOUND) };
  });
}

/** The compiled statement with `value` bound. */
function bind(c: Compiled, value: unknown): CompiledQuery {
  const params = c.query.params.slice();
  params[c.bound] = value;
  return { sql: c.query.sql, params };
}

async function readRoot(ctx: Context, selection: Selection, type: GraphQLObjectType, nodes: readonly FieldNode[], id: number, how: Reading): Promise<object | null> {
  const c = compiled(ctx, selection, type, nodes, how, 'root', (level, bound) =>
    sql`select ${version} as version, (select ${rowSql(level.plan, 'r0', level.children)} from ${sql.raw(fromSql(level.plan, 'r0'))} where r0.id = ${bound} limit 1)::text as body`,
  ) as Compiled;
  const [result] = await executePrepared<{ version: number | string | null; body: string | null }>(ctx.catalogDb, bind(c, id));
  ctx.loaders.referenceVersionSeen(Number(result?.version ?? 0));
  return result?.body ? decode(c.plan, JSON.parse(result.body)) : null;
}

/**
 * A relation field's value: what the planner read for it under `parent`, or, for a parent it did not read
 * the field under (an object of the loader path: an order's showtime, a root read with READ_PLANNER=off),
 * the field read below every parent of its batch: one statement per field and batch, compiled from the same
 * catalog entry (relation, order, conditions) as a nested read. With the planner on, that statement plans
 * the whole selection under the field; with READ_PLANNER=off only the field itself, level by level as
 * loaders read (the reference the generated test compares with). Arguments the field refuses are its error.
 */
export function relation(parent: object, info: GraphQLResolveInfo, ctx: Context): unknown {
  const planned = plannedOf(parent, info);
  if (planned !== NOT_PLANNED) return planned;
  let loaders = batches.get(ctx.loaders);
  if (!loaders) batches.set(ctx.loaders, (loaders = new Map()));
  const key = `${info.parentType.name}|${nodesKey(info.fieldNodes)}`;
  let loader = loaders.get(key);
  if (!loader) loaders.set(key, (loader = new DataLoader((keys) => readBelow(ctx, info, keys))));
  return loader.load((parent as Record<string, number>)[CATALOG[info.parentType.name].always[0]]);
}

/** The batches of `relation`, per request (its loaders), parent type and nodes of the field. */
const batches = new WeakMap<object, Map<string, DataLoader<number, unknown>>>();

/**
 * The nodes of one response key, as a key: the same first node can be merged with other siblings in
 * another place (a fragment spread twice beside different fields), and each set plans its own selection.
 */
const nodeIds = new WeakMap<FieldNode, number>();
let lastNodeId = 0;
/** Keys already built, per nodes array (graphql-js hands every parent of a path the same array). */
const nodesKeys = new WeakMap<readonly FieldNode[], string>();
function nodesKey(nodes: readonly FieldNode[]): string {
  let key = nodesKeys.get(nodes);
  if (key === undefined) {
    key = nodes
      .map((node) => {
        let id = nodeIds.get(node);
        if (id === undefined) nodeIds.set(node, (id = ++lastNodeId));
        return id;
      })
      .join(',');
    nodesKeys.set(nodes, key);
  }
  return key;
}

/** One field node selecting `nodes` (one response key): the parents' level of a relation read below them. */
const holders = new WeakMap<FieldNode, Map<string, FieldNode>>();
function holder(nodes: readonly FieldNode[]): FieldNode {
  let bySet = holders.get(nodes[0]);
  if (!bySet) holders.set(nodes[0], (bySet = new Map()));
  const key = nodesKey(nodes);
  let node = bySet.get(key);
  if (!node) {
    node = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'below' }, selectionSet: { kind: Kind.SELECTION_SET, selections: nodes } };
    bySet.set(key, node);
  }
  return node;
}

async function readBelow(ctx: Context, info: GraphQLResolveInfo, keys: readonly number[]): Promise<unknown[]> {
  const type = info.parentType;
  const how = reading(ctx, true);
  const one = keys.length === 1;
  // One parent binds `= $1`, several `= any($1)`: Postgres keeps a generic plan of the first (prepared-reads.ts).
  const c = compiled(ctx, info, type, [holder(info.fieldNodes)], how, one ? 'below-one' : 'below', (level, bound) => {
    if (!level.children.length) throw new Error(`read planner: ${type.name}.${info.fieldName} is no relation`);
    const entry = CATALOG[type.name];
    const [rowKey] = entry.fields.needs(entry.always[0]) ?? [];
    const key = sql.raw(entry.columns[rowKey].sql('r0'));
    return sql`select ${version} as version, (select coalesce(json_agg(json_build_array(${key}, ${level.children[0]})), '[]'::json)
      from ${sql.raw(fromSql(level.plan, 'r0'))} where ${key} ${one ? sql`= ${bound}` : sql`= any(${bound})`})::text as body`;
  }, true) as Compiled;
  const [child] = c.plan.children.values();
  const [result] = await executePrepared<{ version: number | string | null; body: string }>(ctx.catalogDb, bind(c, one ? keys[0] : keys));
  ctx.loaders.referenceVersionSeen(Number(result?.version ?? 0));
  const values = new Map(JSON.parse(result.body) as [number, unknown][]);
  return keys.map((key) => {
    try {
      if (!values.has(key)) throw new Error(`read planner: ${type.name} ${key} is missing`);
      return decodeChild(child, values.get(key));
    } catch (error) {
      return error as Error;
    }
  });
}

/** Fields of a page that do not need its total. */
const WITHOUT_TOTAL = new Set(['items', 'pageNumber', 'pageSize', '__typename']);

/**
 * The field nodes of a page's `items` (every alias of it) under the page field of `info`, and whether
 * the selection needs the page's total (`totalCount`, `hasNextPage`, or any field but the items and the
 * request's own paging): a page of items alone is not counted.
 */
function pageSelection(info: GraphQLResolveInfo, pageType: GraphQLObjectType): { nodes: FieldNode[]; total: boolean } {
  const nodes: FieldNode[] = [];
  let total = false;
  for (const fieldNodes of collectSubfields(info.schema, info.fragments, info.variableValues, pageType, info.fieldNodes).values()) {
    const name = fieldNodes[0].name.value;
    if (name === 'items') nodes.push(...fieldNodes);
    if (!WITHOUT_TOTAL.has(name)) total = true;
  }
  return { nodes, total };
}

/**
 * A page root (`theatres`, `movies`, `markets`, …): the page of `list` and the selection under its
 * `items` (every alias) in one statement — the rows in order, their total, and everything planned under
 * them — or NOT_PLANNED when the planner is off. The list is the service's own (`theatreList`, …), so
 * its rows, order and filters are the loader path's. With `at`, each item of the page holds the list's
 * row at that field beside the list's values (`Location.theatre`, with its distance): the items read are
 * those rows, planned with the selection under `items { <at> }` (every alias), and the resolver builds
 * the page's items of them and of `valuesOf(row)`.
 */
export async function readPage(
  ctx: Context,
  info: GraphQLResolveInfo,
  list: ListQuery,
  page: PageRequest,
  at?: string,
): Promise<Page<object>> {
  const pageType = getNamedType(info.returnType);
  if (!isObjectType(pageType)) throw new Error(`read planner: ${String(pageType)} is not a page`);
  const { nodes: itemNodes, total } = pageSelection(info, pageType);
  let items = pageType.getFields().items?.type;
  let nodes = itemNodes;
  if (at) {
    const holder = getNamedType(items);
    if (!isObjectType(holder)) throw new Error(`read planner: ${String(holder)} holds no ${at}`);
    items = holder.getFields()[at]?.type;
    nodes = [...collectSubfields(info.schema, info.fragments, info.variableValues, holder, nodes).values()].filter((n) => n[0].name.value === at).flat();
  }
  return readPageOf(ctx, info, plannedType(items), nodes, list, page, reading(ctx, false), total);
}

async function readPageOf(
  ctx: Context,
  selection: Selection,
  itemType: GraphQLObjectType,
  nodes: readonly FieldNode[],
  list: ListQuery,
  page: PageRequest,
  how: Reading,
  total = true,
): Promise<Page<object>> {
  const { items, count } = await readRows(ctx, selection, itemType, nodes, list, pageWindow(page), how, total);
  // Without a total asked for, the page's count is left unread (no field of the selection shows it).
  return toPage(items, count ?? 0, page);
}

/**
 * The rows of `list` in its order within `window` (null: every row) with the selection under each
 * (`nodes` on `itemType`), and their total when `total`: one statement.
 */
async function readRows(
  ctx: Context,
  selection: Selection,
  itemType: GraphQLObjectType,
  nodes: readonly FieldNode[],
  list: ListQuery,
  window: { limit: number; offset: number } | null,
  how: Reading,
  total: boolean,
): Promise<{ items: object[]; count: number | null }> {
  // The items' plan is kept per selection (memo.ts); the list's conditions are the request's own.
  const plan = () => planLevel(newScope(selection, ctx.listItems.max, how.prune, how.depth), itemType, nodes, 'r0');
  const level = nodes.length ? memoized(nodes, selection.fragments, selection.variableValues, `page|${itemType.name}|${ctx.listItems.max}|${how.key}`, plan) : plan();
  const where = list.where ?? sql`true`;
  // The list's table and joins bind their names, which its conditions, order and values use; `r0` is a
  // lateral view of the table's row, which the planned relations correlate to.
  const from = sql`${list.table}${sql.join((list.joins ?? []).map((join) => sql` inner join ${join.table} on ${join.on}`))}`;
  // Values computed per row are output columns (v0, …), an order key too (o0, …, or the value's own).
  const values = Object.entries(list.values ?? {});
  const valueNames = new Map(values.map(([, value], i) => [value as unknown, `v${i}`]));
  const order = list.order.map((key, i) => `${valueNames.get(key) ?? `o${i}`}${list.desc?.includes(key) ? ' desc' : ''}`);
  const outputs = [
    ...values.map(([, value], i) => sql`, ${value} as ${sql.raw(`v${i}`)}`),
    ...list.order.flatMap((key, i) => (valueNames.has(key) ? [] : [sql`, ${key} as ${sql.raw(`o${i}`)}`])),
  ];
  // An item is `[row and relations, [values]]` when the list has values. The aggregate reads the ordered,
  // limited subquery as it comes (as orderedList's lists do); a list read whole (no window, so no Limit
  // node) is ordered by the aggregate too.
  const item = values.length ? sql.raw(`json_build_array(x.r, json_build_array(${values.map((_, i) => `x.v${i}`).join(', ')}))`) : sql.raw('x.r');
  // The limit in the text and no OFFSET on a first page, as orderedList's lists (limitSql): with them bound,
  // Postgres never kept the statement's generic plan.
  const limits = window ? sql` limit ${limitSql(window.limit)}${window.offset ? sql` offset ${window.offset}` : sql``}` : sql``;
  const count = sql`(select count(*)::int from ${from} where ${where})`;
  const rows = (extra: SQL) => sql`select ${rowSql(level.plan, 'r0', level.children)} as r${sql.join(outputs)}${extra}
          from ${from}, lateral (select ${list.table}.*) r0 where ${where}
          order by ${sql.raw(order.join(', '))}${limits}`;
  const body = sql`(select coalesce(json_agg(${item}${window ? sql`` : sql.raw(` order by ${order.map((key) => `x.${key}`).join(', ')}`)}), '[]'::json)::text from x)`;
  // A page's total is a window count over the same scan as its rows (Postgres computes the rows' JSON after
  // the sort and limit, for the page's rows only). An empty first page has none; a later page past the end has
  // no row to carry it, and only then the count runs on its own (coalesce evaluates it lazily).
  const [result] = await executePrepared<{ version: number | string | null; total: number | null; body: string }>(
    ctx.catalogDb,
    total && window
      ? sql`with x as (${rows(sql`, (count(*) over ())::int as n`)})
          select ${version} as version, coalesce((select n from x limit 1), ${window.offset ? count : sql`0`}) as total, ${body} as body`
      : sql`with x as (${rows(sql``)}) select ${version} as version, ${total ? count : sql`null::int`} as total, ${body} as body`,
  );
  ctx.loaders.referenceVersionSeen(Number(result?.version ?? 0));
  const names = values.map(([name]) => name);
  const items = (JSON.parse(result.body) as unknown[]).map((value) => {
    if (!names.length) return decode(level.plan, value);
    const [row, read] = value as [unknown, unknown[]];
    const object = decode(level.plan, row);
    Object.defineProperty(object, VALUES, { value: Object.fromEntries(names.map((name, i) => [name, read[i]])) });
    return object;
  });
  return { items, count: result.total };
}

/**
 * A root field that answers the first row of a list (`currentMovieList`: the latest-starting list of a
 * type whose range holds now) with its whole selection: one statement; null when the list is empty.
 */
export async function readFirst(ctx: Context, info: GraphQLResolveInfo, list: ListQuery): Promise<object | null> {
  const { items } = await readRows(ctx, info, plannedType(info.returnType), info.fieldNodes, list, { limit: 1, offset: 0 }, reading(ctx, false), false);
  return items[0] ?? null;
}

const VALUES = Symbol('values of the list');

/** The values a list computed for this item (`ListQuery.values`, by name; their JSON values), or {} for none. */
export function valuesOf(item: object): Readonly<Record<string, unknown>> {
  return (item as { [VALUES]?: Record<string, unknown> })[VALUES] ?? {};
}

/**
 * A fixed selection of a planned type, as a REST route reads it (parsed once per route): the same
 * planner, statements and mappers as GraphQL's, so the two surfaces cannot drift. Planned relations are
 * read with `plannedOf(object, { path: { key } })`.
 */
export function fixedRead(schema: GraphQLSchema, typeName: string, selection: string) {
  const type = schema.getType(typeName);
  if (!isObjectType(type) || !CATALOG[typeName]) throw new Error(`read planner: ${typeName} is not a planned type`);
  const nodes = [parse(`{ fixed ${selection} }`).definitions.flatMap((d) => ('selectionSet' in d ? d.selectionSet.selections : []))[0] as FieldNode];
  const selectionOf: Selection = { schema, fragments: {}, variableValues: {} };
  return {
    /**
     * The object of `id` with its planned relations (one statement), or null when the id is unknown.
     * `variables` are the values of the selection's `$names` (a page's window): a plan is kept per values.
     */
    one: (ctx: Context, id: number, variables?: Record<string, unknown>): Promise<object | null> =>
      readRoot(ctx, variables ? { ...selectionOf, variableValues: variables } : selectionOf, type, nodes, id, WHOLE),
    /** A page of `list` with the relations of its items: one statement. */
    page: (ctx: Context, list: ListQuery, page: PageRequest): Promise<Page<object>> => readPageOf(ctx, selectionOf, type, nodes, list, page, WHOLE),
    /** Every row of `list` (a list the route does not page) with the relations of each: one statement. */
    all: async (ctx: Context, list: ListQuery): Promise<object[]> => (await readRows(ctx, selectionOf, type, nodes, list, null, WHOLE, false)).items,
    /** The first row of `list` with its relations, or null when the list is empty: one statement. */
    first: async (ctx: Context, list: ListQuery): Promise<object | null> =>
      (await readRows(ctx, selectionOf, type, nodes, list, { limit: 1, offset: 0 }, WHOLE, false)).items[0] ?? null,
  };
}
