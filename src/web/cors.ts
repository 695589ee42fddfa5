import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { CorsOrigins } from '../config';

/** Request headers a browser client of ours sends (REST, GraphQL and Apollo's CSRF-prevention headers). */
export const CORS_ALLOWED_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-Vendor-Key',
  'Idempotency-Key',
  'X-Request-Id',
  'Apollo-Require-Preflight',
  'X-Apollo-Operation-Name',
  'If-None-Match',
];

/** Response headers a browser script may read: created resources, correlation, rate-limit state. */
export const CORS_EXPOSED_HEADERS = [
  'Location',
  'X-Request-Id',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
  'X-Sql-Statements',
  'ETag',
];

/** How long a browser may cache a preflight answer (Chrome caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** http(s) origins on this machine, any port: what `loopback` in CORS_ORIGINS stands for. */
const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** The origin rule @fastify/cors takes for a CORS_ORIGINS setting, or null when no origin is allowed. */
export function corsOriginOption(origins: CorsOrigins): '*' | (string | RegExp)[] | null {
  if (origins === '*') return '*';
  if (!origins.length) return null;
  return origins.map((o) => (o === 'loopback' ? LOOPBACK : o));
}

/**
 * CORS for browser apps on other origins (@fastify/cors). Registered before the rate limiter: its
 * onRequest hook answers a preflight (204) before the limiter's and the REST input guard's hooks run,
 * so a preflight neither spends the client's budget nor meets a 400; and every other response —
 * a 429 included — already carries Access-Control-Allow-Origin, so the page can read it.
 * No credentials mode: the API's credentials are headers (X-Vendor-Key, Authorization), never cookies.
 */
export async function registerCors(app: FastifyInstance, origins: CorsOrigins): Promise<void> {
  // Every response names its request id, so a browser client can quote it when reporting a problem.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const origin = corsOriginOption(origins);
  if (origin === null) return;
  await app.register(cors, {
    origin,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}
