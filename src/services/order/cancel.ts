import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import { orderProducts, seatClaims } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { appendSeatEventsFrom, markSeatEventsWritten, recordSeatChange } from '../../realtime/seat-log';
import type { OrderView } from './model';
import { mutateOrder, orderAfterWrite, writeOrder, type OrderSettings } from './store';

/** Cancels a pending order: its products and tenders are cancelled and its held seats released. */
export async function cancelOrder(db: Db, principal: Principal, orderId: number, settings: OrderSettings): Promise<OrderView> {
  void settings; // a cancel does not extend the hold
  await cancelOrderLean(db, principal, orderId);
  return orderAfterWrite(db, orderId);
}

/**
 * `cancelOrder` without reading the order back: the order row locked, then one statement for claims,
 * products, tenders, the order and the seat event.
 */
export async function cancelOrderLean(db: Db, principal: Principal, orderId: number): Promise<{ id: number }> {
  return writeOrder(db, principal, orderId, async ({ tx, now }) => {
    const at = now.toISOString();
    const [row] = await executePrepared<{ logged: number[] }>(
      tx,
      sql`/* cancelOrder */
      with released as (
        update seat_claims set status = 'released', expires_at = null, updated_at = ${at}::timestamptz
        where order_id = ${orderId}::int and status = 'held' returning showtime_id, "row", "column"
      ), products as (
        update order_products set status = 'Cancelled', expires_at = null
        where order_id = ${orderId}::int and status in ('Held', 'Pending', 'Submitted') returning 1
      ), payments as (
        update order_payments set status = 'Cancelled'
        where order_id = ${orderId}::int and status in ('Pending', 'Submitted') returning 1
      ), cancelled as (
        update orders set status = 'Cancelled', updated_at = ${at}::timestamptz where id = ${orderId}::int returning 1
      )${appendSeatEventsFrom('released', 'released', 'cancel')}
      select (select coalesce(json_agg(showtime_id), '[]'::json) from seat_log) as logged,
             (select count(*) from products) + (select count(*) from payments) + (select count(*) from cancelled) as written`,
    );
    markSeatEventsWritten(tx, row.logged);
    return { id: orderId };
  });
}

/**
 * Removes a product line from a pending order (its status becomes Cancelled; the line stays for
 * history). A ticket's seat is released and announced.
 */
export async function removeOrderProduct(
  db: Db,
  principal: Principal,
  orderId: number,
  lineNumber: number,
  settings: OrderSettings,
): Promise<OrderView> {
  return mutateOrder(db, principal, orderId, settings, async ({ tx, order, now }) => {
    const [product] = await tx
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.orderId, order.id), eq(orderProducts.lineNumber, lineNumber)));
    if (!product) throw notFound('Order product', lineNumber);
    if (product.status !== 'Held' && product.status !== 'Pending') {
      throw new DomainError('ORDER_STATE', `Product ${lineNumber} is ${product.status}`, { lineNumber });
    }
    await tx.update(orderProducts).set({ status: 'Cancelled', expiresAt: null }).where(eq(orderProducts.id, product.id));
    if (product.kind === 'Ticket' && product.showtimeId !== null && product.row !== null && product.column !== null) {
      const released = await tx
        .update(seatClaims)
        .set({ status: 'released', expiresAt: null, updatedAt: now })
        .where(
          and(
            eq(seatClaims.orderId, order.id),
            eq(seatClaims.showtimeId, product.showtimeId),
            eq(seatClaims.row, product.row),
            eq(seatClaims.column, product.column),
            eq(seatClaims.status, 'held'),
          ),
        )
        .returning({ row: seatClaims.row, column: seatClaims.column });
      recordSeatChange(tx, product.showtimeId, released, 'released', 'release');
    }
  });
}

/** Extends a pending order (and its held seats) to now + hold: REST `POST …/refresh-expiration`. */
export async function refreshOrderExpiration(
  db: Db,
  principal: Principal,
  orderId: number,
  settings: OrderSettings,
): Promise<OrderView> {
  return mutateOrder(db, principal, orderId, settings, async () => undefined);
}
