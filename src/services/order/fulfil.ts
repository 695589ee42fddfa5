import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { markSeatEventsWritten } from '../seating';
import type { OrderView } from './model';
import { orderAfterWrite, writeOrder, type OrderSettings } from './store';
import { fulfilOrderRows } from './store-payments';
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
    const row = await fulfilOrderRows(tx, order.id, now);
    if (row.sold !== held.length) {
      // Claims and ticket lines change together under the order lock; a mismatch is a bug: roll back.
      throw new Error(`order ${order.id}: ${held.length} held tickets but ${row.sold} held claims`);
    }
    markSeatEventsWritten(tx, row.logged);
    return { id: order.id };
  });
}
