import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import { orders, seatClaims } from '../../../db/schema';
import { appendSeatEventsFrom, markSeatEventsWritten, transactSeats } from '../seating';
import { startSweepLoop, type Sweeper } from '../../sweep-loop';
import { tracedDb } from '../../tracing/sql';

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
  // statement: anyOrderDue
  const [due] = await db
    .select({ any: sql<boolean>`true` })
    .from(orders)
    .where(and(eq(orders.status, 'Pending'), lte(orders.expiresAt, now)))
    .limit(1);
  const [orphan] = due
    ? [undefined]
    // statement: anyLooseHoldDue
    : await db
        .select({ any: sql<boolean>`true` })
        .from(seatClaims)
        .where(and(isNull(seatClaims.orderId), eq(seatClaims.status, 'held'), lte(seatClaims.expiresAt, now)))
        .limit(1);
  if (!due && !orphan) return 0;
  return transactSeats(db, async (tx) => {
    // statement: ordersDue
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'Pending'), lte(orders.expiresAt, now)))
      .orderBy(orders.expiresAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const ids = due.map((o) => o.id);
    const at = now.toISOString();
    const list = `{${ids.join(',')}}`;
    // One statement for the orders, their lines, tenders and held seats, the orderless holds past their
    // expiry, and the seat events. An UPDATE re-checks its WHERE after waiting on a row lock, so two
    // sweepers never both expire a hold.
    const [row] = await executePrepared<{ logged: number[] }>(
      tx,
      sql`/* expireDueOrders */
      with abandoned as (
        update orders set status = 'Abandonded', updated_at = ${at}::timestamptz where id = any(${list}::int[]) returning 1
      ), products as (
        update order_products set status = 'Abandoned', expires_at = null
        where order_id = any(${list}::int[]) and status in ('Held', 'Pending', 'Submitted') returning 1
      ), payments as (
        update order_payments set status = 'Abandoned'
        where order_id = any(${list}::int[]) and status in ('Pending', 'Submitted') returning 1
      ), expired as (
        update seat_claims set status = 'expired', updated_at = ${at}::timestamptz
        where status = 'held' and (order_id = any(${list}::int[]) or (order_id is null and expires_at <= ${at}::timestamptz))
        returning showtime_id, "row", "column"
      )${appendSeatEventsFrom('expired', 'expired', 'expiry')}
      select (select coalesce(json_agg(showtime_id), '[]'::json) from seat_log) as logged,
             (select count(*) from abandoned) + (select count(*) from products) + (select count(*) from payments) as written`,
    );
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
