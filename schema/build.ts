import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { createPubSub } from '@graphql-yoga/subscription';
import { buildSchema } from 'type-graphql';
import { resolvers } from '../resolvers';
import { authChecker } from '../src/auth/auth-checker';

let cached: Promise<GraphQLSchema> | undefined;

/**
 * Builds the executable schema from the type-graphql classes (once per process). The catalog's object
 * types (theatre, showtime, movie, attribute, person) declare `simpleResolvers`: their plain fields
 * read the property with graphql-js's default resolver instead of a per-field type-graphql wrapper
 * (no field there has middlewares or roles; field resolvers keep theirs).
 */
export function buildMarqueeSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers,
    validate: { forbidUnknownValues: false },
    authChecker,
    // type-graphql insists on a PubSub once a schema has subscriptions. Ours use `subscribe` with a
    // per-instance hub (src/realtime), as one process may run several instances (tests), so this one
    // carries nothing.
    pubSub: createPubSub(),
    emitSchemaFile: false,
  });
  return cached;
}
