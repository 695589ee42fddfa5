import type { FastifyRequest } from 'fastify';

/** Keeps the last four characters of a secret-ish value: `…1234`. */
export function lastFour(value: string): string {
  return value.length > 4 ? `…${value.slice(-4)}` : '…';
}

const EMAIL = /[^/?&=\s]+(?:@|%40)[^/?&=\s]+/gi;

/** Path segments that carry personal data or credentials, each with how to mask it. */
const PATH_RULES: [RegExp, (match: string, ...groups: string[]) => string][] = [
  // Order tokens are credentials: GET /v2/orders/token-{guid} reads the order.
  [/(\/token-)[^/?]+/gi, (_m, prefix) => `${prefix}[redacted]`],
  // Loyalty card numbers, in /v{n}/loyalty-cards/{number} and card-{number}.
  [/(\/loyalty-cards\/)(?!validations\b)([^/?]+)/gi, (_m, prefix, card) => `${prefix}${lastFour(card)}`],
  [/(\/card-)([^/?]+)/gi, (_m, prefix, card) => `${prefix}${lastFour(card)}`],
  // E-mail addresses: email-{address}, email-address-{address}.
  [/(\/email(?:-address)?-)([^/?]+)/gi, (_m, prefix) => `${prefix}[email]`],
  // Phone numbers: phone-{n}, phone-number-{n}, and the SMS confirmation path.
  [/(\/phone(?:-number)?-)([^/?]+)/gi, (_m, prefix, phone) => `${prefix}${lastFour(phone)}`],
  [/(\/sms-ticket-confirmation\/)([^/?]+)/gi, (_m, prefix, phone) => `${prefix}${lastFour(phone)}`],
  // A contact of a subscription channel, /v2/subscriptions/{name}/{email|sms|smsConfirm}/{contact}: an
  // e-mail address, a mobile number or a subscriber guid (any channel type, also a misspelled one).
  [/(\/subscriptions\/[^/?]+\/[^/?]+\/)([^/?]+)/gi, (_m, prefix, contact) => `${prefix}${maskContact(contact)}`],
  [/(\/subscriber-guid-)([^/?]+)/gi, (_m, prefix, guid) => `${prefix}${lastFour(guid)}`],
  // Device application tokens and wallet card tokens identify an installation or a saved card.
  [/(\/devices\/)([^/?]+)/gi, (_m, prefix, token) => `${prefix}${lastFour(token)}`],
  [/(\/(?:credit|gift|partner)-cards\/)([^/?]+)/gi, (_m, prefix, token) => `${prefix}${lastFour(token)}`],
];

/** An e-mail address (also percent-encoded) is replaced whole; a number or guid keeps its last four. */
function maskContact(value: string): string {
  return /@|%40/i.test(value) ? '[email]' : lastFour(value);
}

/** Query parameters whose values are personal data or credentials. */
const SECRET_QUERY = /([?&](?:email(?:-address)?|phone(?:-number)?|subscriber-guid|loyalty-?card-?number|card-number|token|ssn|pin)=)([^&]*)/gi;

/**
 * A request URL as it may appear in a log line: order tokens, loyalty card numbers (all but the last
 * four), phone numbers, e-mail addresses and credential query parameters are masked.
 */
export function redactUrl(url: string): string {
  let out = url;
  for (const [pattern, mask] of PATH_RULES) out = out.replace(pattern, mask as (m: string, ...g: string[]) => string);
  out = out.replace(SECRET_QUERY, (_m, key: string) => `${key}[redacted]`);
  return out.replace(EMAIL, '[email]');
}

/**
 * drizzle wraps driver errors as "Failed query: … params: …": the parameters can be tokens, e-mail
 * addresses or card numbers, so a logged error keeps the SQL and drops the values.
 */
export function redactError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const clean = (text: string) => text.replace(/\nparams: .*/, '\nparams: [redacted]').replace(EMAIL, '[email]');
  const { code, cause } = err as Error & { code?: unknown; cause?: unknown };
  return {
    type: err.name,
    message: clean(err.message),
    stack: clean(err.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(cause instanceof Error ? { cause: { type: cause.name, message: clean(cause.message) } } : {}),
  };
}

/** pino options of the service: redacted request lines and errors, credential headers never logged. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-vendor-key"]', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
      err: redactError,
    },
  };
}
