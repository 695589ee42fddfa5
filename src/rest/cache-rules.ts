/**
 * HTTP caching of REST answers: one rule table (the class of data each read route serves, the same
 * classes GraphQL's hints use, src/cache-policy.ts) and one hook per route that writes `Cache-Control`,
 * `Vary`, a strong `ETag` of the body, and answers `If-None-Match` with 304. docs/rest.md ("Caching").
 *
 * The credential a route needs (AUTH_RULES, applied before this) bounds its class: an answer to a
 * request that carried a credential is never public, and one of a route where any variant needs a
 * credential is at most the account class (private, 30 s) then. Writes and errors are `no-store`.
 */

import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { appendVary, CACHE_CLASSES, CachePolicy, cacheControlValue, carriesCredentials, VARY_CREDENTIALS, type CacheClass, type CacheHint } from '../cache-policy';
import type { Security } from './auth-rules';

interface CacheRule {
  /** Matched against the route's own URL (`/v2/orders/:orderId`), for GET (and HEAD). */
  path: RegExp;
  cache: CacheClass;
}

/**
 * The first rule that matches a read route is its class; a read no rule names is the catalog when the
 * route is public, the account's data when it needs a credential.
 */
export const CACHE_RULES: CacheRule[] = [
  // Orders (by token too) and the account's order history change with every hold and payment.
  { path: /^\/v2\/orders(\/|$)/, cache: 'live' },
  { path: /^\/v\d\/site-accounts\/[^/]+\/orders(\/|$)/, cache: 'live' },
  // A performance's seat map: statuses per viewer, changing with every hold.
  { path: /^\/v\d\/seating-layouts\//, cache: 'live' },
  // A vendor's webhook subscriptions and deliveries.
  { path: /^\/v1\/webhooks(\/|$)/, cache: 'live' },
  // Showtimes carry their sold-out flags.
  { path: /^\/v2\/showtimes(\/|$)/, cache: 'availability' },
  { path: /^\/v2\/theatres\/[^/]+\/(showtimes|movies\/[^/]+\/earliest-showtime)(\/|$)/, cache: 'availability' },
  { path: /\/pickup-times(\/|$)/, cache: 'showtimes' },
];

const isPublicAlternative = (security: Security) => security.length === 0 || security.some((r) => Object.keys(r).length === 0);

/** The policies of a read route: for a request without credentials, and for one with. */
export function routePolicies(url: string, security: Security, variants: { security: Security }[]): { anonymous: CacheHint; credentialed: CacheHint } {
  const rule = CACHE_RULES.find((r) => r.path.test(url));
  const base: CacheHint = rule ? CACHE_CLASSES[rule.cache] : isPublicAlternative(security) ? CACHE_CLASSES.catalog : CACHE_CLASSES.account;
  const needsCredentialSomewhere = !isPublicAlternative(security) || variants.some((v) => !isPublicAlternative(v.security));
  const credentialed = new CachePolicy();
  credentialed.restrict(base);
  credentialed.restrict(needsCredentialSomewhere ? CACHE_CLASSES.account : { scope: 'PRIVATE' });
  return { anonymous: base, credentialed };
}

/** A strong validator of the bytes sent: the same body gives the same tag on every instance. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 asks for this header; `*` any). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = ([] as string[]).concat(header).flatMap((h) => h.split(','));
  return tags.some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

const applied = Symbol('cache rule applied');

/**
 * Applies CACHE_RULES to every route registered in `app` after this call (call it after
 * installAuthRules: it reads the `security` those set).
 */
export function installCacheRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions & { [applied]?: true }) => {
    if (route[applied]) return;
    route[applied] = true;
    const methods = ([] as string[]).concat(route.method);
    const read = methods.every((m) => m === 'GET' || m === 'HEAD');
    const schema = (route.schema ?? {}) as { security?: Security; 'x-security-variants'?: { security: Security }[] };
    const policies = read ? routePolicies(route.url, schema.security ?? [], schema['x-security-variants'] ?? []) : null;
    const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const credentialed = carriesCredentials((name) => request.headers[name]);
      if (!policies || reply.statusCode !== 200) {
        reply.header('cache-control', 'no-store');
        return payload;
      }
      reply.header('cache-control', cacheControlValue(credentialed ? policies.credentialed : policies.anonymous, credentialed));
      reply.header('vary', appendVary(reply.getHeader('vary'), VARY_CREDENTIALS));
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const etag = etagOf(payload);
      reply.header('etag', etag);
      if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
      reply.code(304);
      reply.removeHeader('content-type');
      return null;
    };
    // First: a HEAD route's own handler (Fastify's) drops the body, and the tag is of the body GET sends.
    route.onSend = [onSend, ...([] as unknown[]).concat(route.onSend ?? [])] as RouteOptions['onSend'];
  });
}
