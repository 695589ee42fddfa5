import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal';
import type { Config } from '../config';
import { ERROR_CATALOG } from '../errors';
import { memoryStore, redisStore } from './document-store';
import { DocumentPolicy, readManifest, type DocumentRequest, type ResolvedDocument } from './documents';
import type { OperationLimits } from './limits';

/**
 * The instance's document policy from its configuration: the manifest of GRAPHQL_TRUSTED_DOCUMENTS (read
 * at start; a bad file stops the start), GRAPHQL_UNTRUSTED_DOCUMENTS (default `vendors` with a manifest,
 * `allow` without), and the APQ store (Redis when REDIS_URL is set, else in memory).
 */
export function documentPolicyOf(config: Config, limits: OperationLimits, log: (err: unknown, message: string) => void): DocumentPolicy {
  const manifest = config.GRAPHQL_TRUSTED_DOCUMENTS ? readManifest(config.GRAPHQL_TRUSTED_DOCUMENTS) : null;
  return new DocumentPolicy({
    manifest,
    untrusted: config.GRAPHQL_UNTRUSTED_DOCUMENTS ?? (manifest ? 'vendors' : 'allow'),
    store: config.REDIS_URL ? redisStore(config.REDIS_URL, log) : memoryStore(),
    introspection: limits.introspection,
    maxTokens: limits.maxTokens,
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A GET request's parameters as a DocumentRequest (`extensions` is JSON text there); null when unreadable.
 * Read as Apollo reads them (URLSearchParams, first value of a repeated name), not from Fastify's parsed
 * query, which makes a repeated `query` an array: judged as "no text", its first value would run unchecked.
 */
function fromSearch(request: FastifyRequest): DocumentRequest | null {
  const params = new URL(request.raw.url ?? '/graphql', 'http://localhost').searchParams;
  let extensions: unknown;
  const json = params.get('extensions');
  if (json !== null) {
    try {
      extensions = JSON.parse(json);
    } catch {
      return null; // Apollo answers the malformed parameter itself.
    }
  }
  return { query: params.get('query') ?? undefined, documentId: params.get('documentId') ?? undefined, extensions };
}

/** Rewrites a GET request's URL to carry the resolved text, as Apollo's handler reads it (`request.url`). */
function rewriteSearch(request: FastifyRequest, resolved: ResolvedDocument): void {
  const url = new URL(request.raw.url ?? '/graphql', 'http://localhost');
  url.searchParams.set('query', resolved.query);
  url.searchParams.delete('documentId');
  if (resolved.extensions) url.searchParams.set('extensions', JSON.stringify(resolved.extensions));
  else url.searchParams.delete('extensions');
  request.raw.url = url.pathname + url.search;
}

/**
 * The /graphql preHandler: resolves a `documentId` or an APQ hash to its text and applies
 * GRAPHQL_UNTRUSTED_DOCUMENTS before Apollo sees the request (Apollo's own APQ is off: one pipeline for
 * HTTP and graphql-ws). A refusal answers as Apollo answers errors: `{errors: [{message, extensions: {code}}]}`,
 * 400, except APQ's PersistedQueryNotFound, 200 and not cacheable, as Apollo sends it.
 */
export function documentsPreHandler(policy: DocumentPolicy, principalOf: (request: FastifyRequest) => Promise<Principal>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (!get && request.method !== 'POST') return;
    const source = get ? null : request.body;
    if (!get && !isObject(source)) return;
    const sent = isObject(source) ? { query: source.query, documentId: source.documentId, extensions: source.extensions } : fromSearch(request);
    if (!sent) return;
    const resolved = await policy.resolve(sent, () => principalOf(request));
    if (resolved === null) return;
    if (resolved instanceof Error) {
      const status = ERROR_CATALOG[resolved.code].status;
      reply.code(status).header('content-type', 'application/json; charset=utf-8');
      if (resolved.code === 'PERSISTED_QUERY_NOT_FOUND') reply.header('cache-control', 'private, no-cache, must-revalidate');
      return reply.send({ errors: [{ message: resolved.message, extensions: { code: resolved.code } }] });
    }
    if (!isObject(source)) {
      rewriteSearch(request, resolved);
    } else {
      source.query = resolved.query;
      delete source.documentId;
      if (resolved.extensions) source.extensions = resolved.extensions;
      else delete source.extensions;
    }
  };
}
