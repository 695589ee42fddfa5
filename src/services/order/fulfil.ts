import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderPayments, orderProducts, orders, seatClaims } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { recordClaimChanges } from '../../realtime/seat-log';
import type { OrderView } from './model';
import { mutateOrder, type OrderSettings } from './store';
import { loadOrderView } from './view';

/**
 * Fulfils a pending order whose payments cover its total: held seats become sold, products fulfilled
 * (tickets get confirmation codes), tenders settle. The order row is locked, as the expiry sweeper
 * locks it too, so an order racing its expiry ends either sold or expired, never both.
 */
export async function fulfillOrder(db: Db, principal: Principal, orderId: number, settings: OrderSettings): Promise<OrderView> {
  return mutateOrder(
    db,
    principal,
    orderId,
    settings,
    async ({ tx, order, now }) => {
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
      const sold = await tx
        .update(seatClaims)
        .set({ status: 'sold', expiresAt: null, updatedAt: now })
        .where(and(eq(seatClaims.orderId, order.id), eq(seatClaims.status, 'held')))
        .returning({ showtimeId: seatClaims.showtimeId, row: seatClaims.row, column: seatClaims.column });
      if (sold.length !== held.length) {
        // Claims and ticket lines change together under the order lock; a mismatch is a bug: roll back.
        throw new Error(`order ${order.id}: ${held.length} held tickets but ${sold.length} held claims`);
      }
      await tx
        .update(orderProducts)
        .set({
          status: 'Fulfilled',
          expiresAt: null,
          confirmationCode: sql`case when ${orderProducts.kind} = 'Ticket' then upper(substr(md5(gen_random_uuid()::text), 1, 10)) end`,
        })
        .where(and(eq(orderProducts.orderId, order.id), inArray(orderProducts.status, ['Held', 'Pending'])));
      await tx
        .update(orderPayments)
        .set({ status: 'Fulfilled' })
        .where(and(eq(orderPayments.orderId, order.id), inArray(orderPayments.status, ['Pending', 'Submitted'])));
      await tx.update(orders).set({ status: 'Fulfilled', fulfilledAt: now }).where(eq(orders.id, order.id));
      recordClaimChanges(tx, sold, 'sold', 'sale');
    },
    { bump: false },
  );
}
