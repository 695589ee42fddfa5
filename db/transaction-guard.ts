import { isConnectionLoss } from './driver-guard';

/** How long a transaction waits, after a connection loss, for postgres.js to give up its connection. */
const LOSS_GRACE_MS = 1000;

type Transactional = { transaction(fn: (tx: unknown) => Promise<unknown>, config?: unknown): Promise<unknown> };

/**
 * Keeps drizzle's transactions on postgres.js from writing to a connection the server closed.
 *
 * postgres.js' `begin` (under drizzle's `db.transaction`) rejects as soon as its connection closes,
 * but the callback goes on, and when it throws — it does, its statement failed with the lost
 * connection — `begin` writes ROLLBACK to that connection: to a socket that is gone. The write throws
 * in the driver's timer and leaves the connection with bytes it never sends, so each later attempt to
 * reopen it waits out the connect timeout (porsager/postgres#1168; db/driver-guard.ts).
 *
 * So a callback that failed with a connection loss does not return to `begin` once `begin` has given
 * the connection up: the server has rolled the transaction back already, the caller has its error
 * (CONNECTION_CLOSED, 503), and the callback's pending promise is simply dropped. When the loss was not
 * this transaction's connection (`begin` still waits after LOSS_GRACE_MS), the error goes back to
 * `begin`, which rolls back as usual.
 */
export function guardTransactions(db: object): void {
  const target = db as Transactional;
  const transaction = target.transaction;
  target.transaction = function guardedTransaction(this: Transactional, fn, config) {
    let gaveUp = false;
    let onGiveUp: () => void = () => undefined;
    const givenUp = new Promise<void>((resolve) => {
      onGiveUp = resolve;
    });
    const outer = transaction.call(
      this,
      async (tx) => {
        try {
          return await fn(tx);
        } catch (error) {
          if (isConnectionLoss(error)) {
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([givenUp, new Promise((resolve) => (timer = setTimeout(resolve, LOSS_GRACE_MS)))]);
            clearTimeout(timer);
            if (gaveUp) await new Promise<never>(() => undefined);
          }
          throw error;
        }
      },
      config,
    );
    outer.then(
      () => undefined,
      () => {
        gaveUp = true;
        onGiveUp();
      },
    );
    return outer;
  };
}
