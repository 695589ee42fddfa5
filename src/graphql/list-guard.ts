import {
  defaultFieldResolver,
  getNullableType,
  isListType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import { DomainError } from '../errors';

/** List items one operation may resolve; lives on the operation's context. */
export interface ListItemBudget {
  used: number;
  max: number;
}

export function listItemBudget(max: number): ListItemBudget {
  return { used: 0, max };
}

function counted(value: unknown, context: unknown, info: GraphQLResolveInfo): unknown {
  // A subscription's context lives as long as its socket; each event carries one bounded seat list.
  if (!Array.isArray(value) || info.operation.operation === 'subscription') return value;
  const budget = (context as { listItems?: ListItemBudget } | null)?.listItems;
  if (!budget) return value;
  budget.used += value.length;
  if (budget.used > budget.max) {
    throw new DomainError(
      'RESPONSE_TOO_LARGE',
      `The operation resolved more than ${budget.max} list items; ask for smaller pages or fewer nested lists`,
      { max: budget.max },
    );
  }
  return value;
}

const guarded = new WeakSet<GraphQLSchema>();

/**
 * The runtime guard behind the cost estimate: every list-returning field of the schema counts its
 * items into the operation's budget, and once the total passes it, each further list fails with
 * RESPONSE_TOO_LARGE, so a query the estimate misjudged ends in an error instead of exhausting memory.
 * Wraps the schema's resolvers in place (once, at start-up).
 */
export function guardListFields(schema: GraphQLSchema): void {
  // The schema is built once per process and shared by every server of it (src/composition/graphql-schema.ts):
  // wrapped twice, each list would count twice into the budget.
  if (guarded.has(schema)) return;
  guarded.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!isListType(getNullableType(field.type))) continue;
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const result = resolve(source, args, context, info);
        return result instanceof Promise
          ? result.then((value: unknown) => counted(value, context, info))
          : counted(result, context, info);
      };
    }
  }
}
