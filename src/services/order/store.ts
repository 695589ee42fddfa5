import { and, count, desc, eq, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import { loyaltyCards, orderProducts, orders, seatClaims } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { Config } from '../../config';
import { DomainError, notFound } from '../../errors';
import { appendSeatEventsFrom, transactSeats } from '../seating';
import { assertOrderAccess, orderScopeSql, requireOrderCredential } from './access';
import type { OrderView } from './model';
import { isOpen, loadOrderView, type JsonRecord, type OrderRow } from './view';

/**
 * Orders' SQL and the write transaction every order verb runs in (`writeOrder`, `mutateOrder`). Each
 * statement stands under its `// statement: <name>` tag (a raw statement's is its `/* name *\/`): here
 * the order's own (creation, its fields, its reads, the cancel, the expiry sweep); the lines' in
 * store-lines.ts, the money's (tenders, sale, refunds) in store-payments.ts, the hold's in
 * store-hold.ts, the order view's in view.ts.
 */

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

interface WriteStep {
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
async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  // statement: lockOrder (drizzle form)
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('Order', orderId);
  return order;
}

/** Extends a pending order and its held seats to now + hold, in one statement. */
async function bumpExpiry(tx: Tx, orderId: number, now: Date, settings: OrderSettings): Promise<void> {
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

// ---- the order's own statements (create.ts, read.ts, cancel.ts, expiry.ts) ----------------------------

/** The id of a loyalty card by its number, or null. */
export async function cardIdByNumber(db: Db, cardNumber: string): Promise<number | null> {
  // statement: cardExists
  const [card] = await db.select({ id: loyaltyCards.id }).from(loyaltyCards).where(eq(loyaltyCards.cardNumber, cardNumber)).limit(1);
  return card?.id ?? null;
}

/** What a new order is created with. */
interface NewOrder {
  vendorId: number | null;
  accountId: number | null;
  email: string | null;
  loyaltyCardNumber: string | null;
  vendorTransactionId: string | null;
  shoppingCartId: string | null;
  /** ISO-8601 instants. */
  at: string;
  expiresAt: string;
}

/**
 * Inserts a pending order: one prepared statement (the hot path of every sale); `returning *` as
 * drizzle's insert would. Answers the raw row (view.ts's `drizzleRow` reads it).
 */
export async function insertOrder(db: Db, o: NewOrder): Promise<JsonRecord> {
  // statement: createOrder
  const [raw] = await executePrepared<JsonRecord>(
    db,
    sql`/* createOrder */
    insert into orders (vendor_id, site_account_id, email, loyalty_card_number, vendor_transaction_id, shopping_cart_id,
                        created_at, updated_at, expires_at)
    values (${o.vendorId}::int, ${o.accountId}::int, ${o.email}::text, ${o.loyaltyCardNumber}::text,
            ${o.vendorTransactionId}::text, ${o.shoppingCartId}::text,
            ${o.at}::timestamptz, ${o.at}::timestamptz, ${o.expiresAt}::timestamptz)
    returning *`,
  );
  return raw;
}

/** Writes an order's fields. */
export async function updateOrderFields(tx: Tx, orderId: number, set: Partial<typeof orders.$inferInsert>): Promise<void> {
  // statement: updateOrderFields
  await tx.update(orders).set(set).where(eq(orders.id, orderId));
}

/** The id of the order of this (lower-case) token, or null. */
export async function orderIdByToken(db: Db, token: string): Promise<number | null> {
  // statement: orderIdByToken
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.token, token)).limit(1);
  return row?.id ?? null;
}

/** The number of the orders `where` keeps, then the ids of one page of them, newest first (two statements, in turn). */
export async function orderIdsPage(db: Db, where: SQL | undefined, page: { pageNumber: number; pageSize: number }): Promise<{ ids: number[]; total: number }> {
  // statement: countOrders
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  // statement: orderIdsPage
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  return { ids: ids.map((r) => r.id), total };
}

/**
 * The cancel statement. Its guard (`ok`) repeats the checks `checkLockedOrder` makes on the row the
 * statement before it locked — the order is this principal's (`orderScopeSql`), pending and not expired
 * at `now` — so an order the caller may not cancel is left unchanged; the caller then answers the error.
 */
