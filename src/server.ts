import { randomUUID } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { countingDb, StatementCount, type Database } from '../db/client';
import { buildMarqueeSchema } from './composition/graphql-schema';
import { ANONYMOUS, resolvePrincipal, type Principal } from './auth/principal';
import type { Config } from './config';
import { createContext, type Context } from './context';
import { jitGateway } from './graphql/jit';
import { cacheControlPlugin, installGraphqlCacheHeaders } from './graphql/cache-control';
import { warmReferenceData } from './loaders';
import { databaseErrorToDomain } from './db-errors';
import { DomainError, ERROR_CATALOG } from './errors';
import { clientAddressOf, trustFunction } from './client-address';
import { formatGraphQLError, requestIdOf, tagRequestId } from './graphql/format-error';
import { checkVariables, inputTextRule } from './graphql/input-guard';
import { checkCost, limitRules, limitsOf, operationBudget, operationCost, parseOptionsOf } from './graphql/limits';
import { guardListFields } from './graphql/list-guard';
import { startListStats } from './graphql/list-stats';
import { documentPolicyOf, documentsPreHandler } from './graphql/documents-http';
import { loggerOptions } from './logging';
import { registerHealth } from './health';
import { registerMetrics } from './metrics';
import { ClientBudget } from './rate-limit';
import { budgetHeaders, budgetOfRoute, clientOf, CostBudget, decide, ORDER_MUTATIONS, rateLimitedError } from './cost-budget';
import { registerRest } from './rest';
import { lazySchemaController } from './rest/schema-compilers';
import { frameworkErrors } from './rest/errors';
import { startRealtime } from './realtime';
import { startBackground } from './background';
import { registerWeb } from './web';
import { registerCors } from './web/cors';
import { installRequestDeadline, unavailableGraphqlPlugin, unavailableHttp } from './unavailable';
import { startTracing } from './tracing';
import { ReadRoute, type ReadMode } from './read-route';
import { startReplicas } from './replicas';
import { graphqlTracingPlugin, installRequestTracing } from './tracing/http';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's SQL statements (its context's database handle counts into it). */
    sqlCount: StatementCount | null;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Where log lines go (default stdout); tests read them to check what is logged. */
  logStream?: { write(line: string): void };
}

