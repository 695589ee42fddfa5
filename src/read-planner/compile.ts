import { sql, type SQL } from 'drizzle-orm';
import { getNamedType, isObjectType, print, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';
import { collectSubfields } from 'graphql/execution/collectFields';
import { getArgumentValues } from 'graphql/execution/values';
import { CATALOG, joinOf, type Edge, type PlannedType } from './catalog';

/**
 * Compiles a selection over the catalog types (src/read-planner/catalog.ts) into SQL: for every
 * planned relation under a response key, a correlated subquery that builds the related rows as JSON
 * (`json_agg` of `json_build_array(row, children)` for lists), nested as deep as the selection goes.
 * Fields are collected the way graphql-js executes them (fragments, inline fragments, @include/@skip,
 * aliases: each response key is its own subquery with its own arguments). A field that cannot be
 * planned (arguments the loader path refuses, nodes of one key that disagree) is left out: it
 * resolves through its resolver as without the planner, which answers the same or the same error.
 */

/** What one level of a plan read: its type, and per response key the relation and the level below. */
export interface Plan {
  type: PlannedType;
  children: Map<string, { edge: Edge; plan: Plan | null }>;
}

export type Selection = Pick<GraphQLResolveInfo, 'schema' | 'fragments' | 'variableValues'>;

interface Scope {
  selection: Selection;
  /** Rows one list may hold: past it the list guard fails the operation anyway (src/graphql/list-guard.ts). */
  cap: number;
  aliases: number;
}

/** The plan of `nodes`' selections on `type` (bound to `alias`) and the JSON object of its children, or null when none is planned. */
export function planLevel(scope: Scope, type: GraphQLObjectType, nodes: readonly FieldNode[], alias: string): { plan: Plan; children: SQL | null } {
  const planned = CATALOG[type.name];
  const plan: Plan = { type: planned, children: new Map() };
  const parts: SQL[] = [];
  const { schema, fragments, variableValues } = scope.selection;
  for (const [key, fieldNodes] of collectSubfields(schema, fragments, variableValues, type, nodes)) {
    const name = fieldNodes[0].name.value;
    const edge = Object.hasOwn(planned.edges, name) ? planned.edges[name] : undefined;
    // json_build_object takes at most 100 arguments: keys past 50 resolve through their loaders.
    if (!edge || !sameArguments(fieldNodes) || parts.length === 50) continue;
    let part: { sql: SQL; plan: Plan | null };
    try {
      part = edgeSql(scope, planned, type, edge, fieldNodes, alias);
    } catch {
      continue; // the resolver meets the same arguments and answers their error
    }
    plan.children.set(key, { edge, plan: part.plan });
    // A response key is a GraphQL name ([_A-Za-z][_0-9A-Za-z]*, the parser's rule): safe as a literal.
    parts.push(sql`${sql.raw(`'${key}'`)}, ${part.sql}`);
  }
  return { plan, children: parts.length ? sql`json_build_object(${sql.join(parts, sql`, `)})` : null };
}

/** The row JSON of a level: `[row]` or `[row, children]`. */
export const rowSql = (type: PlannedType, alias: string, children: SQL | null): SQL =>
  children ? sql`json_build_array(${sql.raw(type.row(alias))}, ${children})` : sql`json_build_array(${sql.raw(type.row(alias))})`;

function edgeSql(
  scope: Scope,
  parent: PlannedType,
  parentType: GraphQLObjectType,
  edge: Edge,
  nodes: readonly FieldNode[],
  alias: string,
): { sql: SQL; plan: Plan | null } {
  const join = joinOf(parent.table, edge.relation);
  if (edge.kind === 'ids') {
    const on = join.pairs.map(([child, own]) => `l."${child}" = ${alias}."${own}"`).join(' and ');
    return { sql: sql.raw(`array(select l."${edge.column}" from "${join.table}" l where ${on})`), plan: null };
  }
  const field = parentType.getFields()[nodes[0].name.value];
  const childType = getNamedType(field.type);
  if (!isObjectType(childType) || childType.name !== edge.to) throw new Error(`read planner: ${parentType.name}.${field.name} is not a ${edge.to}`);
  const child = CATALOG[edge.to];
  const conditions = edge.where ? edge.where(getArgumentValues(field, nodes[0], scope.selection.variableValues)) : [];
  scope.aliases += 1;
  const childAlias = `r${scope.aliases}`;
  const level = planLevel(scope, childType, nodes, childAlias);
  const where = sql.join(
    [...join.pairs.map(([own, parentColumn]) => sql.raw(`${childAlias}."${own}" = ${alias}."${parentColumn}"`)), ...conditions],
    sql` and `,
  );
  const row = rowSql(child, childAlias, level.children);
  const from = sql.raw(child.from(childAlias));
  if (edge.kind === 'one') return { sql: sql`(select ${row} from ${from} where ${where} limit 1)`, plan: level.plan };
  const order = (edge.order ?? ['id']).map((column, i) => ({ expr: `${childAlias}."${column}"`, name: `o${i}` }));
  const list = sql`(select coalesce(json_agg(x.r order by ${sql.raw(order.map((o) => `x.${o.name}`).join(', '))}), '[]'::json)
    from (select ${row} as r, ${sql.raw(order.map((o) => `${o.expr} as ${o.name}`).join(', '))}
      from ${from} where ${where} order by ${sql.raw(order.map((o) => o.expr).join(', '))} limit ${scope.cap + 1}) x)`;
  return { sql: list, plan: level.plan };
}

/** Nodes of one response key can differ in arguments only across aliases of a page's `items`: then not planned. */
function sameArguments(nodes: readonly FieldNode[]): boolean {
  if (nodes.length < 2) return true;
  const first = (nodes[0].arguments ?? []).map(print).join();
  return nodes.every((n) => (n.arguments ?? []).map(print).join() === first);
}

export function newScope(selection: Selection, cap: number): Scope {
  return { selection, cap, aliases: 0 };
}
