import { randomUUID } from 'node:crypto';
import { specifiedRules, validate, type GraphQLError } from 'graphql';
import type { Context as WsContext } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Principal } from '../auth/principal';
import { createContext } from '../context';
import { DomainError } from '../errors';
import { formatGraphQLError } from '../graphql/format-error';
import { extraValidationRules } from '../graphql/limits';
import type { RealtimeDeps } from './index';
import type { SeatEventHub } from './seat-events';
import type { RealtimeContext } from './subscribe';

/** Largest WebSocket message accepted (an operation, not a file). */
export const MAX_WS_PAYLOAD = 64 * 1024;
/** Concurrent operations one connection may run. */
export const MAX_OPERATIONS_PER_CONNECTION = 50;

/** What a client may send in `connectionParams` (the same credentials as HTTP headers). */
export interface ConnectionParams {
  vendorKey?: string;
  authorization?: string;
  loyaltyCardNumber?: string;
}

interface Connection {
  principal: Principal;
  loyaltyCardNumber: string | null;
  requestId: string;
}

/**
 * Serves graphql-ws on the HTTP server's `/graphql` path: credentials come from `connectionParams`
 * (a bad one refuses the connection, 4403), operations get the same validation rules (depth limit)
 * and error formatting as HTTP, and a connection runs at most MAX_OPERATIONS_PER_CONNECTION at once.
 */
export function startGraphqlWs(deps: RealtimeDeps, hub: SeatEventHub): { close(): Promise<void> } {
  const wss = new WebSocketServer({ server: deps.app.server, path: '/graphql', maxPayload: MAX_WS_PAYLOAD });
  const connections = new WeakMap<object, Connection>();
  const log = (obj: object, msg: string) => deps.app.log.error(obj, msg);
  const connectionOf = (ctx: WsContext<Record<string, unknown> | undefined>) => connections.get(ctx.extra as object);

  const server = useServer<Record<string, unknown> | undefined>(
    {
      schema: deps.schema,
      validate: (schema, document) => validate(schema, document, [...specifiedRules, ...extraValidationRules]),
      onConnect: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as ConnectionParams;
        const requestId = randomUUID();
        try {
          const base = await deps.buildContext(
            { 'x-vendor-key': params.vendorKey, authorization: params.authorization },
            requestId,
          );
          const card = typeof params.loyaltyCardNumber === 'string' ? params.loyaltyCardNumber.slice(0, 40) : null;
          connections.set(ctx.extra as object, { principal: base.principal, loyaltyCardNumber: card, requestId });
          return true;
        } catch (err) {
          if (err instanceof DomainError) return false;
          throw err;
        }
      },
      onSubscribe: (ctx) => {
        const live = Object.keys(ctx.subscriptions).length;
        if (live >= MAX_OPERATIONS_PER_CONNECTION) {
          return [
            new DomainError('RATE_LIMITED', `At most ${MAX_OPERATIONS_PER_CONNECTION} operations per connection`),
          ].map((e) => ({ message: e.message, extensions: { code: e.code } }) as unknown as GraphQLError);
        }
        return undefined;
      },
      context: (ctx): RealtimeContext => {
        const conn = connectionOf(ctx);
        if (!conn) throw new Error('graphql-ws context without a connection');
        const base = createContext({
          requestId: conn.requestId,
          config: deps.config,
          db: deps.database.db,
          principal: conn.principal,
        });
        return { ...base, seatEvents: hub, loyaltyCardNumber: conn.loyaltyCardNumber };
      },
      onNext: (ctx, _id, _payload, _args, result) => {
        if (!result.errors?.length) return undefined;
        const requestId = connectionOf(ctx)?.requestId;
        return {
          ...result,
          errors: result.errors.map((e) => formatGraphQLError(e.toJSON(), e, log, requestId)),
        };
      },
      onError: (ctx, _id, _payload, errors) => {
        // Errors here come before execution: parse and validation (as Apollo labels them on HTTP).
        const requestId = connectionOf(ctx)?.requestId;
        return errors.map((e) => {
          const formatted = typeof e.toJSON === 'function' ? e.toJSON() : e;
          if (formatted.extensions?.code || e.originalError) return formatGraphQLError(formatted, e, log, requestId);
          const code = /^Syntax Error/.test(e.message) ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED';
          return { message: e.message, locations: formatted.locations, extensions: { code } };
        });
      },
    },
    wss,
  );

  return {
    async close() {
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await server.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
