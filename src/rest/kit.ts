import type { FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config';
import type { BuildContext, Context } from '../context';
import { baseUrlOf, Hal } from './hal';

/** What every route group gets: configuration, the per-request context, and link building. */
export interface RestKit {
  config: Config;
  /** The GraphQL schema: REST catalog reads go through the read planner with fixed selections over it (src/read-planner/). */
  schema: GraphQLSchema;
  /**
   * The request's context (principal from the same headers as GraphQL, fresh loaders), built once per
   * request. A present but invalid credential rejects with UNAUTHENTICATED (401).
   */
  context(request: FastifyRequest): Promise<Context>;
  /** Link building against the request's `{base_url}`. */
  hal(request: FastifyRequest): Hal;
}

export function createRestKit(
  config: Config,
  buildContext: BuildContext,
  schema: GraphQLSchema,
): RestKit {
  const contexts = new WeakMap<FastifyRequest, Promise<Context>>();
  const context = (request: FastifyRequest) => {
    let ctx = contexts.get(request);
    if (!ctx) {
      // A GET (or HEAD) writes nothing: its catalog reads may come from a replica (src/read-route.ts).
      const mode = request.method === 'GET' || request.method === 'HEAD' ? 'catalog' : 'primary';
      ctx = buildContext(request.headers, request.id, request.sqlCount, mode);
      contexts.set(request, ctx);
    }
    return ctx;
  };
  return {
    config,
    schema,
    context,
    hal: (request) => new Hal(baseUrlOf(request, config)),
  };
}
