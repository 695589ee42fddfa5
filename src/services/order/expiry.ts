import type { Db } from '../../../db/client';
import { markSeatEventsWritten, transactSeats } from '../seating';
import { startSweepLoop, type Sweeper } from '../../sweep-loop';
import { tracedDb } from '../../tracing/sql';
import { anyLooseHoldDue, anyOrderDue, expireOrders, lockOrdersDue } from './store';

/**
 * Expires due pending orders, at most `limit` per call: orders `Abandonded` (the spec's spelling),
 * their open products `Abandoned`, tenders `Abandoned`, held seats `expired` and announced.
 * `FOR UPDATE SKIP LOCKED` lets several instances sweep at once: each due order is taken by exactly
 * one of them, and an order being fulfilled (row locked) is skipped, then no longer pending.
 * Orderless holds (staff) past their expiry are released too. Returns the number of orders expired.
 * Three statements when something is due: the probe, the lock, and one statement for every change.
 */
export async function expireDueOrders(db: Db, now = new Date(), limit = 200): Promise<number> {
  // Most sweeps find nothing: ask cheaply (partial indexes) before opening a transaction.
  const due = await anyOrderDue(db, now);
  if (!due && !(await anyLooseHoldDue(db, now))) return 0;
  return transactSeats(db, async (tx) => {
    const ids = await lockOrdersDue(tx, now, limit);
    const row = await expireOrders(tx, ids, now);
    markSeatEventsWritten(tx, row.logged);
    return ids.length;
  });
}

/**
 * Runs `expireDueOrders` every `intervalMs` (never overlapping itself) until stopped; a full batch
 * is followed at once by the next. Errors are logged and the loop goes on.
 */
export function startExpirySweeper(
  db: Db,
  options: { intervalMs?: number; batch?: number; onError?: (error: unknown) => void } = {},
): Sweeper {
  const batch = options.batch ?? 200;
  return startSweepLoop((span) => expireDueOrders(span ? tracedDb(db, span) : db, new Date(), batch), {
    name: 'order-expiry sweeper',
    intervalMs: options.intervalMs ?? 1000,
    batch,
    onError: options.onError,
  });
}
