import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { getNamedType, isObjectType, type FieldNode, type GraphQLObjectType, type GraphQLOutputType, type GraphQLResolveInfo } from 'graphql';
import { executePrepared, type CompiledQuery } from '../../db/prepared';
import type { Context } from '../context';
import { DomainError } from '../errors';
import { toPage } from '../services/shared/paging';
import { CATALOG } from './catalog';
import { fromSql, newScope, planLevel, rowSql, type Plan, type Selection } from './compile';
import { memoized } from './memo';

/**
 * The planner's reads at their core (index.ts exports the whole; below.ts, lists.ts): the ways of reading, the
 * decoding of a statement's positional JSON into the resolvers' objects (with what was planned under each,
 * `plannedOf`), and the kept statements of a root by id (`readOne`).
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
export interface Reading {
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
export const WHOLE: Reading = { prune: false, depth: Infinity, key: 'whole' };

export const reading = (ctx: Context, below: boolean): Reading => (ctx.config.READ_PLANNER !== 'off' ? NESTED : below ? ONE_LEVEL : ROOT_ALONE);

/** The catalog entry's GraphQL type of a root (a programming error when the field's type is not planned). */
export function plannedType(type: GraphQLOutputType | undefined): GraphQLObjectType {
  const named = type && getNamedType(type);
  if (!isObjectType(named) || !CATALOG[named.name]) throw new Error(`read planner: ${String(named)} is not a planned type`);
  return named;
}

const tooLarge = (max: number) =>
  new DomainError('RESPONSE_TOO_LARGE', `A list of the answer holds more than ${max} items; ask for smaller pages or fewer nested lists`, { max });

type Child = Plan['children'] extends Map<string, infer C> ? C : never;

/** The value of one planned relation from its JSON: objects, a list, a `Page`, ids or null. */
export function decodeChild({ edge, plan: child, page, cap }: Child, value: unknown): unknown {
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
export function decode(plan: Plan, value: unknown): object {
  const row = plan.children.size ? (value as unknown[])[0] : value;
  const object = plan.pruned ? plan.type.build(plan.pruned.codec.decode(row) as never, plan.pruned.fields) : plan.type.map(row);
  if (plan.children.size) attach(object, plan, value as unknown[]);
  return object;
}

export const version = sql.raw('(select version from reference_version where id = 1)');

/** `Query.<field>(id)` of a planned type: the row and everything planned under it, one statement; null when the id is unknown. */
export function readOne(ctx: Context, info: GraphQLResolveInfo, id: number): Promise<object | null> {
  return readRoot(ctx, info, plannedType(info.returnType), info.fieldNodes, id, reading(ctx, false));
}

/** A plan and its statement compiled, with the place of the parameter bound per call (ids). */
export interface Compiled {
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
export function compiled(ctx: Context, selection: Selection, type: GraphQLObjectType, nodes: readonly FieldNode[], how: Reading, kind: string, statement: Statement, strict = false): Compiled | null {
  return memoized(nodes, selection.fragments, selection.variableValues, `${kind}|${type.name}|${ctx.listItems.max}|${how.key}`, () => {
    const level = planLevel(newScope(selection, ctx.listItems.max, how.prune, how.depth), type, nodes, 'r0', [], type.name, strict);
    const text = statement(level, sql`${BOUND}`);
    if (!text) return null;
    const query = dialect.sqlToQuery(text);
    return { plan: level.plan, query, bound: query.params.indexOf(BOUND) };
  });
}

/** The compiled statement with `value` bound. */
export function bind(c: Compiled, value: unknown): CompiledQuery {
  const params = c.query.params.slice();
  params[c.bound] = value;
  return { sql: c.query.sql, params };
}

export async function readRoot(ctx: Context, selection: Selection, type: GraphQLObjectType, nodes: readonly FieldNode[], id: number, how: Reading): Promise<object | null> {
  const c = compiled(ctx, selection, type, nodes, how, 'root', (level, bound) =>
    sql`select ${version} as version, (select ${rowSql(level.plan, 'r0', level.children)} from ${sql.raw(fromSql(level.plan, 'r0'))} where r0.id = ${bound} limit 1)::text as body`,
  ) as Compiled;
  const [result] = await executePrepared<{ version: number | string | null; body: string | null }>(ctx.catalogDb, bind(c, id));
  ctx.loaders.referenceVersionSeen(Number(result?.version ?? 0));
  return result?.body ? decode(c.plan, JSON.parse(result.body)) : null;
}
