import type { Db } from '../db/client';
import type { Config } from './config';
import type { Principal } from './auth/principal';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver and REST handler gets: who is calling, the database, and fresh loaders. */
export interface Context {
  requestId: string;
  config: Config;
  db: Db;
  principal: Principal;
  loaders: Loaders;
}

/** Builds the per-request context; loaders are created here so batching never crosses requests. */
export function createContext(args: { requestId: string; config: Config; db: Db; principal: Principal }): Context {
  return { ...args, loaders: createLoaders(args.db) };
}
