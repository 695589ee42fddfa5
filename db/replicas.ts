import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { isConnectionLoss } from './driver-guard';
import { UNPIPELINED } from './pooler';
import * as schema from './schema';

/** The drizzle database over our schema: db/client.ts's `Db`, spelled here so that client.ts, which opens the replicas, is not imported back. */
type Db = PostgresJsDatabase<typeof schema>;

/**
 * One streaming replica of DATABASE_REPLICA_URLS, for catalog reads (docs/scale-out.md, "Read
 * replicas"). Labelled by its position (`replica0`, …) in metrics and logs: its URL may hold a password.
 */
export interface Replica {
  /** Position in DATABASE_REPLICA_URLS, from 0. */
  index: number;
  /** `replica<index>`: the label of its metrics and log lines. */
  label: string;
  /**
   * Its pool, for catalog reads. A statement that fails because its connection to the replica went
   * away (db/driver-guard.ts `isConnectionLoss`) is sent once more, to the primary (`onReadFailed` is
   * told): the client sees no error.
   */
  db: Db;
  /**
   * The same pool without that retry: for what must know which server answered. The reference cache
   * (src/loaders/reference-cache.ts) reads the version of a replica's cache here, so that a version can
   * only come from the server whose data the cache holds.
   */
  strictDb: Db;
  /** A connection of its own for the health check (src/replica-health.ts), one statement a second. */
  health: postgres.Sql;
  /** Set by the health monitor: a read lost its replica connection and went to the primary. */
  onReadFailed: (error: unknown) => void;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  /** The primary's query pool: where a read that lost its replica connection is sent again. */
  primary: postgres.Sql;
  /** Connections of each replica's pool (DB_REPLICA_POOL_SIZE). */
  max: number;
  /** Named prepared statements (DB_PREPARE), as on the primary's pool. */
  prepare: boolean;
  /** postgres.js options of a connection named `applicationName` (the primary's timeouts). */
  connectionOptions(applicationName: string): postgres.Options<Record<string, never>>;
  /** Turns a client's `unsafe` into a preparing one (db/client.ts), for `prepare`. */
  preparing(client: postgres.Sql): postgres.Sql;
  applicationName: string;
}

type Unsafe = postgres.Sql['unsafe'];
type Pending = PromiseLike<unknown> & {
  values(): Pending;
  execute(): Pending;
  catch(fail: (error: unknown) => unknown): Promise<unknown>;
  finally(done: () => void): Promise<unknown>;
};

/**
 * A query that runs `first()` and, when that fails with a connection loss, `second()` once. It offers
 * what drizzle and db/prepared.ts use of postgres.js' pending query: `.values()` before it runs,
 * `.execute()`, and awaiting. Like postgres.js, it starts a microtask after it is first awaited, so
 * a `.values()` right after `unsafe()` applies.
 */
export function retryingQuery(
  first: () => postgres.PendingQuery<postgres.Row[]>,
  second: () => postgres.PendingQuery<postgres.Row[]>,
  onRetry: (error: unknown) => void,
): Pending {
  let asValues = false;
  let result: Promise<unknown> | undefined;
  const run = (make: () => postgres.PendingQuery<postgres.Row[]>) => {
    const query = make();
    return asValues ? query.values() : query;
  };
  const start = () =>
    (result ??= Promise.resolve()
      .then(() => run(first))
      .catch((error: unknown) => {
        if (!isConnectionLoss(error)) throw error;
        onRetry(error);
        return run(second);
      }));
  const pending: Pending = {
    values() {
      asValues = true;
      return pending;
    },
    execute() {
      start().catch(() => undefined);
      return pending;
    },
    then: (ok, fail) => start().then(ok, fail),
    catch: (fail) => start().catch(fail),
    finally: (done) => start().finally(done),
  };
  return pending;
}

/**
 * A view of the replica's client whose statements fall back to the primary's client on a connection
 * loss; everything else (options, `begin`, `end`) is the replica client's own (prototype).
 */
function retryingClient(replica: postgres.Sql, primary: postgres.Sql, onRetry: (error: unknown) => void): postgres.Sql {
  const view = Object.create(replica) as { unsafe: Unsafe };
  view.unsafe = ((query: string, args?: unknown[], options?: postgres.UnsafeQueryOptions) =>
    retryingQuery(
      () => replica.unsafe(query, args as never, options),
      () => primary.unsafe(query, args as never, options),
      onRetry,
    )) as unknown as Unsafe;
  return view as unknown as postgres.Sql;
}

/** Opens a pool and a health connection per URL; nothing connects until used (postgres.js is lazy). */
export function openReplicas(urls: readonly string[], options: ReplicaOptions): Replica[] {
  return urls.map((url, index) => {
    const label = `replica${index}`;
    const name = options.applicationName;
    const base = { max: options.max, ...options.connectionOptions(name) };
    // Pooler mode: nothing pipelined behind a running query (db/pooler.ts); replicas run no transactions.
    const pool = options.prepare ? options.preparing(postgres(url, base)) : postgres(url, { ...base, prepare: false, ...UNPIPELINED });
    // Not one connection of the pool: a busy pool would delay the check, and a replica would look gone.
    const health = postgres(url, { max: 1, fetch_types: false, ...options.connectionOptions(`${name}-health`) });
    const replica: Replica = {
      index,
      label,
      db: drizzlePostgres(
        retryingClient(pool, options.primary, (error) => replica.onReadFailed(error)),
        { schema, casing: 'snake_case' },
      ),
      strictDb: drizzlePostgres(pool, { schema, casing: 'snake_case' }),
      health,
      onReadFailed: () => undefined,
      async close() {
        await Promise.all([pool.end({ timeout: 5 }), health.end({ timeout: 5 })]);
      },
    };
    strictOf.set(replica.db, replica.strictDb);
    return replica;
  });
}

const strictOf = new WeakMap<Db, Db>();

/**
 * The handle without the primary fallback of a replica's shared handle (`Replica.strictDb`); undefined
 * for any other handle (the primary's, PGlite's).
 */
export function strictReplicaDb(shared: Db): Db | undefined {
  return strictOf.get(shared);
}
