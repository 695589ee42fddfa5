import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CATALOG } from './errors';
import { redactUrl } from './logging';

/**
 * What a client gets while the database cannot serve it (src/db-errors.ts: lost or unreachable
 * connections, statement timeouts): HTTP 503 with `Retry-After`, on REST (`SERVICE_UNAVAILABLE`, code
 * 5030) and on GraphQL (`extensions.code` SERVICE_UNAVAILABLE) alike — and, as a backstop for whatever
 * else might keep a request waiting, the same answer when a request has not been answered within its
 * deadline (DB_STATEMENT_TIMEOUT + 5 s).
 */

/** `Retry-After` of a 503: the pool reconnects within 0.5 s (db/client.ts), so a second is enough. */
export const RETRY_AFTER_SECONDS = 1;

const UNAVAILABLE_MESSAGE = 'The database is unavailable; retry shortly';

/**
 * An operation whose errors include SERVICE_UNAVAILABLE answers HTTP 503 with `Retry-After`: the
 * database failed it, and the client should retry as it would a REST 503 (graphql-js' default, 200,
 * reads as an answer). Business errors keep 200.
 */
export const unavailableGraphqlPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        if (!response.body.singleResult.errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) return;
        response.http.status = ERROR_CATALOG.SERVICE_UNAVAILABLE.status;
        response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
      },
    };
  },
};

/** `extensions.http` of a GraphQL error that must answer 503 with `Retry-After` (Apollo reads it). */
export const unavailableHttp = () => ({
  status: ERROR_CATALOG.SERVICE_UNAVAILABLE.status,
  headers: new Map([['retry-after', String(RETRY_AFTER_SECONDS)]]),
});

/**
 * Answers every HTTP request not answered within `deadlineMs` with 503 SERVICE_UNAVAILABLE and
 * `Retry-After` (the GraphQL error shape on /graphql, the REST one elsewhere), and logs it. The work
 * behind it goes on until the database ends it (its statement timeout) and its late answer is
 * dropped. No request ends this way while the database answers or fails as it should: this only
 * bounds what a driver fault could leave waiting (docs/operations.md).
 */
export function installRequestDeadline(app: FastifyInstance, deadlineMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => answerLate(request, reply, deadlineMs), deadlineMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}

function answerLate(request: FastifyRequest, reply: FastifyReply, deadlineMs: number): void {
  if (reply.sent || reply.raw.headersSent) return;
  request.log.error({ requestId: request.id, url: redactUrl(request.url), deadlineMs }, 'request not answered within its deadline: 503');
  const { status, restCode } = ERROR_CATALOG.SERVICE_UNAVAILABLE;
  const body = request.url.split('?')[0] === '/graphql'
    ? { errors: [{ message: UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE', requestId: request.id } }] }
    : { errors: [{ code: restCode, message: UNAVAILABLE_MESSAGE }] };
  void reply.code(status).header('retry-after', String(RETRY_AFTER_SECONDS)).type('application/json; charset=utf-8').send(body);
}
