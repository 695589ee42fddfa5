import { SpanKind, type Context as TraceContext } from '@opentelemetry/api';
import { countingDb, StatementCount, type Db } from '../../db/client';
import { contextOf, endFailed, tracer, type Span } from './index';

/**
 * Spans of SQL statements: the postgres.js client of a traced database handle (db/client.ts
 * `countingDb`, src/services/shared/prepared-reads.ts) is wrapped so that each statement it sends is a client span
 * under `parent()` — the request's span, or its GraphQL operation's once that has started. A
 * transaction's, savepoint's and reserved connection's statements are wrapped the same way.
 *
 * A span is named by the statement's `/* name *\/` tag, else by drizzle's kind and first table
 * (`select theatres`); the statement's text and its parameters are never recorded.
 */
export type TraceParent = () => TraceContext | null;

const TAG = /^\s*\/\*\s*([A-Za-z_][\w.:-]*)\s*\*\//;
const KIND = /^\s*([A-Za-z]+)/;
const TABLE = /\b(?:from|into|update)\s+"?([A-Za-z_][\w]*)"?/i;
const names = new Map<string, { name: string; kind: string }>();
/** Statement texts are bounded by the code; the cap only guards against a leak. */
const MAX_NAMES = 5000;

/** The span name and operation kind of a statement text (no literal of the text is kept). */
export function statementName(query: string): { name: string; kind: string } {
  let known = names.get(query);
  if (known) return known;
  const tag = TAG.exec(query)?.[1];
  const body = tag ? query.slice(query.indexOf('*/') + 2) : query;
  const kind = KIND.exec(body)?.[1]?.toLowerCase() ?? 'sql';
  const table = /^(select|insert|update|delete|with)$/.test(kind) ? TABLE.exec(body)?.[1] : undefined;
  known = { name: tag ?? (table ? `${kind} ${table}` : kind), kind };
  if (names.size < MAX_NAMES) names.set(query, known);
  return known;
}

type Thenable = { then(ok: (v: unknown) => unknown, fail: (e: unknown) => unknown): unknown };
type AnyFn = (...args: unknown[]) => unknown;

/** Starts the statement's span and ends it when `query` settles (attaching to it does not change it). */
function spanOf<Q>(query: Q, text: string, parent: TraceParent): Q {
  const t = tracer();
  const ctx = parent();
  if (!t || !ctx) return query;
  const { name, kind } = statementName(text);
  const span = t.startSpan(
    name,
    { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.operation.name': kind, 'db.query.summary': name } },
    ctx,
  );
  // postgres.js runs a query when it is first awaited, a microtask later: drizzle's `.values()` right
  // after `unsafe()` still applies.
  (query as unknown as Thenable).then(
    () => span.end(),
    (error) => endFailed(span, error),
  );
  return query;
}

/** Wraps the callback argument (the last one) of `begin`/`savepoint` so it receives a traced client. */
function wrapCallbackArg(args: unknown[], parent: TraceParent): unknown[] {
  const last = args.length - 1;
  const fn = args[last];
  if (typeof fn !== 'function') return args;
  const copy = [...args];
  copy[last] = (client: unknown) => (fn as AnyFn)(tracedClient(client, parent));
  return copy;
}

/**
 * A view of a postgres.js client (or transaction / reserved connection) whose statements are spans
 * under `parent()`; everything else is the client's own (prototype). Not a postgres.js client (PGlite):
 * returned as it is.
 */
export function tracedClient<C>(client: C, parent: TraceParent): C {
  const raw = client as unknown as Record<string, AnyFn | undefined>;
  if (typeof raw.unsafe !== 'function') return client;
  const view = Object.create(client as object) as Record<string, AnyFn>;
  view.unsafe = (...args: unknown[]) => spanOf(raw.unsafe!(...args), String(args[0]), parent);
  if (typeof raw.begin === 'function') view.begin = (...args: unknown[]) => raw.begin!(...wrapCallbackArg(args, parent));
  if (typeof raw.savepoint === 'function') {
    view.savepoint = (...args: unknown[]) => raw.savepoint!(...wrapCallbackArg(args, parent));
  }
  if (typeof raw.reserve === 'function') {
    view.reserve = async (...args: unknown[]) => tracedClient(await raw.reserve!(...args), parent);
  }
  return view as unknown as C;
}

/**
 * A database handle whose statements are children of `span` (a background job's round or a webhook
 * attempt): a counting handle (db/client.ts) whose client is traced. Only made while tracing is on.
 */
export function tracedDb(db: Db, span: Span): Db {
  const count = new StatementCount();
  const parent = contextOf(span);
  count.wrapClient = (client) => tracedClient(client, () => parent);
  return countingDb(db, count);
}
