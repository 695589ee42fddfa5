import type { FastifyInstance } from 'fastify';
import { findBadText } from '../bounds';
import { badInput } from '../errors';

/**
 * The raw query string's first parameter that is not valid percent-encoded UTF-8 (`%C3%28`, `%FF`, a
 * bare `%`, an encoded surrogate), or null. Fastify's parser keeps such a value as its raw text, so
 * the mistake would pass unseen; it is checked on the raw URL instead.
 */
function badlyEncodedQueryParameter(url: string): string | null {
  const at = url.indexOf('?');
  if (at === -1) return null;
  for (const pair of url.slice(at + 1).split('&')) {
    const [key, value = ''] = pair.split('=', 2);
    for (const part of [key, value]) {
      try {
        decodeURIComponent(part.replace(/\+/g, ' '));
      } catch {
        return key;
      }
    }
  }
  return null;
}

const WHERE = [
  ['params', 'path'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * Rejects text no route can take, before schema validation and before any SQL: a query string that is
 * not valid percent-encoded UTF-8, and a NUL byte or a lone surrogate anywhere in a path value, a query
 * parameter or a JSON body (keys included). 400 BAD_USER_INPUT naming the parameter.
 * A path that is not valid percent-encoding never gets here: Fastify's router rejects it first
 * (`frameworkErrors` in src/rest/errors.ts).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const encoded = badlyEncodedQueryParameter(request.url);
    if (encoded !== null) {
      throw badInput(`querystring parameter '${encoded}' is not valid percent-encoded UTF-8`, encoded);
    }
    for (const [part, where] of WHERE) {
      const bad = findBadText(request[part]);
      if (bad) throw badInput(bad.path ? `${where} parameter '${bad.path}' ${bad.problem}` : `${where} ${bad.problem}`, bad.path || where);
    }
  });
}
