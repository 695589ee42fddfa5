import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Context as WsContext } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Principal } from '../auth/principal';
import { createContext } from '../context';
import { databaseErrorToDomain } from '../db-errors';
import { DomainError, type ErrorCode } from '../errors';
import type { DocumentRequest } from '../graphql/documents';
import { isVariableCoercionError } from '../graphql/format-error';
import { checkVariables } from '../graphql/input-guard';
import { operationResolutionError } from '../graphql/jit';
import { checkCost, operationBudget, operationCost, parseOptionsOf } from '../graphql/limits';
import { clientOf, decide, ORDER_MUTATIONS, rateLimitedError } from '../cost-budget';
import type { SeatFanout } from './fanout';
import { createSharedSubscribe } from './shared-execution';
import type { RealtimeDeps, Wire } from './types';
import { wireOf, type RealtimeContext } from './subscribe';

/** Largest WebSocket message accepted (an operation, not a file). */
export const MAX_WS_PAYLOAD = 64 * 1024;

/**
 * Close codes we send: a refused or expired credential; a database outage (at connection time, or a
 * subscriber's first message that could not be read in time).
 */
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_TRY_AGAIN = 1013;
/** A live subscriber that fell too far behind (its unsent messages passed SEAT_SUBSCRIBER_BUFFER). */
export const CLOSE_TOO_SLOW = 4009;

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
  address: string;
  expiry: NodeJS.Timeout | null;
}

type Extra = { socket: WebSocket; request: IncomingMessage };

interface PreparedDocument {
  document: DocumentNode;
  errors: readonly GraphQLError[];
}

/** Distinct operation texts whose parsed and validated documents are kept. */
const DOCUMENT_CACHE_SIZE = 500;


const errorOf = (code: ErrorCode, message: string) => new GraphQLError(message, { originalError: new DomainError(code, message) });

/**
 * `connectionParams` as sent, or null when malformed: each credential, when present, must be a string
 * (a number or object is a broken client, refused rather than taken as anonymous).
 */
export function parseConnectionParams(raw: unknown): ConnectionParams | null {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return null;
  const params = raw as Record<string, unknown>;
  for (const key of ['vendorKey', 'authorization', 'loyaltyCardNumber'] as const) {
    if (params[key] !== undefined && params[key] !== null && typeof params[key] !== 'string') return null;
  }
  return params as ConnectionParams;
}

/**
 * Serves graphql-ws on the HTTP server's `/graphql` path with the same guard as HTTP:
 * - a client (address under TRUST_PROXY) opens at most WS_MAX_SOCKETS_PER_CLIENT sockets (the upgrade
 *   answers 429 past it), and the upgrade and every operation take from its shared rate budget;
 * - credentials come from `connectionParams`; a malformed or refused one closes the socket with 4403,
 *   and a socket closes with 4403 when its account token expires;
 * - every operation is parsed with the token limit and validated with the same rules, cost budget and
 *   error formatting as HTTP; a socket runs at most WS_MAX_SUBSCRIPTIONS_PER_SOCKET operations at
 *   once, and the one over it gets an error while the socket stays open.
 */
