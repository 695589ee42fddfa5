import type { SQL } from 'drizzle-orm';
import { statementCountOf, type Db, type DbOrTx } from './client';
import { onConnectionClosed } from './connection-events';
import { isConnectionLoss } from './driver-guard';

type Internals = {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: { client: unknown };
};
type PendingQuery<T> = Promise<T> & { execute(): PendingQuery<T> };
type PostgresJsClient = {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): PendingQuery<unknown[]>;
};
type PgliteClient = { query(query: string, params: unknown[]): Promise<unknown> };
type ReservedClient = PostgresJsClient & { release(): void };

/** A statement's text and parameters, as drizzle's dialect compiles an SQL (kept to run it again). */
export interface CompiledQuery {
  sql: string;
  params: unknown[];
}
type ReservingClient = PostgresJsClient & { reserve(): Promise<ReservedClient> };

const internalsOf = (db: DbOrTx) => db as unknown as Internals;

/**
 * A driver rejection as an Error of this realm. postgres.js passes socket errors (ECONNREFUSED, …)
 * through as Node made them; under a test runner's sandbox those are not `instanceof Error`, and
 * Fastify would send such a value as a 200 body. Drizzle wraps them (its `cause`); so do we, keeping
 * the original as `cause` so that its code still maps (src/db-errors.ts).
 */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return new Error(typeof message === 'string' ? message : 'database error', { cause: error });
}

/**
 * Runs `query` (drizzle's SQL, or one compiled before) as a named prepared statement on postgres.js; on
 * PGlite, as drizzle's `execute`.
 * Drizzle's postgres.js driver sends every statement unprepared (`unsafe` without `prepare`), so each
 * one is parsed and planned again; the hot order paths (holds, create, cancel) use this instead.
 * postgres.js keeps one prepared statement per distinct text and connection. Counted like drizzle's own
 * statements (`x-sql-statements`).
 */
export async function executePrepared<T>(db: DbOrTx, query: SQL | CompiledQuery): Promise<T[]> {
  const { dialect, session } = internalsOf(db);
  const client = session.client as Partial<PostgresJsClient>;
  if (typeof client.unsafe !== 'function') {
    if (!('params' in query)) {
      const result = (await db.execute(query)) as unknown;
      return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
    }
    // PGlite, a query compiled before: its own parameterised query, counted here as drizzle would.
    const count = statementCountOf(db);
    if (count) count.count += 1;
    return ((await (session.client as PgliteClient).query(query.sql, query.params)) as { rows: T[] }).rows;
  }
  const { sql, params } = 'params' in query ? query : dialect.sqlToQuery(query);
  const count = statementCountOf(db);
  if (count) count.count += 1;
  try {
    return (await client.unsafe(sql, params, { prepare: true })) as T[];
  } catch (error) {
    throw asError(error);
  }
}

/** One transaction whose statements are written to the connection without waiting for each other. */
export interface PipelinedTx {
  /**
   * Sends `query` (prepared) now, behind everything sent before on this transaction, without waiting
   * for it; the promise gives its rows. Counted like every statement (`x-sql-statements`).
   */
  send<T>(query: SQL): Promise<T[]>;
  /** Sends COMMIT behind what was sent (a transaction in which a statement failed rolls back instead). */
  commit(): Promise<void>;
  /** Sends ROLLBACK behind what was sent. */
  rollback(): Promise<void>;
}

/** True when `db` runs on postgres.js, whose connections `pipelinedTransaction` can reserve. */
export function canPipeline(db: Db): boolean {
  return typeof (internalsOf(db).session.client as Partial<ReservingClient>).reserve === 'function';
}

/**
 * A statement that could not run, or whose answer never came, because the connection it used was
 * lost. Its `code` is postgres.js' own for a closed connection, so it maps to 503 (src/db-errors.ts).
 */
export class ConnectionLostError extends Error {
  readonly code = 'CONNECTION_CLOSED';
  constructor() {
    super('database connection closed during a transaction');
    this.name = 'ConnectionLostError';
  }
}

