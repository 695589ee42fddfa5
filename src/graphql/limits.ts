import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/** Deepest selection nesting accepted; the deepest useful query of the schema is well below it. */
export const MAX_QUERY_DEPTH = 12;

/**
 * A validation rule that rejects operations nested deeper than `max` (fragments expanded), so one
 * request cannot ask for an unbounded tree. Used for HTTP and WebSocket operations alike.
 */
export function depthLimit(max = MAX_QUERY_DEPTH) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          deepest = Math.max(deepest, sel.selectionSet ? 1 + depthOf(sel.selectionSet, seen) : 0);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(sel.selectionSet, seen));
        } else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
          const frag = fragments.get(sel.name.value);
          if (frag) deepest = Math.max(deepest, depthOf(frag.selectionSet, new Set([...seen, sel.name.value])));
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > max) {
          context.reportError(
            new GraphQLError(`Query is nested ${depth} levels deep; the limit is ${max}`, {
              nodes: [node],
            }),
          );
        }
      },
    };
  };
}

/** The validation rules added to graphql-js' own, for every transport. */
export const extraValidationRules = [depthLimit()];
