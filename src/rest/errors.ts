import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseErrorToDomain } from '../db-errors';
import { DomainError, ERROR_CATALOG } from '../errors';
import { redactUrl } from '../logging';
import { RETRY_AFTER_SECONDS } from '../unavailable';

/** The original chain's error body: `{"errors":[{"code": <int>, "message": "…"}]}`. */
export interface ErrorBody {
  errors: { code: number; message: string }[];
}

export function errorBody(code: number, message: string): ErrorBody {
  return { errors: [{ code, message }] };
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A schema-validation failure as a sentence naming the parameter ("page-size must be integer"). */
export function describeValidation(error: FastifyError): string {
  const issue = (error.validation?.[0] ?? {}) as ValidationIssue;
  const where = error.validationContext ?? 'request';
  const missing = issue.params?.missingProperty;
  const name = missing ? String(missing) : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (missing) return `${where} parameter '${name}' is required`;
  if (!name) return `${where} ${issue.message ?? 'is invalid'}`;
  return `${where} parameter '${name}' ${issue.message ?? 'is invalid'}`;
}

/**
 * A path value that is a number outside its parameter's range (an id of 0, -1 or past int4): no
 * resource can have it, so it is not found, as an id that is in range but unknown is. A value that is
 * not a number at all stays a 400 naming the parameter.
 */
function outOfRangePathValue(error: FastifyError, request: FastifyRequest): string | null {
  if (error.validationContext !== 'params') return null;
  const issue = (error.validation?.[0] ?? {}) as ValidationIssue;
  if (issue.keyword !== 'minimum' && issue.keyword !== 'maximum') return null;
  const name = (issue.instancePath ?? '').replace(/^\//, '');
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return `${name} ${String(value)} was not found`;
}

/** Maps a Fastify client error status to a numeric code in the catalog's style (400 → 4000). */
function restCodeOfStatus(status: number): number {
  if (status === 404) return ERROR_CATALOG.NOT_FOUND.restCode;
  return status * 10;
}

/**
 * Installs the one error handler and the not-found handler of the service:
 * - DomainError → the catalog's HTTP status and REST code, with its message;
 * - a database error that is the input's fault or an outage → 400 or 503 (src/db-errors.ts);
 * - a path value out of its range (e.g. an id past int4) → 404, as an unknown id;
 * - schema validation → 400 naming the parameter;
 * - Fastify's own client errors (bad JSON, unsupported media type, too large) → their status;
 * - unknown routes → 404 with code 4002;
 * - anything else → 500 with a masked message, logged in full with the request id.
 * Nothing internal (SQL, stack) ever reaches the body.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const domain = error instanceof DomainError ? error : databaseErrorToDomain(error);
    if (domain) {
      const entry = ERROR_CATALOG[domain.code];
      if (domain !== error) request.log.warn({ err: error, requestId: request.id }, `database error: ${domain.code}`);
      else if (entry.status >= 500) request.log.error({ err: error, requestId: request.id }, 'domain error');
      // The database will be back: say when to try again (src/unavailable.ts).
      if (domain.code === 'SERVICE_UNAVAILABLE') void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return reply.status(entry.status).send(errorBody(entry.restCode, domain.message));
    }
    const outOfRange = error.validation ? outOfRangePathValue(error, request) : null;
    if (outOfRange) return reply.status(404).send(errorBody(ERROR_CATALOG.NOT_FOUND.restCode, outOfRange));
    if (error.validation) {
      return reply.status(400).send(errorBody(ERROR_CATALOG.BAD_USER_INPUT.restCode, describeValidation(error)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(restCodeOfStatus(status), error.message));
    }
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody(ERROR_CATALOG.INTERNAL_SERVER_ERROR.restCode, `Internal server error (request id ${request.id})`));
  });

  app.setNotFoundHandler(answerNotFound);
}

/** The 404 of a path no route serves; the path is echoed with personal data masked, as in log lines. */
function answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = redactUrl(request.url.split('?')[0]);
  return reply.status(404).send(errorBody(ERROR_CATALOG.NOT_FOUND.restCode, `No resource at ${request.method} ${path}`));
}

/**
 * Fastify's `frameworkErrors` constructor option (to be passed by src/server.ts). Fastify's router
 * rejects a path that is not valid percent-encoded UTF-8 (`/v2/theatres/%C3%28`, a bare `%`) before any
 * hook or error handler runs, and answers in its own body; this answers it as every other bad input:
 * 400 with the chain's error body. A path value longer than the router's `maxParamLength` (100) matches
 * no route: the 404 of any unknown path (Fastify ≥ 5.7 raises it as FST_ERR_MAX_PARAM_LENGTH, a 414, where
 * earlier versions answered their not-found handler). Any other framework error is unexpected: 500,
 * masked and logged.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .send(errorBody(ERROR_CATALOG.BAD_USER_INPUT.restCode, 'The path is not valid percent-encoded UTF-8'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void answerNotFound(request, reply);
    return;
  }
  request.log.error({ err: error, requestId: request.id }, 'framework error');
  void reply
    .status(500)
    .send(errorBody(ERROR_CATALOG.INTERNAL_SERVER_ERROR.restCode, `Internal server error (request id ${request.id})`));
}
