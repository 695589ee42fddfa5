/**
 * The OpenAPI document of the REST layer, derived from the routes' own Fastify schemas by rules rather
 * than by per-route edits, so that every route group (those added later included) gets the same
 * treatment. docs/rest.md ("OpenAPI") states the conventions; test/integration/openapi.test.ts lints
 * the served document with Redocly.
 *
 * - Named components: a resource schema wrapped in `component(name, schema)` is registered with
 *   `app.addSchema({$id: name})` and used as `{$ref: 'name#'}`, so it lands in `components.schemas`.
 * - Path parameters: Fastify cannot name a parameter `theatre-id`, so the document takes the names of
 *   the spec's path with the same shape (SPEC_PATHS); paths the spec does not list use kebab-case.
 * - operationId: the schema's own, else one derived from the method and the path.
 * - security: set on every REST route by its rule in src/rest/auth-rules.ts, the same rule that enforces
 *   it; a REST route without one is a bug (the transform throws).
 */

import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { resolveSchema, type DerivedResource, type SchemaOrDerived } from './derive';

type Schema = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------
// Named component schemas

const components = new Map<string, SchemaOrDerived>();
let added = false;

/**
 * Registers `schema` as the component `name` and returns a reference to it, usable wherever the schema
 * itself was (Fastify serializes through the reference; the document shows `#/components/schemas/name`).
 * A schema derived from the GraphQL types (src/rest/derive.ts) is built when the app adds its components.
 */
export function component(name: string, schema: SchemaOrDerived): Schema {
  const existing = components.get(name);
  // An app adds the components once, before its routes: one declared later would be missing from it.
  if (!existing && added) throw new Error(`OpenAPI component ${name} is declared after the app added its components: declare it at module level`);
  if (existing && existing !== schema && (typeof existing === 'function' || typeof schema === 'function' || JSON.stringify(existing) !== JSON.stringify(schema))) {
    throw new Error(`OpenAPI component ${name} is defined twice with different schemas`);
  }
  components.set(name, schema);
  return { $ref: `${name}#` };
}

/** Every registered component, built against the app's GraphQL schema: name → schema (without `$id`). */
export function componentSchemas(graphql: GraphQLSchema): Map<string, Schema> {
  return new Map([...components].map(([name, schema]) => [name, resolveSchema(schema, graphql)]));
}

/** Which GraphQL type each derived component comes from, and how (test/integration/openapi.test.ts checks them). */
export function derivedComponents(): Map<string, DerivedResource> {
  const out = new Map<string, DerivedResource>();
  for (const [name, schema] of components) if (typeof schema === 'function' && schema.resource) out.set(name, schema.resource);
  return out;
}

/** Adds every registered component to `app` (once per app; routes then resolve their references). */
export function addComponentSchemas(app: FastifyInstance, graphql: GraphQLSchema): void {
  added = true;
  for (const [name, schema] of componentSchemas(graphql)) app.addSchema({ $id: name, ...schema });
}

// ---------------------------------------------------------------------------------------------------
// Security

export const SECURITY_SCHEMES = {
  vendorKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Vendor-Key',
    description: 'A vendor application key (docs/auth.md). Demo mode: `demo-vendor-key`.',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A site-account token (HS256). A requirement with the role `admin` needs a token with `scope: admin`. Demo mode: `npm run token -- --account 1 [--admin]`.',
  },
} as const;

// ---------------------------------------------------------------------------------------------------
// Path parameter names

