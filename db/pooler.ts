import type postgres from 'postgres';

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