/** Reservations asked for one transaction at most (the first, one per connection closed, one a second). */
const MAX_RESERVE_ASKS = 32;
/** While a reservation waits, it is asked for again this often, whatever closed. */
const RESERVE_ASK_AGAIN_MS = 1000;

/**
 * A connection of the pool to itself, as `client.reserve()` gives it — except that the wait cannot
 * be lost. postgres.js 3.4.x queues a reservation when no connection is free; when a connection then
 * closes, the pool hands the head of that queue to the closed connection's reconnect as its first
 * query, and a reconnect drops a reservation there instead of answering it (porsager/postgres#1195):
 * the promise never settles, and the request waits forever with no session in Postgres. So while it
 * waits, each connection of the pool that closes makes it ask again — and so does every second, since
 * a connection closed while it reconnects (terminated during its start-up) reconnects again without
 * telling anyone; the first answer wins, and a reservation granted after that goes straight back to the
 * pool. A refusal (the database cannot be reached) ends the wait with that error.
 */
function reserveConnection(client: ReservingClient): Promise<ReservedClient> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let asks = 0;
    const unwatch = onConnectionClosed(client, () => {
      // After the pool's own close handling (which is what may drop the queued reservation).
      setImmediate(ask);
    });
    const timer = setInterval(ask, RESERVE_ASK_AGAIN_MS);
    const stopWatching = () => {
      unwatch();
      clearInterval(timer);
    };
    function ask(): void {
      if (settled || asks >= MAX_RESERVE_ASKS) return;
      asks += 1;
      client.reserve().then(
        (connection) => {
          if (settled) return connection.release();
          settled = true;
          stopWatching();
          resolve(connection);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          stopWatching();
          reject(asError(error));
        },
      );
    }
    ask();
  });
}

/**
 * Runs `fn` as one transaction on a reserved postgres.js connection, with its statements pipelined:
 * BEGIN is written together with the first statement, and `commit()` together with the statements
 * sent before it, so a transaction whose statements are known up front costs one round trip, and a
 * lock held by its last statement is released as soon as that statement ends, not one client round
 * trip later (drizzle's `db.transaction` waits for BEGIN, each statement and COMMIT in turn).
 *
 * Each statement has its own Sync, so one that fails makes the ones behind it fail (the transaction is
 * aborted) and a COMMIT behind it roll back: callers that must not commit after a condition they learn
 * only from a statement's result make that statement fail (src/services/order/store-hold.ts). When `fn` ends without
 * `commit()` or throws, the transaction is rolled back. Only for postgres.js (`canPipeline`).
 *
 * A lost connection fails the transaction at once with ConnectionLostError (503), whatever `fn` still
 * waits for, and nothing more is written to it: postgres.js would write to the closed socket (a
 * TypeError in its timer, and a connection that no longer sends anything) or, once the pool reopened
 * it for another query, into that query's session. The pool reopens it; it is not handed back.
 */
