import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Config } from '../config';
import type { Context } from '../context';

export interface RestDeps {
  config: Config;
  database: Database;
  buildContext(headers: Record<string, unknown>, requestId: string): Promise<Context>;
}

/** Registers the REST compatibility layer (the spec's /v1…/v4 paths). */
export async function registerRest(app: FastifyInstance, deps: RestDeps): Promise<void> {
  void app;
  void deps;
}
