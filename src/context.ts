import type { Db } from '../db/client';
import type { Config } from './config';
import type { Principal } from './auth/principal';
import { listItemBudget, type ListItemBudget } from './graphql/list-guard';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver and REST handler gets: who is calling, the database, and fresh loaders. */
export interface Context {
  requestId: string;
  config: Config;
  db: Db;
  principal: Principal;
  loaders: Loaders;
  /** List items the operation may still resolve (GraphQL's runtime guard, graphql/list-guard.ts). */
  listItems: ListItemBudget;
}

/** Builds the per-request context; loaders are created here so batching never crosses requests. */
export function createContext(args: { requestId: string; config: Config; db: Db; principal: Principal }): Context {
  return { ...args, loaders: createLoaders(args.db), listItems: listItemBudget(args.config.GRAPHQL_MAX_LIST_ITEMS) };
}
