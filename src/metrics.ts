import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from './config';
import { unauthenticated } from './errors';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at `/metrics`: request latency by route and status, and SQL statements per
 * request (the number that batching keeps flat). One registry per app so tests can build several.
 * With METRICS_TOKEN set, /metrics wants `Authorization: Bearer <token>`; in production without one it
 * is not served at all (metrics tell an attacker what the service does and how it is doing).
 */
export function registerMetrics(app: FastifyInstance, config: Pick<Config, 'METRICS_TOKEN' | 'demoMode'>): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'marquee_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const statements = new Histogram({
    name: 'marquee_sql_statements_per_request',
    help: 'SQL statements issued by one HTTP request',
    labelNames: ['route'],
    buckets: [0, 1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'marquee_http_errors_total',
    help: 'HTTP responses with status >= 500',
    labelNames: ['route'],
    registers: [registry],
  });

  // The labelled children by their labels: prom-client would hash the label object again on every
  // observation. Routes, methods and statuses are bounded (routes are the registered patterns).
  const durationOf = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
  const statementsOf = new Map<string, Histogram.Internal<'route'>>();
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unknown';
    if (route !== '/metrics') {
      const status = reply.statusCode;
      const key = `${req.method} ${status} ${route}`;
      let timer = durationOf.get(key);
      if (!timer) durationOf.set(key, (timer = duration.labels({ method: req.method, route, status: String(status) })));
      timer.observe(reply.elapsedTime / 1000);
      if (req.sqlCount) {
        let counted = statementsOf.get(route);
        if (!counted) statementsOf.set(route, (counted = statements.labels({ route })));
        counted.observe(req.sqlCount.count);
      }
      if (status >= 500) errors.inc({ route });
    }
    done();
  });
  const token = config.METRICS_TOKEN;
  if (!token && !config.demoMode) return registry;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token) {
      const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, token)) throw unauthenticated('/metrics wants Authorization: Bearer <METRICS_TOKEN>');
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
