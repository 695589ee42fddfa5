import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { statementCountOf, type StatementCount } from '../../db/client';
import type { Context } from '../context';
import { checkCost, type OperationLimits } from '../graphql/limits';
import { contextOf, extractParent, SpanKind, SpanStatusCode, tracer, type Span, type TraceContext } from './index';
import { tracedClient } from './sql';

/** The spans of one HTTP request: its server span, and its GraphQL operation's once that has started. */
export interface RequestTrace {
  span: Span;
  context: TraceContext;
  /** The operation's context: statements run after it started are its children. */
  operation: TraceContext | null;
  /** The operation's estimated cost (src/graphql/limits.ts `checkCost`). */
  cost?: number;
  ended: boolean;
}

/** A request's trace by its statement counter: how the GraphQL plugin finds it from the context's database handle. */
const traces = new WeakMap<StatementCount, RequestTrace>();

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's spans while tracing is on; null otherwise. */
    trace: RequestTrace | null;
  }
}

/**
 * A server span per HTTP request, the child of an incoming W3C `traceparent`; named by method and
 * route (`POST /graphql`, `GET /v2/theatres/:theatreId`), with the status. The request's statement
 * counter gets a client wrapper, so its statements are children of the request (or of its operation).
 * Only the route pattern is recorded, never the path or query (they may carry an e-mail or a token).
 * Installed after the hook that creates `req.sqlCount`; with tracing off it installs nothing.
 */
export function installRequestTracing(app: FastifyInstance): void {
  app.decorateRequest('trace', null);
  if (!tracer()) return;
  app.addHook('onRequest', (req, _reply, done) => {
    const t = tracer();
    if (t) {
      const span = t.startSpan(
        req.method,
        { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
        extractParent(req.headers),
      );
      const rt: RequestTrace = { span, context: contextOf(span), operation: null, ended: false };
      req.trace = rt;
      if (req.sqlCount) traces.set(req.sqlCount, rt);
      if (req.sqlCount) req.sqlCount.wrapClient = (client) => tracedClient(client, () => rt.operation ?? rt.context);
    }
    done();
  });
  const end = (rt: RequestTrace | null, route: string | undefined, method: string, status: number | null) => {
    if (!rt || rt.ended) return;
    rt.ended = true;
    if (route) {
      rt.span.updateName(`${method} ${route}`);
      rt.span.setAttribute('http.route', route);
    }
    if (status === null) {
      rt.span.setStatus({ code: SpanStatusCode.ERROR, message: 'client closed the request' });
    } else {
      rt.span.setAttribute('http.response.status_code', status);
      if (status >= 500) rt.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    rt.span.end();
  };
  app.addHook('onResponse', (req, reply, done) => {
    end(req.trace, req.routeOptions.url, req.method, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    end(req.trace, req.routeOptions.url, req.method, null);
    done();
  });
}

/**
 * A span per GraphQL operation over HTTP, the child of the request's span: operation name and type,
 * Apollo's sha256 of the document, the estimated cost. Variables are never recorded.
 */
export function graphqlTracingPlugin(schema: GraphQLSchema, limits: OperationLimits): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      const t = tracer();
      if (!t) return;
      const count = statementCountOf(contextValue.db);
      const rt = count ? traces.get(count) : undefined;
      if (!rt) return;
      let span: Span | null = null;
      return {
        async didResolveOperation({ operation, operationName, queryHash, document, request }) {
          // The estimate as the limits computed it (again: only while tracing).
          checkCost(schema, document, request.variables, operationName, limits, (cost) => (rt.cost = cost));
          const type = operation?.operation ?? 'query';
          span = t.startSpan(
            `graphql ${type}${operationName ? ` ${operationName}` : ''}`,
            {
              kind: SpanKind.INTERNAL,
              attributes: {
                'graphql.operation.type': type,
                ...(operationName ? { 'graphql.operation.name': operationName } : {}),
                'graphql.document.hash': queryHash,
              },
            },
            rt.context,
          );
          rt.operation = contextOf(span);
        },
        async willSendResponse({ errors }) {
          if (!span) return;
          if (rt.cost !== undefined) span.setAttribute('graphql.operation.cost', rt.cost);
          rt.operation = null;
          // The code of the first error (BAD_USER_INPUT, SEAT_UNAVAILABLE, …), not its message, which may quote input.
          if (errors?.length) span.setStatus({ code: SpanStatusCode.ERROR, message: String(errors[0]?.extensions?.code ?? 'error') });
          span.end();
        },
      };
    },
  };
}
