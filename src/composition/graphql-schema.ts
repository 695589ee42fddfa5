import 'reflect-metadata';
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { createPubSub } from '@graphql-yoga/subscription';
import { buildSchema } from 'type-graphql';
import { resolvers } from '../../resolvers';
import { authChecker } from './auth-checker';
import { validateArgs } from '../graphql/validate-args';

let cached: Promise<GraphQLSchema> | undefined;

/**
 * Builds the executable schema from the type-graphql classes (once per process). The catalog's object
 * types (theatre, showtime, movie, attribute, person) declare `simpleResolvers`: their plain fields
 * read the property with graphql-js's default resolver instead of a per-field type-graphql wrapper
 * (no field there has middlewares or roles; field resolvers keep theirs). Field resolvers take their
 * parent as `Parent<T>` (schema/parent.ts), so type-graphql hands it over as it is.
 */
export function buildMarqueeSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers,
    // class-validator on arguments, skipped where it would check nothing (src/graphql/validate-args.ts).
    validateFn: validateArgs,
    authChecker,
    // type-graphql insists on a PubSub once a schema has subscriptions. Ours use `subscribe` with a
    // per-instance hub (src/realtime), as one process may run several instances (tests), so this one
    // carries nothing.
    pubSub: createPubSub(),
    emitSchemaFile: false,
  }).then(describeRootTypes);
  return cached;
}

/** type-graphql names the root types but takes no description for them; every SDL type has one. */
function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  const descriptions: [GraphQLObjectType | null | undefined, string][] = [
    [schema.getQueryType(), 'Reads: the catalog (movies, theatres, showtimes, seat maps, concessions, media) and orders.'],
    [schema.getMutationType(), 'Writes: orders and their products and payments, seat blocks.'],
    [schema.getSubscriptionType(), 'Live updates over WebSocket (graphql-ws on /graphql).'],
  ];
  for (const [type, description] of descriptions) if (type && !type.description) type.description = description;
  return schema;
}
