import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError, Kind } from 'graphql';
import { ArgumentValidationError, AuthorizationError } from 'type-graphql';
import { databaseErrorToDomain } from '../db-errors';
import { DomainError, ERROR_CATALOG } from '../errors';

type LogFn = (obj: object, msg: string) => void;

export interface FormatOptions {
  /** Drop graphql-js' "Did you mean …?" hints, which reveal field names when introspection is off. */
  hideSuggestions?: boolean;
}

// graphql-js 16 spells it "more that".
const TOKEN_LIMIT = /Document contains more tha[nt] (\d+) tokens/;

/** Codes that graphql-js, Apollo and type-graphql set themselves and that are safe to show. */
const PASSTHROUGH_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
]);

/**
 * graphql-js' (and graphql-jit's) refusal of an argument while a field runs: a null variable for a
 * non-null argument with a default (valid to validation, spec'd as a field error), a required
 * variable not sent. The client's input, not a bug; graphql-js gives it no code and no originalError.
 */
const ARGUMENT_REFUSED = /^Argument "[^"]+" (of (required|non-null) type "[^"]+" |(of type "[^"]+" )?has invalid value )/;

/**
 * Whether `error` is a variable graphql-js could not coerce before execution, which Apollo Server
 * answers BAD_USER_INPUT with HTTP 400 (the rule of its isBadUserInputGraphQLError). graphql-ws
 * (src/realtime/ws.ts) labels these the same way.
 */
export function isVariableCoercionError(error: GraphQLError): boolean {
  const node = error.nodes?.length === 1 ? error.nodes[0] : undefined;
  if (node?.kind !== Kind.VARIABLE_DEFINITION) return false;
  const prefix = `Variable "$${node.variable.name.value}" `;
  return ['got invalid value ', 'of required type ', 'of non-null type '].some((p) => error.message.startsWith(prefix + p));
}

function describeValidation(error: ArgumentValidationError): string {
  const parts = error.extensions.validationErrors.flatMap(function walk(v): string[] {
    const own = Object.values(v.constraints ?? {}).map((c) => `${c}`);
    const children = (v.children ?? []).flatMap(walk).map((c) => `${v.property}.${c}`);
    return [...own, ...children];
  });
  return `Invalid argument: ${parts.join('; ')}`;
}

const requestIds = new WeakMap<object, string>();

/**
 * Marks `error` as raised while serving the request `requestId`: its masked form and its log line carry
 * the id (`requestIdOf`). The executor marks the errors of an operation, the context function its own.
 */
export function tagRequestId<T>(error: T, requestId: string | undefined): T {
  if (requestId && typeof error === 'object' && error !== null) requestIds.set(error, requestId);
  return error;
}

/** The request id `error` (or the error it wraps) was marked with. */
export function requestIdOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  return requestIds.get(error) ?? (original ? requestIds.get(original) : undefined);
}

/**
 * Shapes every GraphQL error the client sees: domain errors keep their code, argument validation
 * names the argument, and anything unexpected is masked and logged in full with the request id.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log: LogFn,
  requestId?: string,
  options: FormatOptions = {},
): GraphQLFormattedError {
  if (options.hideSuggestions && formatted.message.includes(' Did you mean')) {
    formatted = { ...formatted, message: formatted.message.replace(/ Did you mean .*\?$/, '') };
  }
  const tokens = TOKEN_LIMIT.exec(formatted.message);
  if (tokens) {
    const message = `The document has more than ${tokens[1]} tokens`;
    return { message, extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'tokens', max: Number(tokens[1]) } };
  }
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  const domain = original instanceof DomainError ? original : databaseErrorToDomain(original);
  if (domain) {
    if (domain !== original) log({ err: original, requestId, path: formatted.path }, `database error: ${domain.code}`);
    return {
      ...formatted,
      message: domain.message,
      extensions: { code: domain.code, ...(domain.details ?? {}) },
    };
  }
  if (original instanceof ArgumentValidationError) {
    return {
      ...formatted,
      message: describeValidation(original),
      extensions: { code: 'BAD_USER_INPUT', validationErrors: undefined },
    };
  }
  if (original instanceof AuthorizationError) {
    // type-graphql's @Authorized refusal says UNAUTHORIZED; our catalog calls it FORBIDDEN.
    return { ...formatted, extensions: { code: 'FORBIDDEN' } };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && PASSTHROUGH_CODES.has(code)) {
    return { ...formatted, extensions: { code } };
  }
  const unlabelled = code === undefined || code === 'INTERNAL_SERVER_ERROR';
  if (unlabelled && original instanceof GraphQLError && !original.originalError && ARGUMENT_REFUSED.test(original.message)) {
    return { ...formatted, extensions: { code: 'BAD_USER_INPUT' } };
  }
  if (unlabelled && original instanceof GraphQLError && !original.originalError && !formatted.path) {
    // Made by graphql-js or Apollo about the request itself (e.g. a persisted-query hash that does not
    // match; Apollo labels what has no code INTERNAL_SERVER_ERROR): its message is meant for the
    // client. Anything thrown carries an originalError and stays masked below.
    return { ...formatted, extensions: { code: 'BAD_REQUEST' } };
  }
  log({ err: original, requestId, path: formatted.path }, 'unexpected GraphQL error');
  return {
    message: 'Internal server error',
    path: formatted.path,
    locations: formatted.locations,
    extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
  };
}

export { ERROR_CATALOG };
