import { sql, type SQL } from 'drizzle-orm';
import { getNamedType, isObjectType, parse, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { collectSubfields } from 'graphql/execution/collectFields';
import { executePrepared } from '../../db/prepared';
import type { Context } from '../context';
import { limitSql, pageWindow, toPage, type ListQuery, type Page, type PageRequest } from '../services/shared/paging';
import { CATALOG } from './catalog';
import { newScope, planLevel, rowSql, type Selection } from './compile';
import { memoized } from './memo';
import { decode, plannedType, readRoot, reading, version, WHOLE, type Reading } from './read';

/** Lists: a page root, a list's first row, and REST's fixed reads of a planned type. */

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
