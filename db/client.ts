import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

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
 * Per-request store: the server opens one per request; drizzle's logger counts statements into it,
 * and error logging reads the request id from it.
 */
export const statementCounter = new AsyncLocalStorage<{ count: number; requestId?: string }>();

const countingLogger: Logger = {
  logQuery() {
    const store = statementCounter.getStore();
    if (store) store.count += 1;
  },
};

/** LISTEN/NOTIFY as both drivers offer it; realtime uses it to hear other instances' seat events. */
export interface Notifier {
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface Database {
  db: Db;
  driver: 'postgres' | 'pglite';
  notifier: Notifier;
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(__dirname, 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  maxConnections?: number;
}

/** Opens the database: postgres.js when a URL is given, else embedded PGlite under `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  return openPglite(options.dataDir);
}

/**
 * Drizzle sends every query through postgres.js's `unsafe`, which does not prepare: each statement with
 * parameters then costs two round trips (parse and describe, then bind and execute) and two socket
 * writes. Preparing (postgres.js's default for its own queries) caches the statement per connection
 * by its text, so a repeated statement is one write and one round trip. Statement texts are bounded by
 * the code (hot reads bind arrays with `= any($1)`, src/services/prepared.ts), and postgres.js
 * recycles connections (max_lifetime), which drops their statements. Not for PgBouncer in
 * transaction mode.
 */
function preparingUnsafe(sqlClient: postgres.Sql): postgres.Sql {
  const unsafe = sqlClient.unsafe;
  sqlClient.unsafe = ((query: string, args?: unknown[], options?: postgres.UnsafeQueryOptions) =>
    unsafe(query, args as never, { prepare: true, ...options })) as typeof sqlClient.unsafe;
  return sqlClient;
}

function openPostgres(url: string, max: number): Database {
  const sqlClient = preparingUnsafe(postgres(url, { max, onnotice: () => undefined }));
  const db = drizzlePostgres(sqlClient, { schema, logger: countingLogger, casing: 'snake_case' });
  return {
    db,
    driver: 'postgres',
    notifier: {
      async listen(channel, onMessage) {
        const sub = await sqlClient.listen(channel, onMessage);
        return () => sub.unlisten();
      },
    },
    async migrate() {
      // Migrations run on their own one-connection client, as drizzle recommends.
      const migrationClient = postgres(url, { max: 1, onnotice: () => undefined });
      try {
        await migratePostgres(drizzlePostgres(migrationClient), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await migrationClient.end();
      }
    },
    async close() {
      await sqlClient.end({ timeout: 5 });
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema, logger: countingLogger, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    notifier: {
      async listen(channel, onMessage) {
        return client.listen(channel, onMessage);
      },
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      await client.close();
    },
  };
}
