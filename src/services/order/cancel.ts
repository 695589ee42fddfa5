import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { canPipeline, executePrepared, pipelinedTransaction } from '../../../db/prepared';
import { orderProducts, seatClaims } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { announceSeatEvents, appendSeatEventsFrom, markSeatEventsWritten, recordSeatChange } from '../seating';
import { orderScopeSql } from './access';
import type { OrderView } from './model';
import {
  checkLockedOrder,
  lockOrderStatement,
  mutateOrder,
  orderAfterWrite,
  requireVendor,
  writeOrder,
  type LockedOrder,
  type OrderSettings,
} from './store';
import { orderViewFromRow, orderViewStatement, type LineFacts } from './view';

/** Cancels a pending order: its products and tenders are cancelled and its held seats released. */
export async function cancelOrder(db: Db, principal: Principal, orderId: number, settings: OrderSettings): Promise<OrderView> {
  void settings; // a cancel does not extend the hold
  return (await cancelOrderRead(db, principal, orderId)).view;
}

/**
 * `cancelOrder` with the REST body's line facts: on postgres.js one round trip — the order locked, the
 * cancel, and the order read back (`orderViewStatement`) pipelined in one transaction.
 */
export async function cancelOrderRead(db: Db, principal: Principal, orderId: number): Promise<{ view: OrderView; lineFacts?: Map<number, LineFacts> }> {
  requireVendor(principal);
  if (!canPipeline(db)) {
    await cancelInTransaction(db, principal, orderId);
    return { view: await orderAfterWrite(db, orderId) };
  }
  const done = await cancelPipelined(db, principal, orderId, true);
  return done.read!;
}

/**
 * `cancelOrder` without reading the order back: on postgres.js the order locked and one guarded
 * statement for claims, products, tenders, the order and the seat event, with BEGIN and COMMIT, in one
 * round trip.
 */
export async function cancelOrderLean(db: Db, principal: Principal, orderId: number): Promise<{ id: number }> {
  requireVendor(principal);
  if (!canPipeline(db)) return cancelInTransaction(db, principal, orderId);
  return cancelPipelined(db, principal, orderId, false);
}

/**
 * The cancel statement. Its guard (`ok`) repeats the checks `checkLockedOrder` makes on the row the
 * statement before it locked — the order is this principal's (`orderScopeSql`), pending and not expired
 * at `now` — so an order the caller may not cancel is left unchanged; the caller then answers the error.
 */
function cancelStatement(orderId: number, principal: Principal, now: Date) {
  const at = now.toISOString();
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

async function cancelPipelined(
  db: Db,
  principal: Principal,
  orderId: number,
  read: boolean,
): Promise<{ id: number; read?: { view: OrderView; lineFacts: Map<number, LineFacts> } }> {
  const now = new Date();
  const out = await pipelinedTransaction(db, async (tx) => {
    const lock = tx.send<LockedOrder>(lockOrderStatement(orderId));
    const write = tx.send<{ cancelled: number; logged: number[] }>(cancelStatement(orderId, principal, now));
    const viewRow = read ? tx.send<{ view: Record<string, unknown> }>(orderViewStatement(orderId)) : null;
    await tx.commit();
    return { locked: (await lock)[0], written: (await write)[0], viewRow: viewRow ? (await viewRow)[0] : undefined };
  });
  checkLockedOrder(out.locked, orderId, principal, now);
  // The statement's guard and checkLockedOrder are the same rule: an allowed cancel that changed nothing is a bug.
  if (out.written.cancelled !== 1) throw new Error(`order ${orderId}: cancel allowed but not written`);
  announceSeatEvents(db, out.written.logged);
  if (!read) return { id: orderId };
  const viewed = orderViewFromRow(out.viewRow);
  if (!viewed) throw notFound('Order', orderId);
  return { id: orderId, read: viewed };
}

/** The cancel in a drizzle transaction (PGlite): the order locked, then the same statement. */
async function cancelInTransaction(db: Db, principal: Principal, orderId: number): Promise<{ id: number }> {
  return writeOrder(db, principal, orderId, async ({ tx, now }) => {
    const [row] = await executePrepared<{ cancelled: number; logged: number[] }>(tx, cancelStatement(orderId, principal, now));
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
    // statement: orderLineOf
    const [product] = await tx
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.orderId, order.id), eq(orderProducts.lineNumber, lineNumber)));
    if (!product) throw notFound('Order product', lineNumber);
    if (product.status !== 'Held' && product.status !== 'Pending') {
      throw new DomainError('ORDER_STATE', `Product ${lineNumber} is ${product.status}`, { lineNumber });
    }
    // statement: cancelLine
    await tx.update(orderProducts).set({ status: 'Cancelled', expiresAt: null }).where(eq(orderProducts.id, product.id));
    if (product.kind === 'Ticket' && product.showtimeId !== null && product.row !== null && product.column !== null) {
      // statement: releaseLineSeat
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
