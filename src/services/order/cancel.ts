import type { Db } from '../../../db/client';
import { canPipeline, executePrepared, pipelinedTransaction } from '../../../db/prepared';
import type { Principal } from '../../auth/principal';
import { DomainError, notFound } from '../../errors';
import { announceSeatEvents, markSeatEventsWritten, recordSeatChange } from '../seating';
import type { OrderView } from './model';
import {
  cancelOrderStatement,
  checkLockedOrder,
  lockOrderStatement,
  mutateOrder,
  orderAfterWrite,
  requireVendor,
  writeOrder,
  type LockedOrder,
  type OrderSettings,
} from './store';
import { cancelLine, orderLineOf, releaseLineSeat } from './store-lines';
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

async function cancelPipelined(
  db: Db,
  principal: Principal,
  orderId: number,
  read: boolean,
): Promise<{ id: number; read?: { view: OrderView; lineFacts: Map<number, LineFacts> } }> {
  const now = new Date();
  const out = await pipelinedTransaction(db, async (tx) => {
    const lock = tx.send<LockedOrder>(lockOrderStatement(orderId));
    const write = tx.send<{ cancelled: number; logged: number[] }>(cancelOrderStatement(orderId, principal, now));
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
    const [row] = await executePrepared<{ cancelled: number; logged: number[] }>(tx, cancelOrderStatement(orderId, principal, now));
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
    const product = await orderLineOf(tx, order.id, lineNumber);
    if (!product) throw notFound('Order product', lineNumber);
    if (product.status !== 'Held' && product.status !== 'Pending') {
      throw new DomainError('ORDER_STATE', `Product ${lineNumber} is ${product.status}`, { lineNumber });
    }
    await cancelLine(tx, product.id);
    if (product.kind === 'Ticket' && product.showtimeId !== null && product.row !== null && product.column !== null) {
      const released = await releaseLineSeat(tx, order.id, { showtimeId: product.showtimeId, row: product.row, column: product.column }, now);
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