export function startGraphqlWs(deps: RealtimeDeps, fanout: SeatFanout): { close(): Promise<void> } {
  const { guard, config } = deps;
  const socketsPerClient = new Map<string, number>();
  const connections = new WeakMap<object, Connection>();
  const parseOptions = parseOptionsOf(guard.limits);
  const rules = [...specifiedRules, ...guard.rules];
  const connectionOf = (ctx: WsContext<Record<string, unknown> | undefined, Extra>) => connections.get(ctx.extra);
  // The query text of each parsed document, so that identical subscriptions share their executions.
  const queryTexts = new WeakMap<DocumentNode, string>();
  // Parsed and validated documents by query text (LRU): thousands of viewers send the same
  // subscription, and each parse kept its own AST with every token (about 5 KB a subscriber).
  const documents = new Map<string, PreparedDocument>();
  const prepare = (query: string): PreparedDocument => {
    let entry = documents.get(query);
    if (entry) {
      documents.delete(query);
    } else {
      const document = parse(query, parseOptions);
      entry = { document, errors: validate(deps.schema, document, rules) };
    }
    documents.set(query, entry);
    if (documents.size > DOCUMENT_CACHE_SIZE) documents.delete(documents.keys().next().value as string);
    return entry;
  };

  const wss = new WebSocketServer({
    server: deps.app.server,
    path: '/graphql',
    maxPayload: MAX_WS_PAYLOAD,
    // No extension: the fan-out writes its frames beside ws' own (wireFor), which needs ws to write each of
    // its frames synchronously, uncompressed.
    perMessageDeflate: false,
    verifyClient: ({ req }, accept) => {
      const address = guard.clientAddress(req);
      const admit = () => {
        if ((socketsPerClient.get(address) ?? 0) >= config.WS_MAX_SOCKETS_PER_CLIENT) {
          return accept(false, 429, `At most ${config.WS_MAX_SOCKETS_PER_CLIENT} WebSockets per client`);
        }
        return accept(true);
      };
      if (!guard.budget) return admit();
      // The request budget may be in Redis (shared between instances): ws waits for this callback.
      guard.budget.take(clientOf(null, address)).then(
        ({ exceeded }) => (exceeded ? accept(false, 429, 'Rate limit exceeded') : admit()),
        () => admit(),
      );
    },
  });
  wss.on('connection', (socket, request) => {
    const address = guard.clientAddress(request);
    socketsPerClient.set(address, (socketsPerClient.get(address) ?? 0) + 1);
    socket.once('close', () => {
      const left = (socketsPerClient.get(address) ?? 1) - 1;
      if (left > 0) socketsPerClient.set(address, left);
      else socketsPerClient.delete(address);
    });
  });

  const format = (errors: readonly GraphQLError[], requestId?: string) =>
    errors.map((e) => {
      const formatted = e.toJSON();
      if (!formatted.extensions?.code && isVariableCoercionError(e)) {
        // A variable graphql-js could not coerce: BAD_USER_INPUT, as Apollo labels it on HTTP.
        return guard.formatError({ ...formatted, extensions: { ...formatted.extensions, code: 'BAD_USER_INPUT' } }, e, requestId);
      }
      if (!formatted.extensions?.code && !e.originalError) {
        // Apollo labels these on HTTP; graphql-ws leaves them bare.
        const code = /^Syntax Error/.test(e.message) ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED';
        return guard.formatError({ ...formatted, extensions: { ...formatted.extensions, code } }, e, requestId);
      }
      return guard.formatError(formatted, e, requestId);
    });

  /**
   * The direct way of operation `id` to its socket: each message's frame, built once for every socket of
   * that operation id (shared-execution.ts, frame.ts), is written to the TCP socket under the WebSocket as
   * it is — no promise, header buffer or corked pair of writes per message and socket. Safe beside ws'
   * own writes because this server negotiates no extension (no permessage-deflate): ws writes each of its
   * frames synchronously in one go, so a frame written here never overtakes or splits one of ws'; and
   * nothing is written once ws has begun closing (`readyState` is no longer OPEN). The backlog counts
   * messages written since the socket's send buffer was last seen empty: a client that reads keeps it at
   * 0 (the kernel takes each frame at once); one that stops reading lets it grow until the fan-out drops
   * it (4009).
   */
  const wireFor = (ctx: WsContext<Record<string, unknown> | undefined, Extra>, id: string, requestId: string): Wire => {
    const socket = ctx.extra.socket;
    const tcp = ctx.extra.request.socket;
    let written = 0;
    return {
      id,
      writeFrame: (frame) => {
        if (socket.readyState !== socket.OPEN || !(id in ctx.subscriptions) || tcp.destroyed) return;
        if (tcp.writableLength === 0) written = 0;
        written += 1;
        tcp.write(frame);
      },
      backlog: () => (tcp.writableLength === 0 ? (written = 0) : written),
      formatNext: (result: ExecutionResult) =>
        JSON.stringify({ id, type: 'next', payload: { ...result, errors: format(result.errors ?? [], requestId) } }),
    };
  };

  const server = useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema: deps.schema,
      subscribe: createSharedSubscribe((document) => queryTexts.get(document), wireOf),
      onConnect: async (ctx) => {
        const params = parseConnectionParams(ctx.connectionParams);
        if (!params) return false;
        const requestId = randomUUID();
        try {
          const base = await deps.buildContext(
            { 'x-vendor-key': params.vendorKey ?? undefined, authorization: params.authorization ?? undefined },
            requestId,
          );
          const card = typeof params.loyaltyCardNumber === 'string' ? params.loyaltyCardNumber.slice(0, 40) : null;
          const expiresAt = base.principal.tokenExpiresAt;
          const expiry =
            expiresAt === null
              ? null
              : setTimeout(
                  () => ctx.extra.socket.close(CLOSE_FORBIDDEN, 'Token expired'),
                  Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1),
                );
          connections.set(ctx.extra, {
            principal: base.principal,
            loyaltyCardNumber: card,
            requestId,
            address: guard.clientAddress(ctx.extra.request),
            expiry,
          });
          return true;
        } catch (err) {
          if (err instanceof DomainError) return false;
          if (databaseErrorToDomain(err)) {
            // The vendor-key lookup met a database outage: not the client's fault, so "try again later"
            // (1013), which clients retry, rather than graphql-ws' fatal 4500.
            ctx.extra.socket.close(CLOSE_TRY_AGAIN, 'The database is unavailable; retry shortly');
            return false;
          }
          throw err;
        }
      },
      onClose: (ctx) => {
        const conn = connectionOf(ctx);
        if (conn?.expiry) clearTimeout(conn.expiry);
      },
      onSubscribe: async (ctx, _id, payload) => {
        const conn = connectionOf(ctx);
        if (!conn) return [errorOf('UNAUTHENTICATED', 'The connection was not initialised')];
        if (guard.budget && (await guard.budget.take(clientOf(conn.principal, conn.address))).exceeded) {
          return [errorOf('RATE_LIMITED', `Rate limit of ${guard.budget.max} requests per minute exceeded`)];
        }
        // graphql-ws has already registered this operation, so it counts itself.
        if (Object.keys(ctx.subscriptions).length > config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return [
            errorOf('RATE_LIMITED', `At most ${config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET} operations per WebSocket at once`),
          ];
        }
        // A documentId or APQ hash (in the payload or its extensions) and GRAPHQL_UNTRUSTED_DOCUMENTS: HTTP's rule.
        const named = await guard.documents.resolve(payload as DocumentRequest, async () => conn.principal);
        if (named instanceof DomainError) return [errorOf(named.code, named.message)];
        const query = named?.query ?? payload.query;
        let prepared: PreparedDocument;
        try {
          prepared = prepare(query);
        } catch (err) {
          return [err instanceof GraphQLError ? err : errorOf('BAD_USER_INPUT', 'The query could not be parsed')];
        }
        if (prepared.errors.length > 0) return [...prepared.errors];
        const { document } = prepared;
        // No operation to run under that name: HTTP's answer (OPERATION_RESOLUTION_FAILURE), not graphql-ws' own.
        const unresolved = operationResolutionError(deps.schema, document, payload.operationName);
        if (unresolved) return [unresolved];
        const refused =
          checkVariables(payload.variables) ??
          checkCost(deps.schema, document, payload.variables, payload.operationName, guard.limits);
        if (refused) return [refused];
        const decision = await decide(guard.costBudget, {
          principal: conn.principal,
          address: conn.address,
          budget: operationBudget(document, payload.operationName, ORDER_MUTATIONS),
          cost: operationCost(deps.schema, document, payload.variables, payload.operationName),
        });
        if (guard.costBudget && decision && !decision.allowed) return [rateLimitedError(guard.costBudget, decision)];
        queryTexts.set(document, query);
        return { schema: deps.schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      context: (ctx, id): RealtimeContext => {
        const conn = connectionOf(ctx);
        if (!conn) throw new Error('graphql-ws context without a connection');
        const base = createContext({
          requestId: conn.requestId,
          config: deps.config,
          db: deps.database.db,
          principal: conn.principal,
        });
        return {
          ...base,
          // The spread leaves the prototype's getter behind; graphql-ws operations read on the primary.
          catalogDb: base.db,
          seatEvents: fanout,
          loyaltyCardNumber: conn.loyaltyCardNumber,
          // A subscriber too slow to keep up (4009), or one whose first message the database could not
          // give in time: "try again later" (1013), which clients retry.
          dropSocket: (error) =>
            ctx.extra.socket.close(error.code === 'SUBSCRIBER_TOO_SLOW' ? CLOSE_TOO_SLOW : CLOSE_TRY_AGAIN, error.message.slice(0, 120)),
          wire: wireFor(ctx, id, conn.requestId),
        };
      },
      onNext: (ctx, _id, _payload, _args, result) => {
        if (!result.errors?.length) return undefined;
        return { ...result, errors: format(result.errors, connectionOf(ctx)?.requestId) };
      },
      onError: (ctx, _id, _payload, errors) => format(errors, connectionOf(ctx)?.requestId),
    },
    wss,
  );
  // A client's protocol error (a frame over MAX_WS_PAYLOAD, invalid UTF-8, a bad opcode): ws has closed
  // the socket with the right code (1009, 1007, 1002) when it emits 'error'. graphql-ws would then print
  // the error with its stack through console.error, once per bad frame, outside the JSON log; it goes to
  // the log as one warning line instead. Registered after useServer, so its listener is the one replaced.
  wss.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (err: Error & { code?: string }) => {
      deps.app.log.warn({ wsError: { code: err.code ?? null, message: err.message } }, 'WebSocket client protocol error; socket closed');
    });
  });

  return {
    async close() {
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await server.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