export function cancelOrderStatement(orderId: number, principal: Principal, now: Date): SQL {
  const at = now.toISOString();
  // statement: cancelOrder
  return sql`/* cancelOrder */
      with ok as (
        select o.id from orders o
        where o.id = ${orderId}::int and o.status = 'Pending' and o.expires_at > ${at}::timestamptz and ${orderScopeSql(principal, 'o')}
      ), released as (
        update seat_claims set status = 'released', expires_at = null, updated_at = ${at}::timestamptz
        where order_id in (select id from ok) and status = 'held' returning showtime_id, "row", "column"
      ), products as (
        update order_products set status = 'Cancelled', expires_at = null
        where order_id in (select id from ok) and status in ('Held', 'Pending', 'Submitted')
      ), payments as (
        update order_payments set status = 'Cancelled'
        where order_id in (select id from ok) and status in ('Pending', 'Submitted')
      ), cancelled as (
        update orders set status = 'Cancelled', updated_at = ${at}::timestamptz where id in (select id from ok) returning 1
      )${appendSeatEventsFrom('released', 'released', 'cancel')}
      select (select count(*) from cancelled)::int as cancelled,
             (select coalesce(json_agg(showtime_id), '[]'::json) from seat_log) as logged`;
}

/**
 * The statuses the partial expiry indexes name (orders_expiry_idx, seat_claims_expiry_idx), written into the
 * statements' text: a generic plan cannot use a partial index for a bound status, so the sweepers' checks,
 * bound, were planned anew at every execution (test/integration/generic-plans.test.ts).
 */
const PENDING = sql`${orders.status} = 'Pending'`;
const HELD = sql`${seatClaims.status} = 'held'`;

/** Whether some pending order is due at `now` (a partial index answers it). */
export async function anyOrderDue(db: Db, now: Date): Promise<boolean> {
  // statement: anyOrderDue
  const [due] = await db
    .select({ any: sql<boolean>`true` })
    .from(orders)
    .where(and(PENDING, lte(orders.expiresAt, now)))
    .limit(1);
  return due !== undefined;
}

/** Whether some orderless hold (staff) is past its expiry at `now`. */
export async function anyLooseHoldDue(db: Db, now: Date): Promise<boolean> {
  // statement: anyLooseHoldDue
  const [orphan] = await db
    .select({ any: sql<boolean>`true` })
    .from(seatClaims)
    .where(and(isNull(seatClaims.orderId), HELD, lte(seatClaims.expiresAt, now)))
    .limit(1);
  return orphan !== undefined;
}

/** Locks at most `limit` due pending orders, the longest due first, skipping those another transaction holds. */
export async function lockOrdersDue(tx: Tx, now: Date, limit: number): Promise<number[]> {
  // statement: ordersDue
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(PENDING, lte(orders.expiresAt, now)))
    .orderBy(orders.expiresAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return due.map((o) => o.id);
}

/**
 * One statement for the orders, their lines, tenders and held seats, the orderless holds past their
 * expiry, and the seat events. An UPDATE re-checks its WHERE after waiting on a row lock, so two
 * sweepers never both expire a hold. Answers the seat events' showtimes.
 */
export async function expireOrders(tx: Tx, ids: readonly number[], now: Date): Promise<{ logged: number[] }> {
  const at = now.toISOString();
  const list = `{${ids.join(',')}}`;
  // statement: expireDueOrders
  const [row] = await executePrepared<{ logged: number[] }>(
    tx,
    sql`/* expireDueOrders */
      with abandoned as (
        update orders set status = 'Abandonded', updated_at = ${at}::timestamptz where id = any(${list}::int[]) returning 1
      ), products as (
        update order_products set status = 'Abandoned', expires_at = null
        where order_id = any(${list}::int[]) and status in ('Held', 'Pending', 'Submitted') returning 1
      ), payments as (
        update order_payments set status = 'Abandoned'
        where order_id = any(${list}::int[]) and status in ('Pending', 'Submitted') returning 1
      ), expired as (
        update seat_claims set status = 'expired', updated_at = ${at}::timestamptz
        where status = 'held' and (order_id = any(${list}::int[]) or (order_id is null and expires_at <= ${at}::timestamptz))
        returning showtime_id, "row", "column"
      )${appendSeatEventsFrom('expired', 'expired', 'expiry')}
      select (select coalesce(json_agg(showtime_id), '[]'::json) from seat_log) as logged,
             (select count(*) from abandoned) + (select count(*) from products) + (select count(*) from payments) as written`,
  );
  return row;
}