export interface MarqueeApp {
  app: FastifyInstance;
  schema: GraphQLSchema;
  /** Starts listening; returns the bound address (port 0 picks a free port). */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Builds the whole service on one Fastify instance: GraphQL at /graphql (HTTP and graphql-ws),
 * the REST compatibility layer, and the per-request statement counter.
 */
export async function buildServer({ config, database, logStream }: BuildOptions): Promise<MarqueeApp> {
  const schema = await buildMarqueeSchema();
  guardListFields(schema);
  const trust = trustFunction(config.TRUST_PROXY);
  const app = Fastify({
    logger: { ...loggerOptions(config.LOG_LEVEL), ...(logStream ? { stream: logStream } : {}) },
    trustProxy: trust,
    genReqId: (req) => header(req.headers['x-request-id']) ?? randomUUID(),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Route schemas compile on first use and are shared between instances of a process (src/rest/schema-compilers.ts).
    schemaController: lazySchemaController,
  });

  // Every request has its own statement count: its context's database handle counts into it (db/client.ts).
  app.decorateRequest('sqlCount', null);
  app.addHook('onRequest', (req, _reply, done) => {
    req.sqlCount = new StatementCount();
    done();
  });
  // Spans, exported when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/tracing); after the counter, which they wrap.
  const tracing = startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });
  installRequestTracing(app);
  // No request waits longer than its statement timeout + 5 s: then 503 with Retry-After (src/unavailable.ts).
  // A statement timeout of 0 turns statement timeouts off, and this deadline with them.
  if (config.DB_STATEMENT_TIMEOUT > 0) installRequestDeadline(app, config.DB_STATEMENT_TIMEOUT + 5000);
  if (config.EXPOSE_SQL_COUNT) {
    app.addHook('onSend', (req, reply, payload, done) => {
      reply.header('x-sql-statements', String(req.sqlCount?.count ?? 0));
      done(null, payload);
    });
  }

  // CORS before the rate limiter: preflights are answered first and every answer, a 429 too, is readable.
  await registerCors(app, config.CORS_ORIGINS);

  // Who a request's budgets belong to (clientOf: the vendor, else the account, else the address), its
  // credentials checked once for both budgets; credentials that do not verify count as the address.
  const principals = new WeakMap<FastifyRequest, Promise<Principal | null>>();
  const principalOf = (request: FastifyRequest): Promise<Principal | null> => {
    let principal = principals.get(request);
    if (!principal) {
      principal = resolvePrincipal(database.db, { secret: config.JWT_SECRET, maxLifetimeMs: config.JWT_MAX_LIFETIME }, {
        vendorKey: header(request.headers['x-vendor-key']),
        authorization: header(request.headers.authorization),
      }).catch(() => null);
      principals.set(request, principal);
    }
    return principal;
  };

  // The store of the rate limits (src/cost-budget.ts): the cost budgets, and the request budget when it is
  // shared through Redis; one Redis client, one Lua script, one per-instance fallback (log line, metric).
  const shareRequests = config.RATE_LIMIT_PER_MINUTE > 0 && config.REDIS_URL != null && config.REDIS_URL !== '';
  const limitStore =
    config.RATE_LIMIT_COST_PER_MINUTE > 0 || shareRequests
      ? new CostBudget({
          catalogPerWindow: config.RATE_LIMIT_COST_PER_MINUTE,
          ordersPerWindow: config.RATE_LIMIT_ORDER_COST_PER_MINUTE ?? config.RATE_LIMIT_COST_PER_MINUTE,
          redisUrl: config.REDIS_URL,
          prefix: config.RATE_LIMIT_REDIS_PREFIX,
          log: app.log,
        })
      : null;

  // One request budget per client for HTTP and WebSocket alike (src/rate-limit.ts), in Redis when REDIS_URL is set.
  const budget =
    config.RATE_LIMIT_PER_MINUTE > 0 ? new ClientBudget(config.RATE_LIMIT_PER_MINUTE, 60_000, shareRequests ? limitStore : null) : null;
  if (budget) {
    await app.register(rateLimit, {
      max: budget.max,
      timeWindow: budget.windowMs,
      store: function SharedBudget() {
        return budget;
      } as unknown as new () => ClientBudget,
      keyGenerator: async (request) => clientOf(await principalOf(request), request.ip),
      errorResponseBuilder: (_req, ctx) =>
        new DomainError('RATE_LIMITED', `Rate limit of ${ctx.max} requests per minute exceeded; retry in ${ctx.after}`),
    });
  }

  // The cost budgets (src/cost-budget.ts): REST requests here at a flat cost, GraphQL operations by their
  // estimate in the plugin below, graphql-ws operations in src/realtime/ws.ts; all through decide().
  const costBudget = config.RATE_LIMIT_COST_PER_MINUTE > 0 ? limitStore : null;
  // The address of each GraphQL request, for the budget's client when it carries no credential; by the
  // context's loaders, since Apollo hands the plugins a shallow copy of the context.
  const addressOf = new WeakMap<Context['loaders'], string>();
  if (costBudget) {
    app.addHook('preHandler', async (request, reply) => {
      if (!/^\/v[1-4]\//.test(request.url) || request.method === 'OPTIONS') return;
      const principal = await principalOf(request);
      const budget = budgetOfRoute(request.method, request.url);
      const decision = await decide(costBudget, { principal, address: request.ip, budget, cost: config.RATE_LIMIT_REST_COST });
      for (const [name, value] of budgetHeaders(costBudget, decision)) void reply.header(name, value);
      if (decision && !decision.allowed) {
        throw new DomainError('RATE_LIMITED', `The ${budget} cost budget of ${decision.limit} a minute is spent; retry in ${decision.resetSeconds} s`);
      }
    });
    // Every answer states the policy, also those refused before any budget was taken.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('ratelimit-policy')) void reply.header('ratelimit-policy', costBudget.policyHeader());
      done(null, payload);
    });
  }

  // Catalog reads on healthy replicas (src/read-route.ts, docs/scale-out.md "Read replicas").
  const registry = registerMetrics(app, config);
  const replicas = startReplicas(database, config, registry, app.log);
  const buildContext = async (
    headers: Record<string, unknown>,
    requestId: string,
    count?: StatementCount | null,
    mode: ReadMode = 'primary',
  ): Promise<Context> => {
    const db = count ? countingDb(database.db, count) : database.db;
    const reads = new ReadRoute(db, mode, replicas.router, count ?? null);
    const principal = await resolvePrincipal(db, { secret: config.JWT_SECRET, maxLifetimeMs: config.JWT_MAX_LIFETIME }, {
      vendorKey: typeof headers['x-vendor-key'] === 'string' ? headers['x-vendor-key'] : undefined,
      authorization: typeof headers.authorization === 'string' ? headers.authorization : undefined,
    });
    return createContext({ requestId, config, db, principal, reads });
  };

  // Every operation passes the same limits over HTTP and graphql-ws (docs/security.md).
  const limits = limitsOf(config);
  // Persisted (APQ) and trusted documents: one policy for HTTP (the /graphql preHandler) and graphql-ws.
  const documents = documentPolicyOf(config, limits, (err, message) => app.log.error({ err }, message));
  app.addHook('onClose', () => documents.close());
  const rules = [...limitRules(limits), inputTextRule];
  const formatError = (formatted: GraphQLFormattedError, error: unknown, requestId?: string) =>
    formatGraphQLError(formatted, error, (o, m) => app.log.error(o, m), requestId, {
      hideSuggestions: !limits.introspection,
    });
  const apollo = new ApolloServer<Context>({
    // Queries and mutations run compiled (graphql-jit, src/graphql/jit.ts); Apollo gets the schema from it.
    gateway: jitGateway(schema),
    // APQ and documentId are resolved before Apollo by the same policy as graphql-ws (src/graphql/documents.ts).
    persistedQueries: false,
    introspection: limits.introspection,
    parseOptions: parseOptionsOf(limits),
    validationRules: rules,
    plugins: [
      fastifyApolloDrainPlugin(app),
      // Apollo's cache control would wrap every field resolver and sees no field of the compiled executor:
      // Cache-Control comes from the document and one table of hints instead (src/graphql/cache-control.ts).
      ApolloServerPluginCacheControlDisabled(),
      cacheControlPlugin(schema),
      // Apollo's landing page loads from a CDN; browsers get our own GraphiQL instead (src/web).
      ApolloServerPluginLandingPageDisabled(),
      // A database outage answers 503 with Retry-After, as on REST.
      unavailableGraphqlPlugin,
      graphqlTracingPlugin(schema, limits),
      {
        async requestDidStart() {
          return {
            async didResolveOperation({ request, document, operation, operationName, contextValue, response }) {
              // A mutation reads what it writes, and whatever it reads beside: all of it on the primary.
              if (operation?.operation !== 'query') contextValue.reads.primaryOnly();
              const error =
                checkVariables(request.variables) ?? checkCost(schema, document, request.variables, operationName, limits);
              if (error) throw error;
              if (!costBudget) return;
              const decision = await decide(costBudget, {
                principal: contextValue.principal,
                address: addressOf.get(contextValue.loaders) ?? 'unknown',
                budget: operationBudget(document, operationName, ORDER_MUTATIONS),
                cost: operationCost(schema, document, request.variables, operationName),
              });
              if (decision && !decision.allowed) throw rateLimitedError(costBudget, decision);
              for (const [name, value] of budgetHeaders(costBudget, decision)) response.http.headers.set(name, value);
            },
          };
        },
      },
    ],
    formatError: (formatted, error) => formatError(formatted, error, requestIdOf(error)),
    // Apollo's handler (on by default outside NODE_ENV=test) stops the server at once on SIGINT/SIGTERM
    // and re-sends the signal, which kills the process before src/serve.ts drains.
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  // Best effort: when the database is not there yet, the first request that needs reference data loads it.
  await warmReferenceData(database.db).catch((err: unknown) => app.log.warn({ err }, 'reference data not cached at start'));
  // The cost estimate's list sizes from the database, read now and every 10 minutes (src/graphql/list-stats.ts).
  const listStats = startListStats(database.db, { onError: (err) => app.log.warn({ err }, 'list sizes not read; estimates keep their figures') });
  await listStats.ready;

  const graphqlHandler = fastifyApolloHandler(apollo, {
    context: async (request) => {
      try {
        // A query may read the catalog from a replica; a mutation turns to the primary (didResolveOperation).
        const context = await buildContext(request.headers, request.id, request.sqlCount, 'catalog');
        addressOf.set(context.loaders, request.ip);
        return context;
      } catch (err) {
        tagRequestId(err, request.id);
        // A bad credential is the client's fault, a database outage (the vendor-key lookup) nobody's:
        // answer with the catalog's status and code (401, 503), not a 500.
        const domain = err instanceof DomainError ? err : databaseErrorToDomain(err);
        if (domain) {
          throw tagRequestId(
            new GraphQLError(domain.message, {
              originalError: err as Error,
              extensions: {
                code: domain.code,
                http: domain.code === 'SERVICE_UNAVAILABLE' ? unavailableHttp() : { status: ERROR_CATALOG[domain.code].status },
              },
            }),
            request.id,
          );
        }
        throw err;
      }
    },
  });
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    // A bad credential is not judged here (it counts as none): the context answers it 401 once the document may run.
    preHandler: documentsPreHandler(documents, async (request) => (await principalOf(request)) ?? ANONYMOUS),
    handler: graphqlHandler,
  });
  installGraphqlCacheHeaders(app);

  const health = await registerHealth(app, { database });
  limitStore?.registerMetrics(registry);
  await limitStore?.connected();

  await registerRest(app, { config, database, buildContext, schema });
  await registerWeb(app, { config, database, buildContext, schema });
  const background = await startBackground({
    config,
    database,
    registry,
    log: (o, m) => app.log.error(o, m),
    replicaMonitor: replicas.monitor,
  });
  const realtime = startRealtime(
    {
      app,
      schema,
      config,
      database,
      buildContext,
      guard: {
        limits,
        rules,
        documents,
        budget,
        costBudget,
        formatError,
        clientAddress: (request) => clientAddressOf(request, trust),
      },
    },
    background.fanout,
  );

  return {
    app,
    schema,
    async listen(port = config.PORT, host = config.HOST) {
      return app.listen({ port, host });
    },
    async close() {
      // Not ready first, then keep serving for SHUTDOWN_DELAY so load balancers stop sending traffic.
      health.shutdown();
      if (config.SHUTDOWN_DELAY > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY));
        app.log.info('SHUTDOWN_DELAY over: closing; no new connections, in-flight requests finish');
      }
      try {
        listStats.stop();
        await background.close(() => realtime.close());
        await health.close();
        await limitStore?.close();
      } finally {
        // The HTTP server closes even when stopping the live parts failed (e.g. the database is gone):
        // Apollo's drain (fastifyApolloDrainPlugin) closes Fastify, which stops accepting connections and
        // waits for in-flight requests, closing connections still busy after 10 s; then Apollo stops.
        await apollo.stop();
        await tracing?.shutdown();
      }
    },
  };
}
