import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import { Kind, type FieldNode, type GraphQLResolveInfo } from 'graphql';
import { executePrepared } from '../../db/prepared';
import type { Context } from '../context';
import { CATALOG } from './catalog';
import { fromSql } from './compile';
import { bind, compiled, decodeChild, NOT_PLANNED, plannedOf, reading, version, type Compiled } from './read';

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
