/**
 * postgres.js 3.4.x (3.4.9 too) can throw from inside its own timer when the server ends a connection
 * while a transaction is still sending on it (a failover, `pg_terminate_backend`): `begin` rejects
 * on close, but the transaction's next query or its ROLLBACK is written to the closed socket, and
 * `nextWrite` dereferences `socket = null` in a `setImmediate`. Nothing of ours is on that stack, so
 * it would end the process; the connection is gone and the request has already failed with 503.
 * This recognises exactly that error, so that `npm start` can log it and go on; anything else still
 * ends the process as Node would.
 */
export function isDriverWriteRace(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    error.message === "Cannot read properties of null (reading 'write')" &&
    /at (?:Immediate\.)?nextWrite \([^)]*postgres[\\/]cjs[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  );
}

const CONNECTION_LOSS = new Set(['57P01', '57P02', '57P03', 'CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'CONNECTION_ENDED', 'ECONNRESET']);

/**
 * postgres.js also leaves some of its own start-up queries unawaited (type fetching on a new connection):
 * when the server ends the connection during one, the rejection is unhandled. It is a connection loss
 * the pool recovers from by itself.
 */
export function isDriverConnectionLoss(error: unknown, origin: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    origin === 'unhandledRejection' &&
    error instanceof Error &&
    typeof code === 'string' &&
    CONNECTION_LOSS.has(code) &&
    /postgres[\\/]cjs[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  );
}

/** Installs the guard for the process (the service's entry point only: tests keep Node's behaviour). */
export function guardDriverWriteRace(log: (message: string) => void): void {
  process.on('uncaughtException', (error, origin) => {
    if (isDriverWriteRace(error)) {
      log('postgres.js wrote to a connection the server had closed (driver bug); the connection is dropped');
      return;
    }
    if (isDriverConnectionLoss(error, origin)) {
      log(`postgres.js left a connection loss unhandled (${String((error as unknown as { code: string }).code)}); the pool reconnects`);
      return;
    }
    // As Node does without a handler: print and exit with code 1.
    console.error(origin === 'unhandledRejection' ? 'Unhandled rejection:' : 'Uncaught exception:', error);
    process.exit(1);
  });
}
