import type { FastifyRequest } from 'fastify';
import type { StatementCount } from '../../db/client';
import type { Config } from '../config';
import type { Context } from '../context';
import type { ReadMode } from '../read-route';
import { forbidden, unauthenticated } from '../errors';
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
  /** The context of an admin caller: 401 without an account token, 403 without the admin scope. */
  admin(request: FastifyRequest): Promise<Context>;
}

export function createRestKit(
  config: Config,
  buildContext: (headers: Record<string, unknown>, requestId: string, count?: StatementCount | null, mode?: ReadMode) => Promise<Context>,
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
    context,
    hal: (request) => new Hal(baseUrlOf(request, config)),
    async admin(request) {
      const ctx = await context(request);
      if (ctx.principal.accountId === null) throw unauthenticated('An admin account token (Authorization: Bearer) is required');
      if (!ctx.principal.isAdmin) throw forbidden('Only an admin may change movie lists');
      return ctx;
    },
  };
}
