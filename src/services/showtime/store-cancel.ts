import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { orderProducts, orders, outboxEvents, refundBatches, refundReasons, seatClaims, showtimes } from '../../../db/schema';
import { BATCH_LEASE_MS, CANCELLATION_CHUNK, type BatchRow } from './model';

/**
 * The SQL of a showtime's cancellation and its refund batches (cancel.ts), each statement under its
 * `// statement: <name>` tag; kept apart from store.ts (the reads and lists), as order's store is split.
 * Statements that run inside the cancellation's transactions take them (`Tx`, or `DbOrTx` when they
 * also run outside one). No rights checks here: cancel.ts decides.
 */

/** Whether a refund reason of this name exists. */
export async function refundReasonExists(db: Db, name: string): Promise<boolean> {
  // statement: refundReasonByName
  const [known] = await db.select({ id: refundReasons.id }).from(refundReasons).where(eq(refundReasons.name, name)).limit(1);
  return known !== undefined;
}

/** Locks the showtime's row (FOR UPDATE); whether it exists. */
export async function lockShowtime(tx: Tx, showtimeId: number): Promise<boolean> {
  // statement: lockShowtime
  const [show] = await tx.select({ id: showtimes.id }).from(showtimes).where(eq(showtimes.id, showtimeId)).for('update');
  return show !== undefined;
}

/** The refund batch of a showtime, or null. */
export async function batchOfShowtime(tx: Tx, showtimeId: number): Promise<BatchRow | null> {
  // statement: batchOfShowtime
  const [existing] = await tx.select().from(refundBatches).where(eq(refundBatches.showtimeId, showtimeId));
  return existing ?? null;
}

/** Takes the batch for this instance if nobody holds it; the batch row as it is after. */
export async function takeLease(db: DbOrTx, batchId: string): Promise<BatchRow | null> {
  // statement: takeLease
  const [taken] = await db
    .update(refundBatches)
    .set({ leaseUntil: sql`now() + ${BATCH_LEASE_MS} * interval '1 millisecond'` })
    .where(and(eq(refundBatches.id, batchId), eq(refundBatches.status, 'running'), sql`(${refundBatches.leaseUntil} is null or ${refundBatches.leaseUntil} < now())`))
    .returning();
  return taken ?? null;
}

/** Marks the showtime canceled. */
export async function markShowtimeCanceled(tx: Tx, showtimeId: number): Promise<void> {
  // statement: markShowtimeCanceled
  await tx.update(showtimes).set({ isCanceled: true, lastUpdatedDateUtc: new Date() }).where(eq(showtimes.id, showtimeId));
}

/** Creates the showtime's refund batch, leased to this instance. */
export async function createBatch(tx: Tx, showtimeId: number, reason: string): Promise<BatchRow> {
  // statement: createBatch
  const [created] = await tx
    .insert(refundBatches)
    .values({ showtimeId, reason, leaseUntil: sql`now() + ${BATCH_LEASE_MS} * interval '1 millisecond'` })
    .returning();
  return created;
}

/** The next CANCELLATION_CHUNK orders (by id) with active claims on the showtime, past those `done`. */
export async function nextBatchOrders(db: Db, showtimeId: number, done: readonly number[]): Promise<number[]> {
  // statement: nextBatchOrders
  const rows = await db
    .selectDistinct({ orderId: seatClaims.orderId })
    .from(seatClaims)
    .where(
      and(
        eq(seatClaims.showtimeId, showtimeId),
        inArray(seatClaims.status, ['held', 'sold']),
        sql`${seatClaims.orderId} is not null`,
        done.length ? sql`${seatClaims.orderId} <> all(${`{${done.join(',')}}`}::int[])` : undefined,
      ),
    )
    .orderBy(asc(seatClaims.orderId))
    .limit(CANCELLATION_CHUNK);
  return rows.map((r) => r.orderId!);
}

