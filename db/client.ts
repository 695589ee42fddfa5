import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { connectionClosed } from './connection-events';
import { storeTimeoutDefaults, UNPIPELINED } from './pooler';
import { openReplicas, type Replica } from './replicas';
import { guardTransactions } from './transaction-guard';
import * as schema from './schema';
import { lockDataDir } from './pglite-lock';

export { schema };

/**
 * The drizzle database both drivers give. PGlite's drizzle database has the same query-builder API
 * (both are PgDatabase over the same schema); only raw `execute` results differ, which we avoid.
 */
export type Db = PostgresJsDatabase<typeof schema>;
/** A transaction handle, as given by `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: what services take so they compose inside a transaction. */
export type DbOrTx = Db | Tx;

/**
 * The statements of one request (`x-sql-statements`, the statements-per-request metric): drizzle's
 * logger of the request's own database handle (`countingDb`), counting every statement it sends.
 */
export class StatementCount implements Logger {
  count = 0;
  /**
   * Set while tracing (src/tracing/sql.ts): wraps the driver client of the counting handle, so that its
   * statements are spans under the request's. Null when tracing is off: nothing is wrapped.
   */
  wrapClient: (<C>(client: C) => C) | null = null;
  logQuery(): void {
    this.count += 1;
  }
}

const SHARED = Symbol('shared database handle');

/**
 * A database handle that counts its statements into `count`: the shared handle `db` with a session of
 * its own whose logger is the counter. Everything else is the shared handle's (prototype), and drizzle
 * builds a transaction's (and a savepoint's) session from the session's `options`, so their statements
 * count too. Statements prepared once on the shared handle (src/services/shared/prepared-reads.ts) and those sent
 * past drizzle (db/prepared.ts) add to `statementCountOf(db)` themselves. Registries keyed by the
 * database (caches, listeners) key by `sharedDb(db)`.
 *
 * Per request instead of an AsyncLocalStorage around it: on Node 20 every promise of the process paid
 * AsyncLocalStorage's hooks (6–18 % of a simple lookup's CPU, docs/decisions.md).
 */
export function countingDb(db: Db, count: StatementCount): Db {
  const shared = sharedDb(db);
  const session = (shared as unknown as { session: { options?: object } }).session;
  const counting = Object.create(session) as { logger: Logger; options: object };
  counting.logger = count;
  counting.options = { ...(session.options ?? {}), logger: count };
  if (count.wrapClient) (counting as unknown as { client: unknown }).client = count.wrapClient((session as { client?: unknown }).client);
  const handle = Object.create(shared) as Db & { session: unknown; [SHARED]: Db };
  handle.session = counting;
  handle[SHARED] = shared;
  return handle;
}

/** The shared handle behind a counting one (itself for the shared handle). */
export function sharedDb<T extends DbOrTx>(db: T): T {
  return ((db as unknown as { [SHARED]?: T })[SHARED] ?? db) as T;
}

/** The counter of a counting handle or of a transaction begun on one; undefined otherwise. */
export function statementCountOf(db: DbOrTx): StatementCount | undefined {
  const logger = (db as unknown as { session?: { logger?: unknown } }).session?.logger;
  return logger instanceof StatementCount ? logger : undefined;
}

/** LISTEN/NOTIFY as both drivers offer it; realtime uses it to hear other instances' seat events. */
export interface Notifier {
  /**
   * LISTENs on `channel`. `onListen` runs each time the LISTEN is in place: once at the start and,
   * on postgres.js, again after its connection was lost and re-established (notifications sent in
   * between are lost). Resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  /** The seat-event relay's own connection (no transactions on it); the same database on PGlite. */
  relayDb: Db;
  driver: 'postgres' | 'pglite';
  /** The streaming replicas of DATABASE_REPLICA_URLS, for catalog reads (db/replicas.ts); none on PGlite. */
  replicas: Replica[];
  notifier: Notifier;
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(__dirname, 'migrations');

/**
 * Timeouts of every Postgres connection, in milliseconds (0 turns one off). They bound how long a
 * request can wait on a database that is gone or stuck: the connect timeout covers TCP, TLS and
 * authentication; statement and idle-in-transaction timeouts are enforced by the server.
 */
export interface DatabaseTimeouts {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  connectTimeoutMs: number;
}

/** The defaults of DB_STATEMENT_TIMEOUT, DB_IDLE_IN_TRANSACTION_TIMEOUT and DB_CONNECT_TIMEOUT. */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  connectTimeoutMs: 3_000,
};

/** Migrations may rewrite a big table or build an index: they get this much per statement. */
export const MIGRATION_STATEMENT_TIMEOUT_MS = 30 * 60_000;

