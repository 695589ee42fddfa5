import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import { orderProducts, orders, outboxEvents, refundBatches, refundReasons, seatClaims, showtimes } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { isRowId } from '../../bounds';
import { badInput, forbidden, notFound, unauthenticated } from '../../errors';
import { startSweepLoop, type Sweeper } from '../../sweep-loop';
import { tracedDb } from '../../tracing/sql';
import { text } from '../shared/input-fields';
import { refundLines } from '../order';
import { recordSeatChange, transactSeats } from '../seating';
import { wakeWebhooks } from '../webhook';

/** Orders refunded (or released) per transaction: locks are held for one chunk, never the whole batch. */
export const CANCELLATION_CHUNK = 25;
/** How long an instance working a batch holds it; renewed every chunk. Past it, any instance resumes it. */
export const BATCH_LEASE_MS = 30_000;

type BatchRow = typeof refundBatches.$inferSelect;

/** A showtime cancellation and its refund batch, as both surfaces show it. */
export interface CancellationView {
  showtimeId: number;
  batchId: string;
  /** running (still being worked, by this or another instance) or completed. */
  status: string;
  reason: string;
  refundedOrders: number;
  releasedSeats: number;
  createdAt: Date;
  completedAt: Date | null;
}

const toView = (b: BatchRow): CancellationView => ({
  showtimeId: b.showtimeId,
  batchId: b.id,
  status: b.status,
  reason: b.reason,
  refundedOrders: b.refundedOrders,
  releasedSeats: b.releasedSeats,
  createdAt: b.createdAt,
  completedAt: b.completedAt,
});

function requireAdmin(principal: Principal): void {
  if (principal.accountId === null) throw unauthenticated('An admin account token (Authorization: Bearer) is required');
  if (!principal.isAdmin) throw forbidden('Only an admin may cancel a showtime');
}

/** Takes the batch for this instance if nobody holds it; the batch row as it is after. */
async function takeLease(db: Db | Tx, batchId: string): Promise<BatchRow | null> {
  const [taken] = await db
    .update(refundBatches)
    .set({ leaseUntil: sql`now() + ${BATCH_LEASE_MS} * interval '1 millisecond'` })
    .where(and(eq(refundBatches.id, batchId), eq(refundBatches.status, 'running'), sql`(${refundBatches.leaseUntil} is null or ${refundBatches.leaseUntil} < now())`))
    .returning();
  return taken ?? null;
}

const REASON = 'reason must be a refund reason name';

/**
 * The cancellation input (REST's body, GraphQL's `reason` argument): its one description and validation,
 * parsed where each surface parses an input (issue 27). Whether the name is a refund reason is the
 * service's (it reads the table).
 */
export const cancellationSchema = z.object({
  reason: text(100, REASON).min(1, REASON).optional().describe('A refund reason name (default ShowCancelled).'),
});

/**
 * Cancels a showtime (admin only): it becomes `isCanceled`, every held seat of it is released and every
 * sold seat refunded — each paid order's tickets for it refunded with `reason` (a refund reason name,
 * default ShowCancelled) — announced live as seat events. One refund batch per showtime records the
 * work: each refunded order writes its `Orders.Refund` event and an `Orders.BatchRefund` event whose
 * details carry the batch id. Running it again refunds nothing twice; it answers the batch.
 */
export async function cancelShowtime(db: Db, principal: Principal, showtimeId: number, reason?: string | null): Promise<CancellationView> {
  requireAdmin(principal);
  if (!isRowId(showtimeId)) throw notFound('Showtime', showtimeId);
  const reasonName = reason ?? 'ShowCancelled';
  const [known] = await db.select({ id: refundReasons.id }).from(refundReasons).where(eq(refundReasons.name, reasonName)).limit(1);
  if (!known) throw badInput(`reason ${reasonName} is not a refund reason (see refundReasons)`, 'reason');

  // A short transaction: the showtime row locked, marked canceled, and its batch created and leased.
  // FOR UPDATE waits for every hold that read the showtime (a hold reads `is_canceled` under FOR KEY SHARE,
  // `lockForHold` in src/services/order/store-hold.ts), so their claims are committed and seen by the batch; a hold behind
  // this lock reads the committed flag and is refused.
  const { batch, mine } = await db.transaction(async (tx) => {
    const [show] = await tx.select({ id: showtimes.id }).from(showtimes).where(eq(showtimes.id, showtimeId)).for('update');
    if (!show) throw notFound('Showtime', showtimeId);
    const [existing] = await tx.select().from(refundBatches).where(eq(refundBatches.showtimeId, showtimeId));
    if (existing) {
      // Again: completed (nothing to do), being worked elsewhere (answer its progress), or abandoned (resume).
      const taken = await takeLease(tx, existing.id);
      return { batch: taken ?? existing, mine: taken !== null };
    }
    await tx.update(showtimes).set({ isCanceled: true, lastUpdatedDateUtc: new Date() }).where(eq(showtimes.id, showtimeId));
    const [created] = await tx
      .insert(refundBatches)
      .values({ showtimeId, reason: reasonName, leaseUntil: sql`now() + ${BATCH_LEASE_MS} * interval '1 millisecond'` })
      .returning();
    return { batch: created, mine: true };
  });
  if (!mine) return toView(batch);
  return toView(await workBatch(db, batch));
}

