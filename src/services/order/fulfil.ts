import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { appendSeatEventsFrom, markSeatEventsWritten } from '../seating';
import type { OrderView } from './model';
import { orderAfterWrite, writeOrder, type OrderSettings } from './store';
import { loadOrderView } from './view';

/**
 * Fulfils a pending order whose payments cover its total: held seats become sold, products fulfilled
 * (tickets get confirmation codes), tenders settle. The order row is locked, as the expiry sweeper
 * locks it too, so an order racing its expiry ends either sold or expired, never both.
 */
export async function fulfillOrder(db: Db, principal: Principal, orderId: number, settings: OrderSettings): Promise<OrderView> {
  void settings; // a sale ends the hold rather than extending it
  await fulfillOrderLean(db, principal, orderId);
  return orderAfterWrite(db, orderId);
}

/**
 * `fulfillOrder` without reading the order back: the order row locked, the order read (one statement,
 * `orderViewStatement`, on the locked connection, for the totals), then one statement for claims, lines, tenders, the order
 * and the seat events.
 */
export async function fulfillOrderLean(db: Db, principal: Principal, orderId: number): Promise<{ id: number }> {
  return writeOrder(db, principal, orderId, async ({ tx, order, now }) => {
    const view = await loadOrderView(tx, order.id, now);
    if (!view) throw notFound('Order', order.id);
    const held = view.products.filter((p) => p.kind === 'Ticket' && p.status === 'Held');
    if (!view.products.some((p) => p.status === 'Held' || p.status === 'Pending')) {
      throw new DomainError('ORDER_STATE', `Order ${order.id} has no products to fulfil`, { orderId: order.id });
    }
    if (!view.links.canFulfill) {
      throw new DomainError('PAYMENT_REQUIRED', `Payments (${view.paid}) do not cover the total (${view.total})`, {
        orderId: order.id,
        total: view.total,
        paid: view.paid,
      });
    }
    const at = now.toISOString();
    const [row] = await executePrepared<{ logged: number[]; sold: number }>(
      tx,
      sql`/* fulfillOrder */
      with sold as (
        update seat_claims set status = 'sold', expires_at = null, updated_at = ${at}::timestamptz
        where order_id = ${order.id}::int and status = 'held' returning showtime_id, "row", "column"
      ), products as (
        update order_products set status = 'Fulfilled', expires_at = null,
          confirmation_code = case when kind = 'Ticket' then upper(substr(md5(gen_random_uuid()::text), 1, 10)) end
        where order_id = ${order.id}::int and status in ('Held', 'Pending') returning 1
      ), payments as (
        update order_payments set status = 'Fulfilled'
        where order_id = ${order.id}::int and status in ('Pending', 'Submitted') returning 1
      ), fulfilled as (
        update orders set status = 'Fulfilled', fulfilled_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        where id = ${order.id}::int returning 1
      )${appendSeatEventsFrom('sold', 'sold', 'sale')}
      select (select coalesce(json_agg(showtime_id), '[]'::json) from seat_log) as logged,
             (select count(*) from sold)::int as sold,
             (select count(*) from products) + (select count(*) from payments) + (select count(*) from fulfilled) as written`,
    );
    if (row.sold !== held.length) {
      // Claims and ticket lines change together under the order lock; a mismatch is a bug: roll back.
      throw new Error(`order ${order.id}: ${held.length} held tickets but ${row.sold} held claims`);
    }
    markSeatEventsWritten(tx, row.logged);
    return { id: order.id };
  });
}
