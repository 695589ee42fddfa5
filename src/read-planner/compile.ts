import { sql, type SQL } from 'drizzle-orm';
import { getNamedType, isObjectType, print, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';
import { collectSubfields } from 'graphql/execution/collectFields';
import { getArgumentValues } from 'graphql/execution/values';
import { limitSql, pageWindow, type PageRequest } from '../services/shared/paging';
import { CATALOG, joinOf, type Edge, type Order, type PlannedType } from './catalog';
import { prunedCodec, type RowCodec } from '../services/shared/row-json';

/**
 * Compiles a selection over the catalog types (src/read-planner/catalog.ts) into SQL: for every
 * planned relation under a response key, a correlated subquery that builds the related rows as JSON
 * (`json_agg` of `json_build_array(row, ...children)` for lists), nested as deep as the selection goes.
 * The JSON is positional: a level is `[row, child 1, child 2, …]`, its children in the order of the
 * plan's `children` (no key names repeated in every row), or its row alone when it has none; a page is
 * `[total, items]`.
 * Fields are collected the way graphql-js executes them (fragments, inline fragments, @include/@skip,
 * aliases: each response key is its own subquery with its own arguments). A field that cannot be
 * planned (arguments its validation refuses, nodes of one key that disagree) is left out: its resolver
 * reads it below its parents (`relation`), which answers the field or its error.
 */

/**
 * What one level of a plan read: its type, per response key the relation and the level below, and —
 * when the level is pruned — the row keys it reads (`codec`) and the fields its objects get.
 */
export interface Plan {
  type: PlannedType;
  /**
   * Per response key: the relation, the level of its rows (a page's: of its items), a page's window,
   * and a list's cap (it reads one row more, so that a longer list is an error, never cut short).
   */
  children: Map<string, { edge: Edge; plan: Plan | null; page?: PageRequest; cap?: number }>;
  pruned: { codec: RowCodec & { keys: readonly string[] }; fields: string[] } | null;
}

export type Selection = Pick<GraphQLResolveInfo, 'schema' | 'fragments' | 'variableValues'>;

interface Scope {
  selection: Selection;
  /** Rows one list may hold: past it the list guard fails the operation anyway (src/graphql/list-guard.ts). */
  cap: number;
  aliases: number;
  /** Whether levels may read only the columns their fields need (a REST route's root reads whole rows). */
  prune: boolean;
  /** Levels of relations planned below the root (0: the root alone; 1: its relations too, not theirs). */
  depth: number;
}

/**
 * The plan of `nodes`' selections on `type` (bound to `alias`) and the JSON values of its children, in
 * the order of `plan.children`. The level is pruned when every field selected is a planned relation, a
 * field of the type's table or a field resolver whose row keys are known (src/read-planner/catalog.ts);
 * otherwise it reads whole rows, as the loader path does.
 */
export function planLevel(
  scope: Scope,
  type: GraphQLObjectType,
  nodes: readonly FieldNode[],
  alias: string,
  outer: readonly string[] = [],
  entry = type.name,
  strict = false,
): { plan: Plan; children: SQL[] } {
  const planned = CATALOG[entry];
  const plan: Plan = { type: planned, children: new Map(), pruned: null };
  const parts: SQL[] = [];
  const fields = [...planned.always];
  const keys = new Set(planned.always.flatMap((field) => planned.fields.needs(field) ?? []));
  let prunable = scope.prune;
  const { schema, fragments, variableValues } = scope.selection;
  for (const [key, fieldNodes] of collectSubfields(schema, fragments, variableValues, type, nodes)) {
    const name = fieldNodes[0].name.value;
    const edge = outer.length < scope.depth && Object.hasOwn(planned.edges, name) ? planned.edges[name] : undefined;
    if (!edge) {
      if (name === '__typename') continue;
      const needs = planned.fields.needs(name) ?? (Object.hasOwn(planned.resolved, name) ? planned.resolved[name] : undefined);
      if (needs) {
        if (!fields.includes(name)) fields.push(name);
        for (const need of needs) keys.add(need);
      } else prunable = false;
      continue;
    }
    // json_build_array takes at most 100 arguments (the row and 99 children): keys past those resolve
    // through their loaders.
    let part: { sql: SQL; plan: Plan | null; page?: PageRequest; cap?: number } | null = null;
    if (sameArguments(fieldNodes) && parts.length < 99) {
      try {
        part = edgeSql(scope, planned, type, edge, fieldNodes, [alias, ...outer]);
      } catch (error) {
        // the resolver meets the same arguments and answers their error (`strict`: the error is the answer)
        if (strict) throw error;
      }
    }
    // A relation left to its resolver reads through the object's other fields: the level reads whole rows.
    if (!part) {
      prunable = false;
      continue;
    }
    plan.children.set(key, { edge, plan: part.plan, page: part.page, cap: part.cap });
    parts.push(part.sql);
  }
  if (prunable) plan.pruned = { codec: prunedCodec(planned.columns, [...keys]), fields };
  return { plan, children: parts };
}

/** The FROM clause of a level. */
export const fromSql = (plan: Plan, alias: string): string => plan.type.from(alias, plan.pruned ? plan.pruned.codec.keys : null);

/** The JSON of a level: `[row, ...children]`, or the row alone when no relation under it is planned. */
export function rowSql(plan: Plan, alias: string, children: readonly SQL[]): SQL {
  const row = sql.raw(plan.pruned ? plan.pruned.codec.json(alias) : plan.type.row(alias));
  return children.length ? sql`json_build_array(${sql.join([row, ...children], sql`, `)})` : row;
}

function edgeSql(
  scope: Scope,
  parent: PlannedType,
  parentType: GraphQLObjectType,
  edge: Edge,
  nodes: readonly FieldNode[],
  outer: readonly string[],
): { sql: SQL; plan: Plan | null; page?: PageRequest; cap?: number } {
  const alias = outer[0];
  if (edge.kind === 'ids') {
    const join = joinOf(parent.table, edge.relation);
    return { sql: sql.raw(`array(select l."${edge.column}" from "${join.table}" l where ${join.on('l', alias)})`), plan: null };
  }
  const { schema, fragments, variableValues } = scope.selection;
  const field = parentType.getFields()[nodes[0].name.value];
  const args = getArgumentValues(field, nodes[0], variableValues);
  // A page's rows are its items: the level below is the selection under `items` (every alias).
  const fieldType = getNamedType(field.type);
  const childType = edge.kind === 'page' && isObjectType(fieldType) ? getNamedType(fieldType.getFields().items?.type) : fieldType;
  if (!isObjectType(childType) || childType.name !== edge.to) throw new Error(`read planner: ${parentType.name}.${field.name} is not a ${edge.to}`);
  const page = edge.kind === 'page' ? edge.page(args) : undefined;
  scope.aliases += 1;
  const childAlias = `r${scope.aliases}`;
  const conditions = edge.where ? edge.where(args, childAlias, outer) : [];
  const childNodes =
    edge.kind === 'page' && isObjectType(fieldType)
      ? [...collectSubfields(schema, fragments, variableValues, fieldType, nodes).values()].filter((n) => n[0].name.value === 'items').flat()
      : nodes;
  const level = planLevel(scope, childType, childNodes, childAlias, outer, edge.entry);
  const where = sql.join(
    [...(edge.relation ? [sql.raw(joinOf(parent.table, edge.relation).on(childAlias, alias))] : []), ...conditions],
    sql` and `,
  );
  const row = rowSql(level.plan, childAlias, level.children);
  const from = sql.raw(fromSql(level.plan, childAlias));
  if (edge.kind === 'one') return { sql: sql`(select ${row} from ${from} where ${where} limit 1)`, plan: level.plan };
  const window = page ? pageWindow(page) : { limit: scope.cap + 1, offset: 0 };
  const list = orderedList(row, from, where, orderOf(edge.order, childAlias), window);
  if (!page) return { sql: list, plan: level.plan, cap: scope.cap };
  // A page: its total and the rows of its window (none read when no `items` is selected).
  const items = childNodes.length ? list : sql`'[]'::json`;
  return { sql: sql`json_build_array((select count(*) from ${from} where ${where}), ${items})`, plan: level.plan, page };
}

function orderOf(order: Order | undefined, alias: string): string[] {
  return (order ?? ['id']).map((column) => (typeof column === 'string' ? `${alias}."${column}"` : column(alias)));
}

/**
 * `json_agg` of `row` over the rows of `from` that `where` keeps, in `order`, within the window. The
 * aggregate reads the rows as the ordered, limited subquery returns them (a Limit over a Sort: nothing
 * between it and the aggregate can reorder them), so it does not sort them a second time.
 */
export function orderedList(row: SQL, from: SQL, where: SQL, order: readonly string[], window: { limit: number; offset: number }): SQL {
  return sql`(select coalesce(json_agg(x.r), '[]'::json)
    from (select ${row} as r from ${from} where ${where} order by ${sql.raw(order.join(', '))} limit ${limitSql(window.limit)}${window.offset ? sql` offset ${window.offset}` : sql``}) x)`;
}

/** Nodes of one response key can differ in arguments only across aliases of a page's `items`: then not planned. */
function sameArguments(nodes: readonly FieldNode[]): boolean {
  if (nodes.length < 2) return true;
  const first = (nodes[0].arguments ?? []).map(print).join();
  return nodes.every((n) => (n.arguments ?? []).map(print).join() === first);
}

export function newScope(selection: Selection, cap: number, prune = true, depth = Infinity): Scope {
  return { selection, cap, aliases: 0, prune, depth };
}
