import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderPayments, orderProducts, orders, seatClaims } from '../../../db/schema';
import { recordClaimChanges, transactSeats } from '../../realtime/seat-log';

/**
 * Expires due pending orders, at most `limit` per call: orders `Abandonded` (the spec's spelling),
 * their open products `Abandoned`, tenders `Abandoned`, held seats `expired` and announced.
 * `FOR UPDATE SKIP LOCKED` lets several instances sweep at once: each due order is taken by exactly
 * one of them, and an order being fulfilled (row locked) is skipped, then no longer pending.
 * Orderless holds (staff) past their expiry are released too. Returns the number of orders expired.
 */
export async function expireDueOrders(db: Db, now = new Date(), limit = 200): Promise<number> {
  // Most sweeps find nothing: ask cheaply (partial indexes) before opening a transaction.
  const [due] = await db
    .select({ any: sql<boolean>`true` })
    .from(orders)
    .where(and(eq(orders.status, 'Pending'), lte(orders.expiresAt, now)))
    .limit(1);
  const [orphan] = due
    ? [undefined]
    : await db
        .select({ any: sql<boolean>`true` })
        .from(seatClaims)
        .where(and(isNull(seatClaims.orderId), eq(seatClaims.status, 'held'), lte(seatClaims.expiresAt, now)))
        .limit(1);
  if (!due && !orphan) return 0;
  return transactSeats(db, async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'Pending'), lte(orders.expiresAt, now)))
      .orderBy(orders.expiresAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const ids = due.map((o) => o.id);
    const expired = [];
    if (ids.length > 0) {
      await tx.update(orders).set({ status: 'Abandonded', updatedAt: now }).where(inArray(orders.id, ids));
      await tx
        .update(orderProducts)
        .set({ status: 'Abandoned', expiresAt: null })
        .where(and(inArray(orderProducts.orderId, ids), inArray(orderProducts.status, ['Held', 'Pending', 'Submitted'])));
      await tx
        .update(orderPayments)
        .set({ status: 'Abandoned' })
        .where(and(inArray(orderPayments.orderId, ids), inArray(orderPayments.status, ['Pending', 'Submitted'])));
      expired.push(
        ...(await tx
          .update(seatClaims)
          .set({ status: 'expired', updatedAt: now })
          .where(and(inArray(seatClaims.orderId, ids), eq(seatClaims.status, 'held')))
          .returning({ showtimeId: seatClaims.showtimeId, row: seatClaims.row, column: seatClaims.column })),
      );
    }
    // An UPDATE re-checks its WHERE after waiting on a row lock, so two sweepers never both expire a hold.
    expired.push(
      ...(await tx
        .update(seatClaims)
        .set({ status: 'expired', updatedAt: now })
        .where(and(isNull(seatClaims.orderId), eq(seatClaims.status, 'held'), lte(seatClaims.expiresAt, now)))
        .returning({ showtimeId: seatClaims.showtimeId, row: seatClaims.row, column: seatClaims.column })),
    );
    recordClaimChanges(tx, expired, 'expired', 'expiry');
    return ids.length;
  });
}

export interface Sweeper {
  stop(): Promise<void>;
}

/**
 * Runs `expireDueOrders` every `intervalMs` (never overlapping itself) until stopped; a full batch
 * is followed at once by the next. Errors are logged and the loop goes on.
 */
export function startExpirySweeper(
  db: Db,
  options: { intervalMs?: number; batch?: number; onError?: (error: unknown) => void } = {},
): Sweeper {
  const intervalMs = options.intervalMs ?? 1000;
  const batch = options.batch ?? 200;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      while (!stopped && (await expireDueOrders(db, new Date(), batch)) === batch) {
        // a full batch: more may be due
      }
    } catch (error) {
      if (!stopped) options.onError?.(error);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  timer = setTimeout(() => (running = tick()), intervalMs);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
