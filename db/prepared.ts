import type { SQL } from 'drizzle-orm';
import { statementCountOf, type Db, type DbOrTx } from './client';

type Internals = {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: { client: unknown };
};
type PendingQuery<T> = Promise<T> & { execute(): PendingQuery<T> };
type PostgresJsClient = {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): PendingQuery<unknown[]>;
};
type ReservingClient = PostgresJsClient & { reserve(): Promise<PostgresJsClient & { release(): void }> };

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
 * Runs `query` as a named prepared statement on postgres.js; on PGlite, as drizzle's `execute`.
 * Drizzle's postgres.js driver sends every statement unprepared (`unsafe` without `prepare`), so each
 * one is parsed and planned again; the hot order paths (holds, create, cancel) use this instead.
 * postgres.js keeps one prepared statement per distinct text and connection. Counted like drizzle's own
 * statements (`x-sql-statements`).
 */
export async function executePrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { dialect, session } = internalsOf(db);
  const client = session.client as Partial<PostgresJsClient>;
  if (typeof client.unsafe !== 'function') {
    const result = (await db.execute(query)) as unknown;
    return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
  }
  const { sql, params } = dialect.sqlToQuery(query);
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
 * Runs `fn` as one transaction on a reserved postgres.js connection, with its statements pipelined:
 * BEGIN is written together with the first statement, and `commit()` together with the statements
 * sent before it, so a transaction whose statements are known up front costs one round trip, and a
 * lock held by its last statement is released as soon as that statement ends, not one client round
 * trip later (drizzle's `db.transaction` waits for BEGIN, each statement and COMMIT in turn).
 *
 * Each statement has its own Sync, so one that fails makes the ones behind it fail (the transaction is
 * aborted) and a COMMIT behind it roll back: callers that must not commit after a condition they learn
 * only from a statement's result make that statement fail (hold-sql.ts). When `fn` ends without
 * `commit()` or throws, the transaction is rolled back. Only for postgres.js (`canPipeline`).
 */
export async function pipelinedTransaction<T>(db: Db, fn: (tx: PipelinedTx) => Promise<T>): Promise<T> {
  const { dialect, session } = internalsOf(db);
  const client = session.client as ReservingClient;
  const store = statementCountOf(db);
  const connection = await client.reserve().catch((error: unknown) => Promise.reject(asError(error)));
  // Every statement sent, so the connection goes back to the pool only when all of them (COMMIT or
  // ROLLBACK last) are done: postgres.js queues statements behind one that it prepares first (its
  // Describe round trip), and releasing the connection would drop that queue — and leave the
  // transaction open on a pooled connection.
  const sent: Promise<unknown>[] = [];
  let pooled: ConnectionHandle | null = null;
  let closedSignal: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    closedSignal = resolve;
  });
  let isClosed = false;
  let ended = false;
  const start = <R>(query: PendingQuery<R>): Promise<R> => {
    const running = (query.execute() as Promise<R>).catch((error: unknown) => Promise.reject(asError(error)));
    // Each promise is awaited by the caller or not at all (a statement behind a failed one): never unhandled.
    running.catch(() => undefined);
    sent.push(running);
    return running;
  };
  const control = (command: 'commit' | 'rollback') => {
    ended = true;
    return start(connection.unsafe(command, [], { prepare: false })).then(() => undefined);
  };
  const tx: PipelinedTx = {
    send<R>(query: SQL) {
      if (ended) throw new Error('pipelinedTransaction: statement after the end of the transaction');
      const { sql, params } = dialect.sqlToQuery(query);
      if (store) store.count += 1;
      return start(connection.unsafe(sql, params, { prepare: true })) as Promise<R[]>;
    },
    commit: () => control('commit'),
    rollback: () => control('rollback'),
  };
  try {
    start(
      connection.unsafe('begin', [], {
        prepare: false,
        // postgres.js hands over the pooled connection as BEGIN is written: learn when it closes, as
        // postgres.js' own `begin` does, so a lost connection never leaves this waiting.
        onexecute: (c: ConnectionHandle) => {
          pooled = c;
          c.onclose = () => {
            isClosed = true;
            closedSignal();
          };
          return true;
        },
      } as { prepare: boolean }),
    );
    const lost = closed.then(() => Promise.reject(new Error('database connection closed during a transaction')));
    // Handled even when the connection closes after `fn` settled (while waiting for the last answers).
    lost.catch(() => undefined);
    const result = await Promise.race([fn(tx), lost]);
    if (!ended) await tx.rollback();
    return result;
  } catch (error) {
    if (!ended && !isClosed) await tx.rollback().catch(() => undefined);
    throw error;
  } finally {
    await Promise.race([Promise.allSettled(sent), closed]);
    if (pooled) (pooled as ConnectionHandle).onclose = null;
    // A closed connection is postgres.js' to reopen; handing it back would put it among the open ones.
    if (!isClosed) connection.release();
  }
}

type ConnectionHandle = { onclose: ((error?: unknown) => void) | null };
