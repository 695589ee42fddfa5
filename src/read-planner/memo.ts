import { Kind, visit, type ASTNode, type FieldNode, type FragmentDefinitionNode } from 'graphql';

/**
 * Compiled plans, kept per selection: a client sends the same operation again and again, and the
 * server's document cache hands back the same AST, so the plan of a root field's selection — and its
 * statement's text — is compiled once per selection and set of variable values it reads. What a plan
 * depends on is its field nodes (their document) and the variables read below them (arguments and
 * @include/@skip of nested fields, fragments followed); not the root field's own arguments (the id),
 * which are bound when the statement runs.
 */

/** Plans kept per selection (the variable values below it differ): oldest dropped first past this. */
const PER_SELECTION = 64;

const memo = new WeakMap<FieldNode, Map<string, unknown>>();
const variablesOf = new WeakMap<FieldNode, readonly string[]>();

/** Names of the variables read inside `node`'s selection set, following fragment spreads. */
function variablesBelow(node: FieldNode, fragments: Readonly<Record<string, FragmentDefinitionNode>>): readonly string[] {
  let names = variablesOf.get(node);
  if (names) return names;
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (root: ASTNode) =>
    visit(root, {
      Variable: (v) => {
        found.add(v.name.value);
      },
      FragmentSpread: (spread) => {
        const name = spread.name.value;
        if (seen.has(name) || !fragments[name]) return;
        seen.add(name);
        walk(fragments[name].selectionSet);
      },
    });
  if (node.selectionSet) walk(node.selectionSet);
  names = [...found].sort();
  variablesOf.set(node, names);
  return names;
}

const ABSENT = '\u0000absent';

/**
 * `compile()`'s result for these nodes and the values of the variables below them, compiled on the
 * first call; `extra` keys anything else it depends on (the list cap, pruning).
 */
export function memoized<T>(
  nodes: readonly FieldNode[],
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Readonly<Record<string, unknown>>,
  extra: string,
  compile: () => T,
): T {
  // Nodes after the first (the same response key met again, e.g. in a fragment) are told apart by
  // their place in the document; a document without locations is not memoised.
  if (nodes[0].kind !== Kind.FIELD) return compile();
  let key = extra;
  if (nodes.length > 1) {
    const places = nodes.slice(1).map((n) => n.loc?.start);
    if (places.some((p) => p === undefined)) return compile();
    key += `|${places.join(',')}`;
  }
  // The usual selection (one node, no variable below it) is keyed by `extra` alone, without building a string.
  const names = nodes.length > 1 ? nodes.flatMap((n) => variablesBelow(n, fragments)) : variablesBelow(nodes[0], fragments);
  if (names.length) key += `|${JSON.stringify(names.map((n) => (Object.hasOwn(variables, n) ? variables[n] : ABSENT)))}`;
  let plans = memo.get(nodes[0]);
  if (!plans) memo.set(nodes[0], (plans = new Map()));
  if (plans.has(key)) return plans.get(key) as T;
  const compiled = compile();
  if (plans.size >= PER_SELECTION) plans.delete(plans.keys().next().value as string);
  plans.set(key, compiled);
  return compiled;
}
