import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ExecutionResult, GraphQLFormattedError, GraphQLSchema, ValidationRule } from 'graphql';
import type { Database } from '../../db/client';
import type { Config } from '../config';
import type { Context } from '../context';
import type { OperationLimits } from '../graphql/limits';
import type { ClientBudget } from '../rate-limit';
import type { DocumentPolicy } from '../graphql/documents';
import type { CostBudget } from '../cost-budget';

/** What the live parts of an instance are built from (src/server.ts passes it). */
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
    /** The per-client cost budgets shared with HTTP (and other instances through Redis); null when off. */
    costBudget: CostBudget | null;
    /** Which document an operation runs and whether its client may send it (APQ, documentId, the manifest). */
    documents: DocumentPolicy;
    formatError(formatted: GraphQLFormattedError, error: unknown, requestId?: string): GraphQLFormattedError;
    /** The client's address under TRUST_PROXY, as Fastify computes `request.ip`. */
    clientAddress(request: IncomingMessage): string;
  };
}

/**
 * One graphql-ws operation's way to its socket, for the fan-out's direct path (shared-execution.ts):
 * frames are written as they are made, without graphql-ws' per-message promise chain.
 */
export interface Wire {
  /** The operation's graphql-ws id. */
  id: string;
  /**
   * Writes one WebSocket text frame holding one complete graphql-ws message (`textFrame`, frame.ts) to
   * the socket as it is; nothing once the socket or the operation ended.
   */
  writeFrame(frame: Buffer): void;
  /** Messages written since the socket's send buffer was last seen empty (0 when everything went out). */
  backlog(): number;
  /** The `next` message of a result with errors, formatted as graphql-ws' onNext hook formats it. */
  formatNext(result: ExecutionResult): string;
}
