import type { Db, StatementCount } from '../db/client';
import type { Config } from './config';
import type { Principal } from './auth/principal';
import { listItemBudget, type ListItemBudget } from './graphql/list-guard';
import { createLoaders, type Loaders } from './loaders';
import { ReadRoute, type ReadMode } from './read-route';

/**
 * A request's context from its headers (the credential), built by the server (src/server.ts) for GraphQL, REST
 * and the service's pages; `count` is the request's statement count, `mode` where its catalog reads may go.
 */
export type BuildContext = (headers: Record<string, unknown>, requestId: string, count?: StatementCount | null, mode?: ReadMode) => Promise<Context>;

/** What every resolver and REST handler gets: who is calling, the database, and fresh loaders. */
export interface Context {
  requestId: string;
  config: Config;
  /** The primary: writes, and every read that is not a catalog read (src/read-route.ts). */
  db: Db;
  /**
   * Catalog reads (src/read-route.ts): a healthy replica's handle in a request that may read from one
   * (a GraphQL query, a REST GET), else the primary's. Chosen on first use, the same for the request.
   */
  readonly catalogDb: Db;
  /** Where the request's catalog reads go; `primaryOnly()` once it turns out to write. */
  reads: ReadRoute;
  principal: Principal;
  loaders: Loaders;
  /** List items the operation may still resolve (GraphQL's runtime guard, graphql/list-guard.ts). */
  listItems: ListItemBudget;
}

/**
 * `catalogDb` is a getter of the prototype, not an own property: Apollo copies the context object
 * (Object.assign) before it knows the operation, and must not choose a target while copying.
 */
const contextPrototype = Object.create(Object.prototype, {
  catalogDb: {
    get(this: Context) {
      return this.reads.catalogDb;
    },
  },
}) as object;

/** Builds the per-request context; loaders are created here so batching never crosses requests. */
export function createContext(args: { requestId: string; config: Config; db: Db; principal: Principal; reads?: ReadRoute }): Context {
  const reads = args.reads ?? new ReadRoute(args.db, 'primary', null, null);
  const context = Object.create(contextPrototype) as Context;
  return Object.assign(context, {
    requestId: args.requestId,
    config: args.config,
    db: args.db,
    principal: args.principal,
    reads,
    loaders: createLoaders(args.db, reads),
    listItems: listItemBudget(args.config.GRAPHQL_MAX_LIST_ITEMS),
  });
}
