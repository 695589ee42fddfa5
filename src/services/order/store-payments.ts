import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import { orderPayments, orderRefunds, orderProducts, orders, outboxEvents, refundReasons, seatClaims } from '../../../db/schema';
import { appendSeatEventsFrom } from '../seating';

/**
 * The statements of an order's money: tenders (payments.ts), the sale (fulfil.ts) and refunds
 * (refund.ts), each under its tag (a raw statement's is its `/* name *\/`). Every one runs in the order's
 * write transaction (`writeOrder`, store.ts), so each takes it.
 */

// ---- tenders (payments.ts) -------------------------------------------------------------------------

/** Inserts a pending tender at line `line` (one prepared statement). */
export async function insertPayment(
  tx: Tx,
  payment: { orderId: number; line: number; type: string; lastFour: string | null; amount: number; now: Date },
): Promise<void> {
  // statement: addPayment
  await executePrepared(
    tx,
    sql`/* addPayment */
      insert into order_payments (order_id, line_number, type, card_last_four, amount, status, created_at)
      values (${payment.orderId}::int, ${payment.line}::int, ${payment.type}::text, ${payment.lastFour}::text, ${payment.amount}::numeric, 'Pending', ${payment.now.toISOString()}::timestamptz)`,
  );
}

/** A tender of the order, or undefined. */
export async function paymentLineOf(tx: Tx, orderId: number, lineNumber: number): Promise<typeof orderPayments.$inferSelect | undefined> {
  // statement: paymentLineOf
  const [payment] = await tx
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.lineNumber, lineNumber)));
  return payment;
}

/** Cancels a tender. */
export async function cancelPayment(tx: Tx, paymentId: number): Promise<void> {
  // statement: cancelPayment
  await tx.update(orderPayments).set({ status: 'Cancelled' }).where(eq(orderPayments.id, paymentId));
}

// ---- the sale (fulfil.ts) -----------------------------------------------------------------------------

/**
 * One statement for the held claims (sold), the open lines (fulfilled; tickets get confirmation codes),
 * the tenders (settled), the order and the seat events. Answers the seat events' showtimes and the
 * number of claims sold.
 */
export async function fulfilOrderRows(tx: Tx, orderId: number, now: Date): Promise<{ logged: number[]; sold: number }> {
  const at = now.toISOString();
  // statement: fulfillOrder
  const [row] = await executePrepared<{ logged: number[]; sold: number }>(
    tx,
    sql`/* fulfillOrder */
      with sold as (
        update seat_claims set status = 'sold', expires_at = null, updated_at = ${at}::timestamptz
        where order_id = ${orderId}::int and status = 'held' returning showtime_id, "row", "column"
      ), products as (
        update order_products set status = 'Fulfilled', expires_at = null,
          confirmation_code = case when kind = 'Ticket' then upper(substr(md5(gen_random_uuid()::text), 1, 10)) end
        where order_id = ${orderId}::int and status in ('Held', 'Pending') returning 1
      ), payments as (
        update order_payments set status = 'Fulfilled'
        where order_id = ${orderId}::int and status in ('Pending', 'Submitted') returning 1
      ), fulfilled as (
        update orders set status = 'Fulfilled', fulfilled_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        where id = ${orderId}::int returning 1
      )${appendSeatEventsFrom('sold', 'sold', 'sale')}
      select (select coalesce(json_agg(showtime_id), '[]'::json) from seat_log) as logged,
             (select count(*) from sold)::int as sold,
             (select count(*) from products) + (select count(*) from payments) + (select count(*) from fulfilled) as written`,
  );
  return row;
}

// ---- refunds (refund.ts) ------------------------------------------------------------------------------

/** The refund reason of this name (the lowest id of a repeated name), or undefined. */
export async function refundReasonByName(tx: Tx, name: string): Promise<typeof refundReasons.$inferSelect | undefined> {
  // statement: refundReasonByName
  const [reason] = await tx.select().from(refundReasons).where(eq(refundReasons.name, name)).orderBy(asc(refundReasons.id)).limit(1);
  return reason;
}

/** Marks the order's lines refunded. */
export async function markLinesRefunded(tx: Tx, orderId: number, lineNumbers: number[]): Promise<void> {
  // statement: refundLines
  await tx
    .update(orderProducts)
    .set({ status: 'Refunded' })
    .where(and(eq(orderProducts.orderId, orderId), inArray(orderProducts.lineNumber, lineNumbers)));
}

/** Marks the sold claims of these seats refunded; answers the seats changed. */
export function refundLineSeats(tx: Tx, orderId: number, seats: readonly { showtimeId: number; row: number; column: number }[], now: Date) {
  // statement: refundLineSeats
  return tx
    .update(seatClaims)
    .set({ status: 'refunded', updatedAt: now })
    .where(
      and(
        eq(seatClaims.orderId, orderId),
        eq(seatClaims.status, 'sold'),
        sql`(${seatClaims.showtimeId}, ${seatClaims.row}, ${seatClaims.column}) in (${sql.join(
          seats.map((p) => sql`(${p.showtimeId}::int, ${p.row}::int, ${p.column}::int)`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ showtimeId: seatClaims.showtimeId, row: seatClaims.row, column: seatClaims.column });
}

/** Marks the order's settled tenders refunded. */
export async function refundPayments(tx: Tx, orderId: number): Promise<void> {
  // statement: refundPayments
  await tx
    .update(orderPayments)
    .set({ status: 'Refunded' })
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, 'Fulfilled')));
}

/** Sets the order's status after a refund. */
export async function setOrderRefunded(tx: Tx, orderId: number, status: 'Refunded' | 'PartialyRefunded'): Promise<void> {
  // statement: setOrderRefunded
  await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
}

/** Records a refund. */
export async function insertRefund(tx: Tx, refund: typeof orderRefunds.$inferInsert): Promise<void> {
  // statement: insertRefund
  await tx.insert(orderRefunds).values(refund);
}

/** Queues the refund's `Orders.Refund` event in the outbox. */
export async function insertRefundEvent(tx: Tx, details: Record<string, unknown>, now: Date): Promise<void> {
  // statement: insertRefundEvent
  await tx.insert(outboxEvents).values({ type: 'Orders.Refund', payload: details, createdAt: now });
}