/**
 * The longest pause between reconnection attempts. postgres.js' own backoff grows to 10–20 s during
 * an outage, and a query that needs a new connection waits it out before even trying: requests hung
 * that long while the database was down, and for as long again after it came back.
 */
const MAX_RECONNECT_DELAY_S = 0.5;

export interface DatabaseOptions extends Partial<DatabaseTimeouts> {
  databaseUrl?: string;
  dataDir: string;
  maxConnections?: number;
  /**
   * `application_name` of the pool's connections in pg_stat_activity (DB_APPLICATION_NAME, default
   * `marquee`); the relay's connections are `<name>-relay`.
   */
  applicationName?: string;
  /**
   * Named prepared statements on the query pool (DB_PREPARE, default true). False is pooler mode:
   * `databaseUrl` may be PgBouncer in transaction mode; the timeouts are then stored as the role's
   * defaults in the database (db/pooler.ts) instead of being sent as startup parameters.
   */
  prepare?: boolean;
  /**
   * A direct connection to the database (DATABASE_DIRECT_URL, default `databaseUrl`), for what needs a
   * session: the relay's LISTEN and reads, migrations, storing the pooler-mode timeouts.
   */
  directUrl?: string;
  /** Streaming replicas for catalog reads (DATABASE_REPLICA_URLS); ignored without `databaseUrl`. */
  replicaUrls?: readonly string[];
  /** Connections of each replica's pool (DB_REPLICA_POOL_SIZE), default `maxConnections`. */
  replicaMaxConnections?: number;
}

/**
 * Opens the database: postgres.js when a URL is given, else embedded PGlite under `dataDir`.
 * Timeouts not given take DEFAULT_TIMEOUTS; PGlite runs in-process and takes none.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const timeouts: DatabaseTimeouts = {
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_TIMEOUTS.statementTimeoutMs,
    idleInTransactionTimeoutMs: options.idleInTransactionTimeoutMs ?? DEFAULT_TIMEOUTS.idleInTransactionTimeoutMs,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_TIMEOUTS.connectTimeoutMs,
  };
  if (options.databaseUrl) {
    const applicationName = options.applicationName ?? 'marquee';
    const directUrl = options.directUrl ?? options.databaseUrl;
    const prepare = options.prepare ?? true;
    if (!prepare) await storeTimeoutDefaults(postgres(directUrl, { max: 1, fetch_types: false, ...connectionOptions(timeouts, applicationName) }), timeouts);
    const max = options.maxConnections ?? 10;
    const replicas = { urls: options.replicaUrls ?? [], max: options.replicaMaxConnections ?? max };
    return openPostgres({ url: options.databaseUrl, directUrl, prepare, replicas }, max, timeouts, applicationName);
  }
  return openPglite(options.dataDir);
}

/**
 * Drizzle sends every query through postgres.js's `unsafe`, which does not prepare: each statement with
 * parameters then costs two round trips (parse and describe, then bind and execute) and two socket
 * writes. Preparing (postgres.js's default for its own queries) caches the statement per connection
 * by its text, so a repeated statement is one write and one round trip. Statement texts are bounded by
 * the code (hot reads bind arrays with `= any($1)`, src/services/shared/prepared-reads.ts), and postgres.js
 * recycles connections (max_lifetime), which drops their statements. Not for PgBouncer in
 * transaction mode.
 */
/**
 * Pooler mode's client: transactions (`begin`, `reserve`: drizzle's and db/prepared.ts's) on a pool that
 * pipelines inside them, and every statement outside a transaction (`unsafe`, which drizzle sends all
 * its queries through) on a second pool that writes nothing behind a running query (db/pooler.ts
 * `UNPIPELINED`: PgBouncer 1.18 in transaction mode hangs a connection with queries pipelined behind
 * an autocommit one). Two pools of client connections to the pooler, which are cheap; the server
 * connections behind them are the pooler's.
 */
function poolerClient(url: string, options: postgres.Options<Record<string, never>>): postgres.Sql {
  const transactions = postgres(url, options);
  const statements = postgres(url, { ...options, ...UNPIPELINED });
  const end = async (endOptions?: { timeout?: number }) => {
    await Promise.all([transactions.end(endOptions), statements.end(endOptions)]);
  };
  // A view, not a change of `transactions`: postgres.js's own `begin` sends BEGIN through that
  // instance's `unsafe`, which must stay on the transactions' pool.
  return new Proxy(transactions, {
    get: (target, property, receiver) =>
      property === 'unsafe' ? statements.unsafe : property === 'end' ? end : (Reflect.get(target, property, receiver) as unknown),
  });
}

