import type postgres from 'postgres';

/**
 * postgres.js's `max_pipeline` at 0, for pooler mode's statements outside transactions: a connection
 * takes its next query only once the last has answered (postgres.js's default writes up to 100 behind
 * it). PgBouncer 1.18 in transaction mode hands the server back after an autocommit query's answer, and
 * a connection with queries pipelined behind it stops answering for good (porsager/postgres#970;
 * test/integration/pgbouncer.test.ts sends 60 at once on a pool of 10 and hangs without this). Not for
 * transactions: at 0 postgres.js never marks a connection as taken by `begin` (its `onexecute` sits
 * behind the same check) and refuses them, so they keep a pool of their own (db/client.ts
 * `poolerClient`). The option is read by postgres.js 3.4.7's option parser but is in neither its types
 * nor its README (docs/upstream.md).
 */
export const UNPIPELINED = { max_pipeline: 0 } as const;

/** The timeouts a pooled server connection must carry, in milliseconds (0: off). */
export interface SessionTimeouts {
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

/**
 * Stores the statement and idle-in-transaction timeouts as the defaults of this role in this database
 * (`ALTER ROLE CURRENT_USER IN DATABASE … SET`), on `direct`, a one-connection client on the database
 * itself (DATABASE_DIRECT_URL), which this ends.
 *
 * For pooler mode (DB_PREPARE=false): a transaction pooler (PgBouncer) refuses them as startup
 * parameters, and with `ignore_startup_parameters` drops them silently; a SET would stay on a server
 * connection that the pooler then lends to any client. A role-in-database default is applied by
 * Postgres to every session the role opens in the database, the pooler's server connections
 * included, and costs requests no statement at all. Ordinary roles may set their own defaults.
 * Sessions already open keep what they had: a pooler's server connections take a changed value as it
 * replaces them (PgBouncer `server_lifetime`, or `RECONNECT` on its console). Statements of the
 * direct connections (the relay, migrations) still carry their own as startup parameters, which win.
 */
export async function storeTimeoutDefaults(direct: postgres.Sql, timeouts: SessionTimeouts): Promise<void> {
  const statement = Math.trunc(timeouts.statementTimeoutMs);
  const idle = Math.trunc(timeouts.idleInTransactionTimeoutMs);
  try {
    // ALTER ROLE takes no parameters: the values are integers of ours, the database name is quoted by %I.
    await direct.unsafe(`do $$ begin
      execute format('alter role current_user in database %I set statement_timeout = ${statement}', current_database());
      execute format('alter role current_user in database %I set idle_in_transaction_session_timeout = ${idle}', current_database());
    end $$`);
  } catch (error) {
    // E.g. DATABASE_DIRECT_URL left unset, so that it is the pooler, which refuses the startup parameters.
    throw new Error(
      `DB_PREPARE=false: could not store the database timeouts through DATABASE_DIRECT_URL (it must reach Postgres itself, not the pooler): ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    await direct.end({ timeout: 5 });
  }
}
