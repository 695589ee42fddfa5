import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { GraphQLFormattedError, GraphQLSchema, ValidationRule } from 'graphql';
import type { Database } from '../../db/client';
import type { Config } from '../config';
import type { Context } from '../context';
import type { OperationLimits } from '../graphql/limits';
import type { ClientBudget } from '../rate-limit';
import { startExpirySweeper } from '../services/order/expiry';
import { SeatEventHub } from './seat-events';
import { startGraphqlWs } from './ws';

export interface RealtimeDeps {
  app: FastifyInstance;
  schema: GraphQLSchema;
  config: Config;
  database: Database;
  buildContext(headers: Record<string, unknown>, requestId: string): Promise<Context>;
  /** What HTTP operations pass, shared with graphql-ws: limits, rules, the client's rate budget. */
  guard: {
    limits: OperationLimits;
    rules: readonly ValidationRule[];
    /** The per-client request budget shared with HTTP; null when rate limiting is off. */
    budget: ClientBudget | null;
    formatError(formatted: GraphQLFormattedError, error: unknown, requestId?: string): GraphQLFormattedError;
    /** The client's address under TRUST_PROXY, as Fastify computes `request.ip`. */
    clientAddress(request: IncomingMessage): string;
  };
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
