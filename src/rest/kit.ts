import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Context } from '../context';
import { baseUrlOf, Hal } from './hal';

/** What every route group gets: configuration, the per-request context, and link building. */
export interface RestKit {
  config: Config;
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
  buildContext: (headers: Record<string, unknown>, requestId: string) => Promise<Context>,
): RestKit {
  const contexts = new WeakMap<FastifyRequest, Promise<Context>>();
  return {
    config,
    context(request) {
      let ctx = contexts.get(request);
      if (!ctx) {
        ctx = buildContext(request.headers, request.id);
        contexts.set(request, ctx);
      }
      return ctx;
    },
    hal: (request) => new Hal(baseUrlOf(request, config)),
  };
}