/** Every path of the spec's Endpoints tables that has a parameter, as the spec writes it. */
export const SPEC_PATHS = [
  '/v1/movie-lists/views/{typeName}',
  '/v1/movie-lists/{movie-list-id}',
  '/v1/movie-lists/{movie-list-id}/{movieId}',
  '/v4/loyalty-cards/{card-number}',
  '/v4/loyalty-cards/{card-number}/earn-for-items',
  '/v4/loyalty-cards/{card-number}/waive-fees',
  '/v3/loyalty-cards/{number}',
  '/v4/loyalty-accounts/{loyalty-account-id}',
  '/v4/loyalty-accounts/email-{email-address}',
  '/v4/loyalty-accounts/card-{card-number}',
  '/v4/loyalty-accounts/phone-{phone}',
  '/v4/loyalty-accounts/email-{email-address}/{campaign}/registration',
  '/v4/loyalty-accounts/card-{card-number}/{campaign}/registration',
  '/v4/site-accounts/{site-account-id}/loyalty',
  '/v4/site-accounts/{account-id}/wallet/views/on-demand',
  '/v2/subscriptions/{subscription-name}',
  '/v2/subscriptions/email-address-{email-address}',
  '/v2/subscriptions/phone-number-{phone-number}',
  '/v2/subscriptions/subscriber-guid-{subscriberGuid}',
  '/v2/media/{media-type}/{mediaId}',
  '/v2/media/{resource-type}/{resourceId}/{media-type}',
  '/v1/theatres/{theatre-id}/concessions',
  '/v1/concessions/{theatre-product-assignment-id}',
  '/v1/theatres/{theatre-id}/concessions/{concession-id}',
  '/v1/theatres/{theatre-id}/concessions/categories',
  '/v1/theatres/{theatreId}/concessions/pickup-times/{year}/{month}/{day}',
  '/v1/showtimes/{showtimeId}/concession-pickup-times',
  '/v2/locations/states/{state-name}',
  '/v2/locations/theatres/{theatre-name}',
  '/v3/seating-layouts/{theatre-number}/{performance-number}',
  '/v2/seating-layouts/{theatreNumber}/{performanceNumber}',
  '/v3/theatres/{theatre-number}/seating-layouts',
  '/v1/movie/{movieId}/cast-crew',
  '/v1/devices/{deviceApplicationToken}',
  '/v1/webhooks/{webhooktokenid}',
  '/v1/webhooks/{webhooktokenid}/test',
  '/v2/theatres/{theatre-number}/showtimes/{date}',
  '/v2/theatres/{theatre-number}/showtimes',
  '/v2/showtimes/{id}',
  '/v2/theatres/{theatre-number}/movies/{movie-id}/earliest-showtime',
  '/v2/showtimes/views/current-location/{date}/{latitude}/{longitude}',
  '/v2/orders/{orderId}',
  '/v2/orders/token-{token}',
  '/v2/orders/{orderId}/products',
  '/v2/orders/{orderId}/products/{lineNumber}',
  '/v2/orders/{orderId}/products/{lineNumber}/token-{modifiedOrderItemGuid}/modifiers',
  '/v2/orders/{orderId}/products/{lineNumber}/token-{modifiedOrderItemGuid}/modifiers/{modifierSku}',
  '/v2/orders/{orderId}/payments',
  '/v2/orders/{orderId}/payments/{lineNumber}',
  '/v2/orders/{orderId}/refresh-expiration',
  '/v2/orders/{orderId}/loyalty-discounts',
  '/v2/orders/{orderId}/products/{lineNumber}/sms-ticket-confirmation/{phoneNumber}',
  '/v2/site-accounts/{accountId}/orders/',
  '/v2/site-accounts/{accountId}/personalized-movies/views/{view}',
];

/** A path segment: literal text, or a parameter with the literal text around it (`token-{token}`). */
type Segment = { literal: string } | { before: string; name: string; after: string };

function segmentsOf(path: string, paramPattern: RegExp): Segment[] {
  return path.split('/').map((text) => {
    const m = paramPattern.exec(text);
    return m ? { before: m[1], name: m[2], after: m[3] } : { literal: text };
  });
}

const SPEC_PARAM = /^([^{]*)\{([^}]+)\}(.*)$/;
// Fastify's `:name`, optionally with a regexp constraint `:name(^\d+$)`; a parameter runs to the end.
const FASTIFY_PARAM = /^([^:]*):([A-Za-z0-9_]+)(?:\(.*\))?()$/;

const specShapes = SPEC_PATHS.map((p) => segmentsOf(p, SPEC_PARAM));