export async function pipelinedTransaction<T>(db: Db, fn: (tx: PipelinedTx) => Promise<T>): Promise<T> {
  const { dialect, session } = internalsOf(db);
  const client = session.client as ReservingClient;
  const store = statementCountOf(db);
  const connection = await reserveConnection(client);
  // Every statement sent, so the connection goes back to the pool only when all of them (COMMIT or
  // ROLLBACK last) are done: postgres.js queues statements behind one that it prepares first (its
  // Describe round trip), and releasing the connection would drop that queue — and leave the
  // transaction open on a pooled connection.
  const sent: Promise<unknown>[] = [];
  let pooled: ConnectionHandle | null = null;
  let isClosed = false;
  let ended = false;
  let signalLost: (error: Error) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => {
    signalLost = reject;
  });
  // Handled even when the connection closes after `fn` settled (while waiting for the last answers).
  lost.catch(() => undefined);
  const onClose = () => {
    isClosed = true;
    signalLost(new ConnectionLostError());
  };
  const start = <R>(query: () => PendingQuery<R>): Promise<R> => {
    if (isClosed) {
      const refused = Promise.reject(new ConnectionLostError());
      refused.catch(() => undefined);
      return refused;
    }
    const running = (query().execute() as Promise<R>).catch((error: unknown) => {
      // The server ended the session (57P01 comes before the socket closes) or the socket broke: the
      // connection is gone. A ROLLBACK written now would sit in postgres.js' write buffer when the socket
      // closes, and that connection would never send anything again (its next start-up included).
      if (isConnectionLoss(error)) onClose();
      return Promise.reject(asError(error));
    });
    // Each promise is awaited by the caller or not at all (a statement behind a failed one): never unhandled.
    running.catch(() => undefined);
    sent.push(running);
    return running;
  };
  const control = (command: 'commit' | 'rollback') => {
    ended = true;
    const done = start(() => connection.unsafe(command, [], { prepare: false })).then(() => undefined);
    // Awaited by the caller, or not at all: one that stops at a failed statement before it leaves the
    // COMMIT behind it unawaited, and a lost connection fails that too (an unhandled rejection, which
    // ended the process).
    done.catch(() => undefined);
    return done;
  };
  const tx: PipelinedTx = {
    send<R>(query: SQL) {
      if (ended) throw new Error('pipelinedTransaction: statement after the end of the transaction');
      const { sql, params } = dialect.sqlToQuery(query);
      if (store) store.count += 1;
      return start(() => connection.unsafe(sql, params, { prepare: true })) as Promise<R[]>;
    },
    commit: () => control('commit'),
    rollback: () => control('rollback'),
  };
  try {
    start(() =>
      connection.unsafe('begin', [], {
        prepare: false,
        // postgres.js hands over the pooled connection as BEGIN is written: learn when it closes, as
        // postgres.js' own `begin` does, so a lost connection never leaves this waiting.
        onexecute: (c: ConnectionHandle) => {
          pooled = c;
          c.onclose = onClose;
          return true;
        },
      } as { prepare: boolean }),
    );
    const result = await Promise.race([fn(tx), lost]);
    // Nothing was committed: a rollback lost with its connection is a rollback all the same.
    if (!ended) await Promise.race([tx.rollback(), lost]).catch(() => undefined);
    return result;
  } catch (error) {
    if (!ended && !isClosed) await Promise.race([tx.rollback(), lost]).catch(() => undefined);
    throw error;
  } finally {
    await Promise.race([Promise.allSettled(sent), lost.catch(() => undefined)]);
    // Only our own hook: after a close the pool may already have lent the connection to someone else.
    const handle = pooled as ConnectionHandle | null;
    if (handle && handle.onclose === onClose) handle.onclose = null;
    // A closed connection is postgres.js' to reopen; handing it back would put it among the open ones.
    if (!isClosed) connection.release();
  }
}

type ConnectionHandle = { onclose: ((error?: unknown) => void) | null };

/**
 * One transaction written as statements sent one behind the other (`PipelinedTx`), on either driver:
 * on postgres.js `pipelinedTransaction` (BEGIN with the first statements, COMMIT with the last, in as
 * few round trips as the caller's waits allow); on PGlite, which runs in-process on one connection and
 * has no round trip to save, the same statements one after the other in a drizzle transaction. So a
 * write is formulated once; the driver split stays here. On PGlite `commit()` resolves once what was
 * sent before it ran, and the transaction commits when `fn` returns (rolls back when it throws).
 */
export async function sendingTransaction<T>(db: Db, fn: (tx: PipelinedTx) => Promise<T>): Promise<T> {
  if (canPipeline(db)) return pipelinedTransaction(db, fn);
  return db.transaction(async (drizzleTx) => {
    // In the order sent: a statement sent without waiting (an advisory lock) runs before the next.
    let last: Promise<unknown> = Promise.resolve();
    const queue = <R>(run: () => Promise<R>): Promise<R> => {
      const next = last.then(run);
      last = next.catch(() => undefined);
      return next;
    };
    const tx: PipelinedTx = {
      send: <R>(query: SQL) => queue(() => executePrepared<R>(drizzleTx, query)),
      commit: () => queue(async () => undefined),
      rollback: () => queue(async () => drizzleTx.rollback()),
    };
    const result = await fn(tx);
    await last;
    return result;
  });
}