/**
 * Works a batch to its end in chunks of CANCELLATION_CHUNK orders, each one transaction: the orders
 * locked in id order (as every order write locks its order), their held tickets of the showtime
 * cancelled and seats released, their sold tickets refunded. Then the seats held without an order.
 */
async function workBatch(db: Db, batch: BatchRow): Promise<BatchRow> {
  const showtimeId = batch.showtimeId;
  const done: number[] = [];
  for (;;) {
    const ids = (
      await db
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
        .limit(CANCELLATION_CHUNK)
    ).map((r) => r.orderId!);
    if (ids.length === 0) break;
    await transactSeats(db, (tx) => workChunk(tx, batch, ids));
    wakeWebhooks(db);
    done.push(...ids);
  }
  return transactSeats(db, async (tx) => {
    const orphans = await tx
      .update(seatClaims)
      .set({ status: 'released', expiresAt: null, updatedAt: new Date() })
      .where(and(eq(seatClaims.showtimeId, showtimeId), inArray(seatClaims.status, ['held', 'sold']), sql`${seatClaims.orderId} is null`))
      .returning({ row: seatClaims.row, column: seatClaims.column });
    recordSeatChange(tx, showtimeId, orphans, 'released', 'cancel');
    const [completed] = await tx
      .update(refundBatches)
      .set({
        status: 'completed',
        completedAt: new Date(),
        leaseUntil: null,
        releasedSeats: sql`${refundBatches.releasedSeats} + ${orphans.length}::int`,
      })
      .where(eq(refundBatches.id, batch.id))
      .returning();
    return completed;
  });
}

async function workChunk(tx: Tx, batch: BatchRow, orderIds: number[]): Promise<void> {
  const showtimeId = batch.showtimeId;
  const now = new Date();
  const locked = await tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update');
  let refunded = 0;
  let released = 0;
  for (const order of locked) {
    const tickets = await tx
      .select({ lineNumber: orderProducts.lineNumber, status: orderProducts.status })
      .from(orderProducts)
      .where(and(eq(orderProducts.orderId, order.id), eq(orderProducts.showtimeId, showtimeId), eq(orderProducts.kind, 'Ticket')));
    const held = tickets.filter((t) => t.status === 'Held' || t.status === 'Pending').map((t) => t.lineNumber);
    if (held.length > 0) {
      await tx
        .update(orderProducts)
        .set({ status: 'Cancelled', expiresAt: null })
        .where(and(eq(orderProducts.orderId, order.id), inArray(orderProducts.lineNumber, held)));
      const freed = await tx
        .update(seatClaims)
        .set({ status: 'released', expiresAt: null, updatedAt: now })
        .where(and(eq(seatClaims.orderId, order.id), eq(seatClaims.showtimeId, showtimeId), eq(seatClaims.status, 'held')))
        .returning({ row: seatClaims.row, column: seatClaims.column });
      recordSeatChange(tx, showtimeId, freed, 'released', 'cancel');
      released += freed.length;
    }
    const sold = tickets.filter((t) => t.status === 'Fulfilled').map((t) => t.lineNumber);
    if (sold.length > 0 && (order.status === 'Fulfilled' || order.status === 'PartialyRefunded')) {
      const details = await refundLines(tx, order, batch.reason, sold, now);
      await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
      await tx.insert(outboxEvents).values({
        type: 'Orders.BatchRefund',
        payload: { ...details, BatchId: batch.id, ShowtimeId: showtimeId },
        createdAt: now,
      });
      refunded += 1;
      released += sold.length;
    }
  }
  await tx
    .update(refundBatches)
    .set({
      refundedOrders: sql`${refundBatches.refundedOrders} + ${refunded}::int`,
      releasedSeats: sql`${refundBatches.releasedSeats} + ${released}::int`,
      leaseUntil: sql`now() + ${BATCH_LEASE_MS} * interval '1 millisecond'`,
    })
    .where(eq(refundBatches.id, batch.id));
}

/**
 * Resumes one batch whose instance died (running, lease run out), if any: the refund-batch sweeper of
 * every instance calls it (`startRefundBatchSweeper`). Returns whether it worked one.
 */
export async function resumeRefundBatch(db: Db): Promise<boolean> {
  const [stale] = await db
    .select({ id: refundBatches.id })
    .from(refundBatches)
    .where(and(eq(refundBatches.status, 'running'), sql`${refundBatches.leaseUntil} < now()`))
    .limit(1);
  if (!stale) return false;
  const taken = await takeLease(db, stale.id);
  if (!taken) return false;
  await workBatch(db, taken);
  return true;
}

/**
 * The refund-batch sweeper of an instance (src/background.ts starts it): every 5 s, refund batches of
 * canceled showtimes whose instance died are resumed by whichever instance looks first. It was started
 * with the webhook dispatcher (webhook/start.ts), which made webhook's face import the catalog back.
 */
export function startRefundBatchSweeper(db: Db, options: { onError: (err: unknown) => void }): Sweeper {
  return startSweepLoop(async (span) => ((await resumeRefundBatch(span ? tracedDb(db, span) : db)) ? 1 : 0), {
    name: 'refund-batch sweeper',
    intervalMs: 5000,
    batch: 1,
    onError: options.onError,
  });
}