function sameShape(route: Segment[], spec: Segment[]): boolean {
  return (
    route.length === spec.length &&
    route.every((r, i) => {
      const s = spec[i];
      if ('literal' in r || 'literal' in s) return 'literal' in r && 'literal' in s && r.literal === s.literal;
      return r.before === s.before && r.after === s.after;
    })
  );
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** How many leading segments two paths share, a parameter matching a parameter of the same frame. */
function sharedPrefix(route: Segment[], spec: Segment[]): number {
  let n = 0;
  while (n < route.length && n < spec.length && sameShape([route[n]], [spec[n]])) n += 1;
  return n;
}

/**
 * The OpenAPI path of a Fastify route URL and the document's name of each Fastify parameter: the names
 * of the spec path of the same shape; for a path the spec does not list, those of the spec path sharing
 * the longest prefix with it (`/v2/orders/{orderId}/fulfillment` takes `orderId` from
 * `/v2/orders/{orderId}`), and kebab-case beyond it.
 */
export function specPathOf(url: string): { path: string; names: Record<string, string> } {
  const route = segmentsOf(url, FASTIFY_PARAM);
  let spec = specShapes.find((s) => sameShape(route, s));
  let shared = route.length;
  if (!spec) {
    shared = 0;
    for (const s of specShapes) {
      const n = sharedPrefix(route, s);
      if (n > shared) [spec, shared] = [s, n];
    }
  }
  const names: Record<string, string> = {};
  const path = route
    .map((seg, i) => {
      if ('literal' in seg) return seg.literal;
      const specSeg = i < shared ? spec?.[i] : undefined;
      names[seg.name] = specSeg && !('literal' in specSeg) ? specSeg.name : kebab(seg.name);
      return `${seg.before}{${names[seg.name]}}${seg.after}`;
    })
    .join('/');
  return { path, names };
}

// ---------------------------------------------------------------------------------------------------
// operationId

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * A camelCase operationId from the method and the path: `GET /v2/theatres/{theatre-number}/showtimes`
 * → `getV2TheatresByTheatreNumberShowtimes`. Unique because method + path is.
 */
export function deriveOperationId(method: string, path: string): string {
  const parts = path.split('/').flatMap((seg) => {
    const m = SPEC_PARAM.exec(seg);
    if (!m) return words(seg).map(capital);
    return [...words(m[1]).map(capital), 'By', ...words(m[2]).map(capital), ...words(m[3]).map(capital)];
  });
  return method.toLowerCase() + parts.join('');
}

// ---------------------------------------------------------------------------------------------------
// The swagger plugin's hooks

/** The REST layer's paths: the spec's versions. */
const REST_PATH = /^\/v\d+\//;

interface TransformArgs {
  schema: unknown;
  url: string;
  route: { method: string | string[] };
}

/** @fastify/swagger's `transform`: names, operationId and security of one route (never mutates it). */
export function transformRoute({ schema, url, route }: TransformArgs): { schema: Schema; url: string } {
  const { path, names } = specPathOf(url);
  const out: Schema = { ...((schema ?? {}) as Schema) };
  // The document is the REST layer's: pages, assets and GraphQL registered beside it are not in it.
  if (!REST_PATH.test(url)) return { schema: { ...out, hide: true }, url };
  const params = out.params as { properties?: Record<string, Schema>; required?: string[] } | undefined;
  if (params?.properties) {
    out.params = {
      ...params,
      properties: Object.fromEntries(Object.entries(params.properties).map(([k, v]) => [names[k] ?? k, v])),
      ...(params.required ? { required: params.required.map((k) => names[k] ?? k) } : {}),
    };
  }
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  out.operationId ??= deriveOperationId(method, path);
  if (!Array.isArray(out.security)) throw new Error(`${method} ${url} has no security: src/rest/auth-rules.ts applies to REST routes only`);
  return { schema: out, url: path };
}

/** The plugin's options: the document's frame, named components, and the per-route transform. */
export function swaggerOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marquee REST compatibility API',
        version: '1.0.0',
        description: "The theatre chain's REST paths (HAL), served from the same services as GraphQL. See docs/rest.md.",
        license: { name: 'UNLICENSED (proprietary)', identifier: 'LicenseRef-Proprietary' },
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Components keep their own names ($id) instead of the plugin's `def-N`.
    refResolver: {
      buildLocalReference: (json: Schema, _base: unknown, _fragment: unknown, i: number) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transform: transformRoute,
  };
}

/**
 * The served document: the generated one with `servers` = `{base_url}` (PUBLIC_BASE_URL, else the
 * request's origin), so "Try it" and generated clients call the server the document came from.
 */
export function documentFor(document: Schema, baseUrl: string): Schema {
  return { ...document, servers: [{ url: baseUrl, description: 'This Marquee instance' }] };
}

