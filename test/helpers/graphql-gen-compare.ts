import { execute, getOperationAST, getVariableValues, parse, validate, type GraphQLError, type GraphQLSchema } from 'graphql';
import { formatGraphQLError } from '../../src/graphql/format-error';
import type { GenCase } from './graphql-gen';

/**
 * What the differential suite compares (test/integration/graphql-generated.test.ts): whether an
 * operation was refused before it ran, its data, and its errors as `path|extensions.code` — the same
 * errors up to wording.
 */
export interface Outcome {
  /** Answered before execution: a parse or validation error, no operation to run, bad variables. */
  refused: boolean;
  /** The HTTP status (served over HTTP only). */
  status?: number;
  data: unknown;
  /** `path|code`, sorted. */
  errors: string[];
  /** The errors' messages (not compared: reported when the errors differ). */
  messages?: string[];
}

/** Marquee's own limits (cost, depth, tokens, aliases…): graphql-js has none, so these are not compared. */
export const LIMIT_CODES = new Set(['QUERY_TOO_COMPLEX']);

interface FormattedError {
  message?: string;
  path?: readonly (string | number)[];
  extensions?: { code?: unknown };
}

const key = (e: FormattedError) => `${(e.path ?? []).join('.')}|${String(e.extensions?.code ?? 'NO_CODE')}`;
const keys = (errors: readonly FormattedError[] | undefined) => (errors ?? []).map(key).sort();
const messagesOf = (errors: readonly FormattedError[] | undefined) => (errors ?? []).map((e) => String(e.message).slice(0, 200));

/** The outcome of an HTTP answer (its status and JSON body). */
export function httpOutcome(status: number, body: { data?: unknown; errors?: FormattedError[] } | null): Outcome {
  const data = body && typeof body === 'object' ? body.data : undefined;
  return { refused: data === undefined, status, data, errors: keys(body?.errors), messages: messagesOf(body?.errors) };
}

/** The outcome of a graphql-ws operation: its `error` message's errors, or its first `next` payload. */
export function wsOutcome(message: { type: string; payload?: unknown }): Outcome {
  if (message.type === 'error') {
    const errors = message.payload as FormattedError[];
    return { refused: true, data: undefined, errors: keys(errors), messages: messagesOf(errors) };
  }
  const payload = (message.payload ?? {}) as { data?: unknown; errors?: FormattedError[] };
  return { refused: payload.data === undefined, data: payload.data, errors: keys(payload.errors), messages: messagesOf(payload.errors) };
}

/** The code Marquee gives an error that graphql-js raised during execution (its one formatter). */
function executionCode(error: GraphQLError): string {
  const formatted = formatGraphQLError(error.toJSON(), error, () => undefined);
  return key(formatted);
}

/**
 * graphql-js' answer to `c`: parse, validate with its specified rules, then execute on the same
 * schema with `contextValue`. A request refused before execution gets the codes Apollo Server gives
 * each stage (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, OPERATION_RESOLUTION_FAILURE for no
 * operation to run, BAD_USER_INPUT for variables); errors raised while executing get Marquee's
 * formatter's code, as the served ones do. `execute: false` stops before running the operation
 * (subscriptions over graphql-ws, whose stream needs the server's fan-out): null when it would run.
 */
