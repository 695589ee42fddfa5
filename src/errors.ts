/**
 * The one catalog of error codes: each code's GraphQL `extensions.code`, HTTP status for REST,
 * and the numeric code of the original chain's REST error body (4002 was its not-found).
 */
export const ERROR_CATALOG = {
  BAD_USER_INPUT: { status: 400, restCode: 4000 },
  UNAUTHENTICATED: { status: 401, restCode: 4010 },
  FORBIDDEN: { status: 403, restCode: 4030 },
  NOT_FOUND: { status: 404, restCode: 4002 },
  CONFLICT: { status: 409, restCode: 4090 },
  SEAT_UNAVAILABLE: { status: 409, restCode: 4091 },
  ORDER_EXPIRED: { status: 410, restCode: 4100 },
  ORDER_STATE: { status: 409, restCode: 4092 },
  PAYMENT_REQUIRED: { status: 402, restCode: 4020 },
  /** A seat-map cursor older than the event log's retention: reload the map and subscribe afresh. */
  CURSOR_EXPIRED: { status: 410, restCode: 4101 },
  /** A live subscriber that could not keep up was dropped: resubscribe with its last cursor. */
  SUBSCRIBER_TOO_SLOW: { status: 429, restCode: 4291 },
  RATE_LIMITED: { status: 429, restCode: 4290 },
  /** A GraphQL operation over a static limit (cost, tokens, depth, aliases, directives, root mutations). */
  QUERY_TOO_COMPLEX: { status: 400, restCode: 4001 },
  /** A GraphQL operation that resolved more list items than the runtime guard allows. */
  RESPONSE_TOO_LARGE: { status: 400, restCode: 4005 },
  /** An `Idempotency-Key` reused with a different request (route, path or body). */
  IDEMPOTENCY_KEY_REUSED: { status: 422, restCode: 4220 },
  /** The loyalty card (or account) is Closed: it can neither earn nor spend. */
  LOYALTY_CARD_CLOSED: { status: 409, restCode: 4093 },
  /** The loyalty card (or account) is flagged for fraud: it can neither earn nor spend. */
  LOYALTY_CARD_FRAUD: { status: 409, restCode: 4094 },
  /** The loyalty card is not Active (not activated, lost, suspended, …), or its account may not earn / redeem. */
  LOYALTY_CARD_INACTIVE: { status: 409, restCode: 4095 },
  /** A fee waiver larger than the card's balance: nothing is spent. */
  INSUFFICIENT_BALANCE: { status: 409, restCode: 4096 },
  /** An item (vendor + productId) that already earned points, on any card: nothing is earned. */
  ALREADY_EARNED: { status: 409, restCode: 4097 },
  /** A campaign registration outside the campaign's dates. */
  CAMPAIGN_NOT_OPEN: { status: 409, restCode: 4098 },
  /** A persisted document id (`documentId`, or an APQ hash this client may not register) that is in no manifest. */
  PERSISTED_DOCUMENT_NOT_FOUND: { status: 400, restCode: 4006 },
  /** A document not in the trusted-documents manifest, from a client GRAPHQL_UNTRUSTED_DOCUMENTS does not let send one. */
  UNTRUSTED_DOCUMENT: { status: 400, restCode: 4007 },
  /** Apollo's APQ signal, answered 200 as Apollo does: the hash is not stored yet, send it again with its text. */
  PERSISTED_QUERY_NOT_FOUND: { status: 200, restCode: 2000 },
  INTERNAL_SERVER_ERROR: { status: 500, restCode: 5000 },
  /** The database is unreachable or too slow; retry later. */
  SERVICE_UNAVAILABLE: { status: 503, restCode: 5030 },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/**
 * An expected business failure. Services throw it; GraphQL maps it to `extensions.code`,
 * REST to the catalog's status and `{errors:[{code, message}]}`. Anything else is masked.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badInput = (message: string, argument?: string) =>
  new DomainError('BAD_USER_INPUT', message, argument ? { argument } : undefined);
export const notFound = (what: string, id: string | number) => new DomainError('NOT_FOUND', `${what} ${id} was not found`);
export const unauthenticated = (message = 'Authentication required') => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = 'Not allowed') => new DomainError('FORBIDDEN', message);