function preparingUnsafe(sqlClient: postgres.Sql): postgres.Sql {
  const unsafe = sqlClient.unsafe;
  sqlClient.unsafe = ((query: string, args?: unknown[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(query, args as never, { prepare: true, ...options })) as typeof sqlClient.unsafe;
  return sqlClient;
}

/**
 * postgres.js options for `timeouts`: the connect timeout is the client's (in seconds); statement and
 * idle-in-transaction timeouts are sent as startup parameters, so they hold on every connection the
 * pool (re)opens, the LISTEN connection included, without a SET that a reconnect would lose.
 */
function connectionOptions(timeouts: DatabaseTimeouts, applicationName = 'marquee', pooled = false): postgres.Options<Record<string, never>> {
  return {
    onnotice: () => undefined,
    connect_timeout: timeouts.connectTimeoutMs / 1000,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, MAX_RECONNECT_DELAY_S),
    // Through a transaction pooler the server-side timeouts are the role's defaults (db/pooler.ts).
    connection: pooled
      ? { application_name: applicationName }
      : {
          application_name: applicationName,
          statement_timeout: timeouts.statementTimeoutMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
        },
  };
}

function openPostgres(
  urls: { url: string; directUrl: string; prepare: boolean; replicas: { urls: readonly string[]; max: number } },
  max: number,
  timeouts: DatabaseTimeouts,
  applicationName: string,
): Database {
  const { url, directUrl, prepare } = urls;
  // Its closed connections are announced (connection-events.ts): db/prepared.ts waits on them. In pooler
  // mode (`prepare: false`) postgres.js prepares nothing, whatever a query asks (its `prepare` option
  // wins over each query's): unnamed statements only, which PgBouncer's transaction mode passes through.
  const options = { max, ...connectionOptions(timeouts, applicationName, !prepare), onclose: () => connectionClosed(sqlClient) };
  const sqlClient: postgres.Sql = prepare ? preparingUnsafe(postgres(url, options)) : poolerClient(url, { ...options, prepare: false });
  const db = drizzlePostgres(sqlClient, { schema, casing: 'snake_case' });
  guardTransactions(db);
  // The seat-event relay reads the log on a connection of its own (it runs no transactions), and its
  // LISTEN connection comes from the same client: both show as `<name>-relay` in pg_stat_activity.
  // Both on the direct URL: a LISTEN needs a session, which a transaction pooler does not keep.
  // No type fetching: the relay reads no arrays, and postgres.js leaves the rejection of that start-up
  // query unhandled when the connection is killed during it (which ends the process).
  const relayClient = postgres(directUrl, { max: 1, fetch_types: false, ...connectionOptions(timeouts, `${applicationName}-relay`) });
  // The same timeouts as the primary's pool: as startup parameters, or in pooler mode the role's defaults,
  // which replicate from the primary (a replica is read-only: nothing can be stored on it).
  const replicas = openReplicas(urls.replicas.urls, {
    primary: sqlClient,
    max: urls.replicas.max,
    prepare,
    applicationName,
    connectionOptions: (name) => connectionOptions(timeouts, name, !prepare),
    preparing: preparingUnsafe,
  });
  return {
    db,
    relayDb: drizzlePostgres(relayClient, { schema, casing: 'snake_case' }),
    driver: 'postgres',
    replicas,
    notifier: {
      async listen(channel, onMessage, onListen) {
        const sub = await relayClient.listen(channel, onMessage, onListen);
        return () => sub.unlisten();
      },
    },
    async migrate() {
      // Migrations run on their own one-connection client, as drizzle recommends.
      const migrationClient = postgres(directUrl, {
        max: 1,
        ...connectionOptions({ ...timeouts, statementTimeoutMs: MIGRATION_STATEMENT_TIMEOUT_MS }, applicationName),
      });
      try {
        await migratePostgres(drizzlePostgres(migrationClient), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await migrationClient.end();
      }
    },
    async close() {
      await Promise.all([sqlClient.end({ timeout: 5 }), relayClient.end({ timeout: 5 }), ...replicas.map((r) => r.close())]);
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  // PGlite does not lock its folder: a second process on it would write a copy of its own (pglite-lock.ts).
  const lock = await lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir);
  } catch (err) {
    lock.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    relayDb: db,
    driver: 'pglite',
    replicas: [],
    notifier: {
      async listen(channel, onMessage, onListen) {
        // In-process: the LISTEN cannot be lost, so it is in place once.
        const unlisten = await client.listen(channel, onMessage);
        onListen?.();
        return unlisten;
      },
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}