export async function referenceOutcome(
  schema: GraphQLSchema,
  c: GenCase,
  contextValue: unknown,
  options: { execute: boolean } = { execute: true },
): Promise<Outcome | null> {
  const refused = (codes: string[]): Outcome => ({ refused: true, data: undefined, errors: codes.map((code) => `|${code}`).sort() });
  let document;
  try {
    document = parse(c.query);
  } catch {
    return refused(['GRAPHQL_PARSE_FAILED']);
  }
  const invalid = validate(schema, document);
  if (invalid.length > 0) return refused(invalid.map(() => 'GRAPHQL_VALIDATION_FAILED'));
  const variableValues = c.variablesJson === undefined ? undefined : (JSON.parse(c.variablesJson) as Record<string, unknown>);
  const operationName = c.operationName ?? undefined;
  if (!options.execute) {
    const operation = getOperationAST(document, operationName);
    if (!operation) return refused(['OPERATION_RESOLUTION_FAILURE']);
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variableValues ?? {}, { maxErrors: 50 });
    return coerced.errors ? refused(coerced.errors.map(() => 'BAD_USER_INPUT')) : null;
  }
  const result = await execute({ schema, document, variableValues, operationName, contextValue });
  if (!('data' in result)) {
    // No operation to run (Apollo: OPERATION_RESOLUTION_FAILURE, its first error), or bad variables.
    if (!getOperationAST(document, operationName)) return refused(['OPERATION_RESOLUTION_FAILURE']);
    return refused((result.errors ?? []).map(() => 'BAD_USER_INPUT'));
  }
  return {
    refused: false,
    data: JSON.parse(JSON.stringify(result.data)) as unknown,
    errors: (result.errors ?? []).map(executionCode).sort(),
  };
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How far apart the two sides' clocks may put a timestamp a mutation writes (they run one after the other). */
const CLOCK_SLACK_MS = 120_000;

/** Random identifiers with a prefix: a webhook signing secret (whsec_…), a webhook message id (msg_…). */
const PREFIXED_RANDOM = /^(whsec|msg)_[A-Za-z0-9+/=]+$/;

/**
 * Whether two leaves are the same value a mutation made fresh on each side: a timestamp of "now"
 * (within CLOCK_SLACK_MS), a random uuid, a random prefixed identifier.
 */
function sameFresh(a: string, b: string): boolean {
  if (ISO_TIME.test(a) && ISO_TIME.test(b)) return Math.abs(Date.parse(a) - Date.parse(b)) < CLOCK_SLACK_MS;
  if (UUID.test(a) && UUID.test(b)) return true;
  const [pa, pb] = [PREFIXED_RANDOM.exec(a), PREFIXED_RANDOM.exec(b)];
  return pa !== null && pb !== null && pa[1] === pb[1];
}

/** Deep equality; with `fresh`, leaves a mutation makes fresh on each side compare equal (sameFresh). */
export function sameData(a: unknown, b: unknown, fresh: boolean): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return fresh && sameFresh(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameData(v, b[i], fresh));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k, i) => k === kb[i] && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], fresh))
    );
  }
  return false;
}

const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/**
 * How the served outcome differs from graphql-js' (empty: none). Never a 5xx nor an
 * INTERNAL_SERVER_ERROR, whatever graphql-js answers; over HTTP a refusal is a 4xx and an executed
 * operation a 200.
 */
export function differences(served: Outcome, expected: Outcome | null, options: { fresh: boolean }): string[] {
  const out: string[] = [];
  if (served.status !== undefined && served.status >= 500) out.push(`HTTP ${served.status}`);
  if (served.errors.some((e) => e.endsWith('|INTERNAL_SERVER_ERROR'))) out.push('an INTERNAL_SERVER_ERROR');
  if (!expected) return out;
  if (served.refused !== expected.refused) {
    out.push(`served ${served.refused ? 'refused' : 'executed'} it, graphql-js ${expected.refused ? 'refuses' : 'executes'}`);
  }
  if (served.status !== undefined && served.status < 500) {
    const want = expected.refused ? '4xx' : '200';
    const got = served.status === 200 ? '200' : served.status >= 400 && served.status < 500 ? '4xx' : String(served.status);
    if (got !== want) out.push(`HTTP ${served.status}, expected ${want}`);
  }
  if (!sameData(served.data, expected.data, options.fresh)) out.push(`data: served ${brief(served.data)}, graphql-js ${brief(expected.data)}`);
  if (served.errors.join() !== expected.errors.join()) {
    const said = served.messages?.length ? ` (served: ${served.messages.join(' | ')})` : '';
    out.push(`errors: served [${served.errors.join(', ')}], graphql-js [${expected.errors.join(', ')}]${said}`);
  }
  return out;
}

/** Whether the served answer hit one of Marquee's own limits (then it is counted, not compared). */
export const limited = (served: Outcome) => served.errors.some((e) => LIMIT_CODES.has(e.slice(e.indexOf('|') + 1)));
