import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Database } from '../../db/client';
import type { Config } from '../config';
import type { Context } from '../context';
import { startExpirySweeper } from '../services/order/expiry';
import { SeatEventHub } from './seat-events';
import { startGraphqlWs } from './ws';

export interface RealtimeDeps {
  app: FastifyInstance;
  schema: GraphQLSchema;
  config: Config;
  database: Database;
  buildContext(headers: Record<string, unknown>, requestId: string): Promise<Context>;
}

/** How often the expiry sweeper looks for expired orders. */
export const SWEEP_INTERVAL_MS = 1000;

/**
 * Starts the live parts of one instance: the seat-event hub (one LISTEN on Postgres), graphql-ws on
 * /graphql, and the order-expiry sweeper (safe to run on every instance). `close()` stops all three.
 */
export async function startRealtime(deps: RealtimeDeps): Promise<{ close(): Promise<void>; seatEvents: SeatEventHub }> {
  const log = (obj: object, msg: string) => deps.app.log.error(obj, msg);
  const hub = new SeatEventHub(deps.database.db, log);
  await hub.start(deps.database.notifier);
  const ws = startGraphqlWs(deps, hub);
  const sweeper = startExpirySweeper(deps.database.db, {
    intervalMs: SWEEP_INTERVAL_MS,
    onError: (err) => log({ err }, 'order expiry sweep failed'),
  });
  return {
    seatEvents: hub,
    async close() {
      await sweeper.stop();
      await ws.close();
      await hub.stop();
    },
  };
}