/** Releases the showtime's active claims that have no order; the seats released. */
export function releaseOrphanClaims(tx: Tx, showtimeId: number): Promise<{ row: number; column: number }[]> {
  // statement: releaseOrphanClaims
  return tx
    .update(seatClaims)
    .set({ status: 'released', expiresAt: null, updatedAt: new Date() })
    .where(and(eq(seatClaims.showtimeId, showtimeId), inArray(seatClaims.status, ['held', 'sold']), sql`${seatClaims.orderId} is null`))
    .returning({ row: seatClaims.row, column: seatClaims.column });
}

/** Completes the batch, adding the seats released last; the batch row after. */
export async function completeBatch(tx: Tx, batchId: string, releasedSeats: number): Promise<BatchRow> {
  // statement: completeBatch
  const [completed] = await tx
    .update(refundBatches)
    .set({
      status: 'completed',
      completedAt: new Date(),
      leaseUntil: null,
      releasedSeats: sql`${refundBatches.releasedSeats} + ${releasedSeats}::int`,
    })
    .where(eq(refundBatches.id, batchId))
    .returning();
  return completed;
}

/** Locks the orders (FOR UPDATE, in id order, as every order write locks its order). */
export function lockOrders(tx: Tx, orderIds: number[]) {
  // statement: lockOrders
  return tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update');
}

/** The ticket lines of an order for the showtime. */
export function ticketLinesOfOrder(tx: Tx, orderId: number, showtimeId: number) {
  // statement: ticketLinesOfOrder
  return tx
    .select({ lineNumber: orderProducts.lineNumber, status: orderProducts.status })
    .from(orderProducts)
    .where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.showtimeId, showtimeId), eq(orderProducts.kind, 'Ticket')));
}

/** Cancels lines of an order. */
export async function cancelOrderLines(tx: Tx, orderId: number, lineNumbers: number[]): Promise<void> {
  // statement: cancelOrderLines
  await tx
    .update(orderProducts)
    .set({ status: 'Cancelled', expiresAt: null })
    .where(and(eq(orderProducts.orderId, orderId), inArray(orderProducts.lineNumber, lineNumbers)));
}

/** Releases an order's held claims on the showtime; the seats released. */
export function releaseHeldClaimsOfOrder(tx: Tx, orderId: number, showtimeId: number, now: Date): Promise<{ row: number; column: number }[]> {
  // statement: releaseHeldClaimsOfOrder
  return tx
    .update(seatClaims)
    .set({ status: 'released', expiresAt: null, updatedAt: now })
    .where(and(eq(seatClaims.orderId, orderId), eq(seatClaims.showtimeId, showtimeId), eq(seatClaims.status, 'held')))
    .returning({ row: seatClaims.row, column: seatClaims.column });
}

/** Marks an order modified at `now`. */
export async function touchOrderAt(tx: Tx, orderId: number, now: Date): Promise<void> {
  // statement: touchOrderAt
  await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
}

/** Writes an order's `Orders.BatchRefund` event to the outbox. */
export async function insertBatchRefundEvent(tx: Tx, payload: Record<string, unknown>, now: Date): Promise<void> {
  // statement: insertBatchRefundEvent
  await tx.insert(outboxEvents).values({ type: 'Orders.BatchRefund', payload, createdAt: now });
}

/** Adds a chunk's refunded orders and released seats to the batch, and renews its lease. */
export async function advanceBatch(tx: Tx, batchId: string, refunded: number, released: number): Promise<void> {
  // statement: advanceBatch
  await tx
    .update(refundBatches)
    .set({
      refundedOrders: sql`${refundBatches.refundedOrders} + ${refunded}::int`,
      releasedSeats: sql`${refundBatches.releasedSeats} + ${released}::int`,
      leaseUntil: sql`now() + ${BATCH_LEASE_MS} * interval '1 millisecond'`,
    })
    .where(eq(refundBatches.id, batchId));
}

/** The id of one running batch whose lease ran out (its instance died), or null. */
export async function staleBatch(db: Db): Promise<string | null> {
  // statement: staleBatch
  const [stale] = await db
    .select({ id: refundBatches.id })
    .from(refundBatches)
    .where(and(eq(refundBatches.status, 'running'), sql`${refundBatches.leaseUntil} < now()`))
    .limit(1);
  return stale?.id ?? null;
}
