/**
 * JSON-schema builders for route params, queries and responses. Fastify validates requests and
 * serializes responses with them (fast-json-stringify drops any property a response schema does not
 * list, so every field the spec names must be listed), and @fastify/swagger publishes them as OpenAPI.
 */

import { INT4_MAX, INT4_MIN } from '../bounds';
import { carryBodyParser } from './schema-compilers';

type Schema = Record<string, unknown>;

export const str = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
export const int = (description?: string): Schema => ({ type: 'integer', ...(description ? { description } : {}) });
export const num = (description?: string): Schema => ({ type: 'number', ...(description ? { description } : {}) });
export const bool = (description?: string): Schema => ({ type: 'boolean', ...(description ? { description } : {}) });

/**
 * A row id in a path: an integer from 1 to INT4_MAX (every id column is an int4). Outside that range no
 * resource can exist, so the error handler answers 404, not 400 (src/rest/errors.ts).
 */
export const id = (description?: string): Schema => ({ ...int(description), minimum: 1, maximum: INT4_MAX });

/** The same schema, also allowing null. */
export function nullable(schema: Schema): Schema {
  return { ...schema, type: [schema.type as string, 'null'] };
}

export const nstr = (d?: string) => nullable(str(d));
export const nint = (d?: string) => nullable(int(d));
export const nnum = (d?: string) => nullable(num(d));
export const nbool = (d?: string) => nullable(bool(d));

/** An object whose listed properties are all required except those in `optional`. */
export function obj(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

export const arr = (items: Schema): Schema => ({ type: 'array', items });

/** A string → string map (media URL objects keyed as the spec spells them). */
export const stringMap = (): Schema => ({ type: 'object', additionalProperties: { type: 'string' } });

export const link = obj({ href: str(), templated: bool() });

/**
 * `_links`: `self` and the named relations are listed; any other relation (the `{base_url}/rels/…`
 * URIs depend on the base URL) is allowed as a link too.
 */
export function links(optional: readonly string[] = []): Schema {
  const properties: Record<string, Schema> = { self: link };
  for (const name of optional) properties[name] = link;
  return { type: 'object', properties, required: ['self'], additionalProperties: link };
}

/** `_links` of a paged collection. */
export const pagedLinks = links(['previous', 'next']);

/** The paging fields of a collection, plus its own fields (e.g. `_embedded`). */
export function paged(fields: Record<string, Schema>): Schema {
  return obj({ pageSize: int(), pageNumber: int(), count: int('Total across all pages.'), ...fields, _links: pagedLinks });
}

/** The original chain's error body. */
export const errorBody = obj({ errors: arr(obj({ code: int(), message: str() })) });

/** Path-parameter schema: every listed parameter is required. */
export function params(properties: Record<string, Schema>): Schema {
  return obj(properties);
}

/** Query-string schema: nothing required unless listed. */
export function query(properties: Record<string, Schema>, required: readonly string[] = []): Schema {
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/**
 * Bounds a request schema gets wherever it sets none (docs/security.md), so that no path value, query
 * parameter or body field can carry more than the database or the service can take.
 */
export const REQUEST_LIMITS = {
  /** Characters of a path value; Fastify's router already matches no longer one (maxParamLength). */
  pathText: 100,
  /** Characters of a query parameter. */
  queryText: 200,
  /** Characters of a string field of a JSON body. */
  bodyText: 1000,
  /** Items of an array in a JSON body. */
  listItems: 100,
} as const;

/**
 * The schema with the default bounds added where it has none: integers within int4, strings (except
 * enums) at most `maxText` characters, arrays at most REQUEST_LIMITS.listItems items; recursively.
 */
export function bounded(schema: Schema, maxText: number): Schema {
  const types = ([] as unknown[]).concat(schema.type);
  const out: Schema = { ...schema };
  if (types.includes('integer')) {
    out.minimum ??= INT4_MIN;
    out.maximum ??= INT4_MAX;
  }
  if (types.includes('string') && !schema.enum) out.maxLength ??= maxText;
  if (types.includes('array')) out.maxItems ??= REQUEST_LIMITS.listItems;
  if (schema.items) out.items = bounded(schema.items as Schema, maxText);
  if (schema.properties) {
    const properties = schema.properties as Record<string, Schema>;
    out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, bounded(v, maxText)]));
  }
  return out;
}

/** A body schema with the default bounds; a zod-validated one keeps its parser (src/rest/schema-compilers.ts). */
function boundedBody(body: Schema): Schema {
  const out = bounded(body, REQUEST_LIMITS.bodyText);
  carryBodyParser(body, out);
  return out;
}

/**
 * A route's schema: tag and summary for OpenAPI, the 200 (or other success) body, and error bodies.
 * Params, query and body get the default bounds of REQUEST_LIMITS where they set none.
 */
export function route(
  tag: string,
  summary: string,
  parts: { params?: Schema; querystring?: Schema; body?: Schema; response: Record<number, Schema> },
): Schema {
  return {
    tags: [tag],
    summary,
    ...(parts.params ? { params: bounded(parts.params, REQUEST_LIMITS.pathText) } : {}),
    ...(parts.querystring ? { querystring: bounded(parts.querystring, REQUEST_LIMITS.queryText) } : {}),
    ...(parts.body ? { body: boundedBody(parts.body) } : {}),
    response: { ...parts.response, '4xx': errorBody, '5xx': errorBody },
  };
}
