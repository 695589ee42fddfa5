import { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { isRowId } from '../../bounds';
import { badInput, forbidden, notFound, unauthenticated } from '../../errors';
import { startSweepLoop, type Sweeper } from '../../sweep-loop';
import { tracedDb } from '../../tracing/sql';
import { text } from '../shared/input-fields';
import { refundLines } from '../order';
import { recordSeatChange, transactSeats } from '../seating';
import { wakeWebhooks } from '../webhook';
import type { BatchRow, CancellationView } from './model';
import {
  advanceBatch,
  batchOfShowtime,
  cancelOrderLines,
  completeBatch,
  createBatch,
  insertBatchRefundEvent,
  lockOrders,
  lockShowtime,
  markShowtimeCanceled,
  nextBatchOrders,
  refundReasonExists,
  releaseHeldClaimsOfOrder,
  releaseOrphanClaims,
  staleBatch,
  takeLease,
  ticketLinesOfOrder,
  touchOrderAt,
} from './store-cancel';

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
  if (!(await refundReasonExists(db, reasonName))) throw badInput(`reason ${reasonName} is not a refund reason (see refundReasons)`, 'reason');

  // A short transaction: the showtime row locked, marked canceled, and its batch created and leased.
  // FOR UPDATE waits for every hold that read the showtime (a hold reads `is_canceled` under FOR KEY SHARE,
  // `lockForHold` in src/services/order/store-hold.ts), so their claims are committed and seen by the batch; a hold behind
  // this lock reads the committed flag and is refused.
  const { batch, mine } = await db.transaction(async (tx) => {
    if (!(await lockShowtime(tx, showtimeId))) throw notFound('Showtime', showtimeId);
    const existing = await batchOfShowtime(tx, showtimeId);
    if (existing) {
      // Again: completed (nothing to do), being worked elsewhere (answer its progress), or abandoned (resume).
      const taken = await takeLease(tx, existing.id);
      return { batch: taken ?? existing, mine: taken !== null };
    }
    await markShowtimeCanceled(tx, showtimeId);
    return { batch: await createBatch(tx, showtimeId, reasonName), mine: true };
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
    const ids = await nextBatchOrders(db, showtimeId, done);
    if (ids.length === 0) break;
    await transactSeats(db, (tx) => workChunk(tx, batch, ids));
    wakeWebhooks(db);
    done.push(...ids);
  }
  return transactSeats(db, async (tx) => {
    const orphans = await releaseOrphanClaims(tx, showtimeId);
    recordSeatChange(tx, showtimeId, orphans, 'released', 'cancel');
    return completeBatch(tx, batch.id, orphans.length);
  });
}

async function workChunk(tx: Tx, batch: BatchRow, orderIds: number[]): Promise<void> {
  const showtimeId = batch.showtimeId;
  const now = new Date();
  const locked = await lockOrders(tx, orderIds);
  let refunded = 0;
  let released = 0;
  for (const order of locked) {
    const tickets = await ticketLinesOfOrder(tx, order.id, showtimeId);
    const held = tickets.filter((t) => t.status === 'Held' || t.status === 'Pending').map((t) => t.lineNumber);
    if (held.length > 0) {
      await cancelOrderLines(tx, order.id, held);
      const freed = await releaseHeldClaimsOfOrder(tx, order.id, showtimeId, now);
      recordSeatChange(tx, showtimeId, freed, 'released', 'cancel');
      released += freed.length;
    }
    const sold = tickets.filter((t) => t.status === 'Fulfilled').map((t) => t.lineNumber);
    if (sold.length > 0 && (order.status === 'Fulfilled' || order.status === 'PartialyRefunded')) {
      const details = await refundLines(tx, order, batch.reason, sold, now);
      await touchOrderAt(tx, order.id, now);
      await insertBatchRefundEvent(tx, { ...details, BatchId: batch.id, ShowtimeId: showtimeId }, now);
      refunded += 1;
      released += sold.length;
    }
  }
  await advanceBatch(tx, batch.id, refunded, released);
}

/**
 * Resumes one batch whose instance died (running, lease run out), if any: the refund-batch sweeper of
 * every instance calls it (`startRefundBatchSweeper`). Returns whether it worked one.
 */
async function resumeRefundBatch(db: Db): Promise<boolean> {
  const stale = await staleBatch(db);
  if (stale === null) return false;
  const taken = await takeLease(db, stale);
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
