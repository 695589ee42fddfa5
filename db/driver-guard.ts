/**
 * What the process does with an error nobody caught, when it comes from the database driver.
 *
 * A lost database connection is an outage, not a bug: the statement that used it fails (503, see
 * src/db-errors.ts) and the pool reconnects. Our own code handles every promise it makes (the
 * `read ECONNRESET` that once ended the process was a COMMIT db/prepared.ts left unawaited). But
 * postgres.js 3.4.x (3.4.9 too) also lets connection losses escape where no caller can catch them:
 * - the array-type query it runs on every new connection (`fetchArrayTypes`) is never awaited, so a
 *   connection killed during it (`pg_terminate_backend`, a restart, a reset socket) is an unhandled
 *   rejection — with postgres.js' CONNECTION_CLOSED, or the socket's own error (`read ECONNRESET`,
 *   whose stack names no file of the driver);
 * - a statement written to a connection the server has just closed (postgres.js' pool pipelines onto a
 *   busy connection) throws from the driver's write timer: `socket.write` on `socket = null`.
 * Neither can be handled where it happens without patching the driver, so the rule is by class: any
 * connection loss from the driver is logged and the process goes on; anything else ends it, as Node
 * would.
 */

/** SQLSTATEs of a server that ends or refuses the session, and postgres.js' codes of a lost connection. */
export const CONNECTION_LOSS = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
]);

/** Node's errnos of a socket that was reset, broke, timed out or could not connect. */
export const SOCKET_LOSS = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED', 'ECONNABORTED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTCONN']);

const DRIVER_FILE = /node_modules[\\/]postgres[\\/]/;

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** `error` and the errors it wraps (drizzle puts the driver's error in `cause`). */
function* chainOf(error: unknown): Generator<unknown> {
  for (let err = error, depth = 0; err && depth < 5; err = (err as { cause?: unknown }).cause, depth++) yield err;
}

/**
 * Whether `error` (or an error it wraps) is a lost or unreachable connection: a code of
 * CONNECTION_LOSS, or a socket errno of SOCKET_LOSS. Says nothing of which socket (see
 * `isDriverConnectionLoss`).
 */
export function isConnectionLoss(error: unknown): boolean {
  for (const err of chainOf(error)) {
    const code = codeOf(err);
    if (typeof code === 'string' && (CONNECTION_LOSS.has(code) || SOCKET_LOSS.has(code))) return true;
  }
  return false;
}

/**
 * Whether `error` went through postgres.js: a server error it parsed (`PostgresError`), an error it
 * made (its stack names the driver), or a socket error it failed a query with — postgres.js then
 * defines `query` on the error (even on Node's own socket error, whose stack is only Node's).
 */
function fromDriver(error: unknown): boolean {
  for (const err of chainOf(error)) {
    if (typeof err !== 'object' || err === null) continue;
    if ((err as { name?: unknown }).name === 'PostgresError') return true;
    if ('query' in err) return true;
    if (DRIVER_FILE.test((err as { stack?: unknown }).stack as string)) return true;
  }
  return false;
}

/**
 * The driver's write to a connection the server had closed: `nextWrite` dereferences `socket = null`
 * in a `setImmediate`, with nothing of ours on the stack.
 */
export function isDriverWriteRace(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    error.message === "Cannot read properties of null (reading 'write')" &&
    /at (?:Immediate\.)?nextWrite \([^)]*postgres[\\/]cjs[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  );
}

/**
 * A connection loss the driver let escape: a CONNECTION_LOSS code (only the database and postgres.js
 * use them), or a SOCKET_LOSS errno on an error that went through postgres.js. A socket error that
 * did not (a reset of some other socket) is not.
 */
export function isDriverConnectionLoss(error: unknown): boolean {
  for (const err of chainOf(error)) {
    const code = codeOf(err);
    if (typeof code === 'string' && CONNECTION_LOSS.has(code)) return true;
  }
  return isConnectionLoss(error) && fromDriver(error);
}

/** What the guard does with an uncaught error: go on (with the line to log) or end the process. */
export type GuardVerdict = { fatal: false; message: string } | { fatal: true };

/** The guard's decision for `error` reaching the process from `origin`. */
export function classifyUncaught(error: unknown, origin: 'uncaughtException' | 'unhandledRejection'): GuardVerdict {
  if (isDriverWriteRace(error)) {
    return { fatal: false, message: 'postgres.js wrote to a connection the server had closed (driver bug); the connection is dropped' };
  }
  if (isDriverConnectionLoss(error)) {
    const code = [...chainOf(error)].map(codeOf).find((c) => typeof c === 'string');
    const what = origin === 'unhandledRejection' ? 'left a connection loss unhandled' : 'threw a connection loss';
    // The statement it failed (postgres.js' `query`: text with $n placeholders, no values), to tell where it came from.
    const query = (error as { query?: unknown }).query;
    const during = typeof query === 'string' ? ` during "${query.trim().replace(/\s+/g, ' ').slice(0, 60)}"` : '';
    return { fatal: false, message: `postgres.js ${what} (${String(code)}: ${(error as Error).message}${during}); the pool reconnects` };
  }
  return { fatal: true };
}

/** Installs the guard for the process (the service's entry point only: tests keep Node's behaviour). */
export function guardDriverWriteRace(log: (message: string) => void): void {
  process.on('uncaughtException', (error, origin) => {
    const verdict = classifyUncaught(error, origin);
    if (!verdict.fatal) {
      log(verdict.message);
      return;
    }
    // As Node does without a handler: print and exit with code 1.
    console.error(origin === 'unhandledRejection' ? 'Unhandled rejection:' : 'Uncaught exception:', error);
    process.exit(1);
  });
}
