import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderPayments, orderProducts, orders, seatClaims } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { recordClaimChanges, recordSeatChange } from '../../realtime/seat-log';
import type { OrderView } from './model';
import { mutateOrder, type OrderSettings } from './store';

/** Cancels a pending order: its products and tenders are cancelled and its held seats released. */
export async function cancelOrder(db: Db, principal: Principal, orderId: number, settings: OrderSettings): Promise<OrderView> {
  return mutateOrder(
    db,
    principal,
    orderId,
    settings,
    async ({ tx, order, now }) => {
      const released = await tx
        .update(seatClaims)
        .set({ status: 'released', expiresAt: null, updatedAt: now })
        .where(and(eq(seatClaims.orderId, order.id), eq(seatClaims.status, 'held')))
        .returning({ showtimeId: seatClaims.showtimeId, row: seatClaims.row, column: seatClaims.column });
      await tx
        .update(orderProducts)
        .set({ status: 'Cancelled', expiresAt: null })
        .where(and(eq(orderProducts.orderId, order.id), inArray(orderProducts.status, ['Held', 'Pending', 'Submitted'])));
      await tx
        .update(orderPayments)
        .set({ status: 'Cancelled' })
        .where(and(eq(orderPayments.orderId, order.id), inArray(orderPayments.status, ['Pending', 'Submitted'])));
      await tx.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
      recordClaimChanges(tx, released, 'released', 'cancel');
    },
    { bump: false },
  );
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
