import net from 'node:net';
import postgres from 'postgres';

/**
 * A problem the operator fixes (a wrong URL, a database that is down, a port in use): reported as one
 * line naming what to check, without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** `host:port` of a Postgres URL, for messages (never the user or password). */
export function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** What to check, by the error postgres.js gave. */
function adviceFor(err: unknown, address: string, seconds: number): string {
  const e = err as { code?: string; message?: string };
  switch (e?.code) {
    case 'ECONNREFUSED':
      return `nothing accepts connections at ${address}: check that Postgres is running and DATABASE_URL's host and port`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host of ${address} is not known: check DATABASE_URL's host name`;
    case 'CONNECT_TIMEOUT':
    case 'TIMEOUT':
      return `no answer from ${address} within ${seconds} s: check DATABASE_URL's host and port, and that a firewall lets this machine reach it`;
    case '28P01':
    case '28000':
      return `${address} refused the credentials: check the user and password in DATABASE_URL (and pg_hba.conf)`;
    case '3D000':
      return `${address} has no such database: check the database name in DATABASE_URL, or create it`;
    default:
      return `cannot use the database at ${address} (${e?.code ?? ''}${e?.message ? ` ${e.message}` : ''}): check DATABASE_URL`;
  }
}

/**
 * Connects once to the Postgres of `url` and runs `select 1`, giving up after `timeoutMs`. A database
 * that is down or unreachable otherwise makes the first query wait through postgres.js' reconnection
 * attempts for minutes, silently.
 */
export async function checkDatabaseReachable(url: string, timeoutMs: number): Promise<void> {
  const address = databaseAddress(url);
  const seconds = Math.ceil(timeoutMs / 1000);
  const sql = postgres(url, { max: 1, connect_timeout: seconds, fetch_types: false, onnotice: () => undefined });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), timeoutMs + 500);
  });
  try {
    await Promise.race([sql`select 1`, deadline]);
  } catch (err) {
    throw new StartupError(adviceFor(err, address, seconds));
  } finally {
    clearTimeout(timer);
    void sql.end({ timeout: 0 }).catch(() => undefined);
  }
}

/**
 * Fails when `port` cannot be bound on `host` (in use, or not allowed), before anything slow (migrating,
 * seeding) runs. Port 0 (any free port) always can.
 */
export async function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(new StartupError(`port ${port} on ${host} is already in use: stop the process using it, or set PORT to another port`));
      } else if (err.code === 'EACCES') {
        reject(new StartupError(`not allowed to listen on port ${port} on ${host}: choose a port above 1023 with PORT`));
      } else if (err.code === 'EADDRNOTAVAIL') {
        reject(new StartupError(`HOST ${host} is not an address of this machine: check HOST`));
      } else {
        reject(err);
      }
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
