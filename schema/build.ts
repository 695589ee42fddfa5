import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { resolvers } from '../resolvers';
import { authChecker } from '../src/auth/auth-checker';

let cached: Promise<GraphQLSchema> | undefined;

/** Builds the executable schema from the type-graphql classes (once per process). */
export function buildMarqueeSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers,
    validate: { forbidUnknownValues: false },
    authChecker,
    emitSchemaFile: false,
  });
  return cached;
}
