/**
 * JSON-schema builders for route params, queries and responses. Fastify validates requests and
 * serializes responses with them (fast-json-stringify drops any property a response schema does not
 * list, so every field the spec names must be listed), and @fastify/swagger publishes them as OpenAPI.
 */

import { INT4_MAX } from '../bounds';

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

/** A route's schema: tag and summary for OpenAPI, the 200 (or other success) body, and error bodies. */
export function route(
  tag: string,
  summary: string,
  parts: { params?: Schema; querystring?: Schema; body?: Schema; response: Record<number, Schema> },
): Schema {
  return {
    tags: [tag],
    summary,
    ...(parts.params ? { params: parts.params } : {}),
    ...(parts.querystring ? { querystring: parts.querystring } : {}),
    ...(parts.body ? { body: parts.body } : {}),
    response: { ...parts.response, '4xx': errorBody, '5xx': errorBody },
  };
}
