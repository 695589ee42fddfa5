import { eq, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orderProducts, orders, seatClaims } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { Config } from '../../config';
import { DomainError, notFound } from '../../errors';
import { transactSeats } from '../seating';
import { assertOrderAccess, requireOrderCredential } from './access';
import type { OrderView } from './model';
import { isOpen, loadOrderView, type OrderRow } from './view';

/** What order writes need from configuration. */
export interface OrderSettings {
  /** Seconds an order (and its seat holds) lives after its last modification: ORDER_HOLD_SECONDS. */
  holdSeconds: number;
}

export const orderSettings = (config: Pick<Config, 'ORDER_HOLD_SECONDS'>): OrderSettings => ({
  holdSeconds: config.ORDER_HOLD_SECONDS,
});

export const expiryFrom = (now: Date, settings: OrderSettings): Date =>
  new Date(now.getTime() + settings.holdSeconds * 1000);

/** Order writes need a vendor key (design.md): UNAUTHENTICATED before any input is looked at. */
export function requireVendor(principal: Principal): void {
  requireOrderCredential(principal, 'write');
}

/** The error for an order that can no longer change. */
export function closedOrderError(order: Pick<OrderRow, 'id' | 'status'>): DomainError {
  if (order.status === 'Pending' || order.status === 'Abandonded') {
    return new DomainError('ORDER_EXPIRED', `Order ${order.id} has expired`, { orderId: order.id });
  }
  return new DomainError('ORDER_STATE', `Order ${order.id} is ${order.status}`, {
    orderId: order.id,
    status: order.status,
  });
}

export interface WriteStep {
  tx: Tx;
  order: OrderRow;
  now: Date;
}

/**
 * Runs one order write in one transaction (`transactSeats`): vendor check, the order row locked
 * `FOR UPDATE` (so writes of one order, fulfilment and the expiry sweeper serialize on it), the access
 * rule (`assertOrderAccess`, access.ts), and — unless `allowClosed` — that the order is still pending
 * and unexpired; then `step`.
 */
export async function writeOrder<T>(
  db: Db,
  principal: Principal,
  orderId: number,
  step: (s: WriteStep) => Promise<T>,
  options: { allowClosed?: boolean } = {},
): Promise<T> {
  requireVendor(principal);
  return transactSeats(db, async (tx) => {
    const order = await lockOrder(tx, orderId);
    assertOrderAccess(order, principal, 'write');
    const now = new Date();
    if (!options.allowClosed && !isOpen(order, now)) throw closedOrderError(order);
    return step({ tx, order, now });
  });
}

/**
 * The order as it stands after a committed write, read outside its transaction so that the showtimes'
 * seat-log heads it locked are not held through the reads.
 */
export async function orderAfterWrite(db: Db, orderId: number): Promise<OrderView> {
  const view = await loadOrderView(db, orderId);
  if (!view) throw notFound('Order', orderId);
  return view;
}

/**
 * `writeOrder` for the mutations that return the whole order: `bump` (default true) moves the
 * expiration to now + hold for the order and its held seats (every modification extends the hold),
 * and the order is read back in the transaction (one statement, `loadOrderView`).
 */
export async function mutateOrder(
  db: Db,
  principal: Principal,
  orderId: number,
  settings: OrderSettings,
  step: (s: WriteStep) => Promise<void>,
  options: { allowClosed?: boolean; bump?: boolean } = {},
): Promise<OrderView> {
  return writeOrder(
    db,
    principal,
    orderId,
    async ({ tx, order, now }) => {
      await step({ tx, order, now });
      if (options.bump ?? true) await bumpExpiry(tx, order.id, now, settings);
      // statement: touchOrder (a write step with no statement of its own)
      else await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
      const view = await loadOrderView(tx, order.id, now);
      if (!view) throw notFound('Order', orderId);
      return view;
    },
    options,
  );
}

/** What `lockOrderStatement` answers: the order facts the access rule and `isOpen` need. */
export interface LockedOrder {
  id: number;
  vendorId: number | null;
  siteAccountId: number | null;
  status: string;
  expiresAt: Date;
}

/** The order row `FOR UPDATE` with what `checkLockedOrder` needs: the first statement of a pipelined write. */
// statement: lockOrder
export const lockOrderStatement = (orderId: number) => sql`/* lockOrder */
  select id, vendor_id as "vendorId", site_account_id as "siteAccountId", status, expires_at as "expiresAt"
  from orders where id = ${orderId}::int for update`;

/**
 * The checks of `writeOrder` on the row `lockOrderStatement` read (timestamps come as text on the raw
 * connection): NOT_FOUND, the access rule, and unless `allowClosed` that the order is still open.
 */
export function checkLockedOrder(
  row: (Omit<LockedOrder, 'expiresAt'> & { expiresAt: Date | string }) | undefined,
  orderId: number,
  principal: Principal,
  now: Date,
  options: { allowClosed?: boolean } = {},
): LockedOrder {
  if (!row) throw notFound('Order', orderId);
  const order = { ...row, expiresAt: new Date(row.expiresAt) };
  assertOrderAccess(order, principal, 'write');
  if (!options.allowClosed && !isOpen(order, now)) throw closedOrderError(order);
  return order;
}

/** Selects the order row `FOR UPDATE`; NOT_FOUND when there is none. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  // statement: lockOrder (drizzle form)
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order', orderId);
  return order;
}

/** Extends a pending order and its held seats to now + hold, in one statement. */
export async function bumpExpiry(tx: Tx, orderId: number, now: Date, settings: OrderSettings): Promise<void> {
  // Raw SQL takes timestamps as ISO strings: drizzle hands postgres.js no Date serializer.
  const at = now.toISOString();
  const until = expiryFrom(now, settings).toISOString();
  // statement: bumpExpiry
  await tx.execute(sql`
    with bumped as (
      update ${orders} set updated_at = ${at}::timestamptz, expires_at = ${until}::timestamptz
      where id = ${orderId} returning id
    )
    update ${seatClaims} set expires_at = ${until}::timestamptz, updated_at = ${at}::timestamptz
    where order_id in (select id from bumped) and status = 'held'`);
}

/** The next free product line number of an order (the order row is locked, so no race). */
export async function nextLineNumber(tx: Tx, orderId: number): Promise<number> {
  // statement: nextLineNumber
  const [row] = await tx
    .select({ last: max(orderProducts.lineNumber) })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId));
  return (row?.last ?? 0) + 1;
}
