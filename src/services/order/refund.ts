import type { Db, Tx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, notFound } from '../../errors';
import { recordClaimChanges } from '../seating';
import { wakeWebhooks } from '../webhook';
import type { OrderView } from './model';
import { mutateOrder, type OrderSettings } from './store';
import {
  insertRefund,
  insertRefundEvent,
  markLinesRefunded,
  refundLineSeats,
  refundPayments,
  refundReasonByName,
  setOrderRefunded,
} from './store-payments';
import { lineTotals, toDollars } from './totals';
import { loadOrderView, type OrderRow } from './view';

/** The most product lines one refund names. */
export const MAX_REFUND_LINES = 100;

/** Body of refundOrder (GraphQL `RefundOrderInput`, REST `POST /v2/orders/{orderId}/refunds`). */
export interface RefundOrderInput {
  orderId: number;
  /** A refund reason name from `refundReasons` (e.g. ShowCancelled). */
  reason: string;
  /** Product lines to refund; absent or empty means every fulfilled line. */
  lineNumbers?: number[] | null;
}

/** The spec's `Orders.Refund` callback details, as stored in the outbox. */
interface RefundEventDetails {
  OrderId: number;
  OrderToken: string;
  RefundAmount: number;
  OrderTotal: number;
  RefundReason: string;
  CreationDateUTC: string;
  LastUpdateDateUTC: string;
  [key: string]: unknown;
}

/**
 * Refunds fulfilled products of an order, all of them or the given lines: their seats become
 * available again (claims `refunded`, announced live), the products `Refunded`, the order `Refunded`
 * when nothing fulfilled remains, else `PartialyRefunded`. An order_refunds row and an `Orders.Refund`
 * outbox event are written in the same transaction, so webhooks never miss or invent a refund.
 */
export async function refundOrder(db: Db, principal: Principal, input: RefundOrderInput, settings: OrderSettings): Promise<OrderView> {
  const lineNumbers = input.lineNumbers ?? [];
  const view = await mutateOrder(
    db,
    principal,
    input.orderId,
    settings,
    async ({ tx, order, now }) => {
      await refundLines(tx, order, input.reason, lineNumbers, now);
    },
    { allowClosed: true, bump: false },
  );
  wakeWebhooks(db); // the refund's event is committed: deliver it now rather than at the next poll
  return view;
}

/**
 * The refund itself, inside the caller's transaction with the order row locked (`refundOrder`, and the
 * batch refund of a canceled showtime): products, claims (recorded as seat changes for the log),
 * payments, the order's status, an order_refunds row and the `Orders.Refund` outbox event. Returns the
 * event's details.
 */
export async function refundLines(
  tx: Tx,
  order: OrderRow,
  reasonName: string,
  lineNumbers: readonly number[],
  now: Date,
): Promise<RefundEventDetails> {
  if (order.status !== 'Fulfilled' && order.status !== 'PartialyRefunded') {
    throw new DomainError('ORDER_STATE', `Order ${order.id} is ${order.status}; only fulfilled orders are refunded`, {
      orderId: order.id,
      status: order.status,
    });
  }
  const reason = await refundReasonByName(tx, reasonName);
  if (!reason) throw badInput(`reason ${reasonName} is not a refund reason (see refundReasons)`, 'reason');

  const view = await loadOrderView(tx, order.id, now);
  if (!view) throw notFound('Order', order.id);
  const fulfilled = view.products.filter((p) => p.status === 'Fulfilled');
  let targets = fulfilled;
  if (lineNumbers.length > 0) {
    const bad = lineNumbers.filter((n) => !fulfilled.some((p) => p.lineNumber === n));
    if (bad.length > 0) throw badInput(`lineNumbers ${bad.join(', ')} are not fulfilled products of order ${order.id}`, 'lineNumbers');
    targets = fulfilled.filter((p) => lineNumbers.includes(p.lineNumber));
  }
  if (targets.length === 0) throw new DomainError('ORDER_STATE', `Order ${order.id} has nothing left to refund`, { orderId: order.id });

  const sale = view.products.filter((p) => p.status === 'Fulfilled' || p.status === 'Refunded');
  const sumCents = (ps: typeof sale) =>
    ps.reduce((s, p) => s + lineTotals({ ...p, status: 'Fulfilled' }).totalCents, 0);
  const refundCents = sumCents(targets);
  const targetLines = targets.map((p) => p.lineNumber);

  await markLinesRefunded(tx, order.id, targetLines);
  const seats = targets.filter((p) => p.kind === 'Ticket' && p.showtimeId !== null && p.row !== null && p.column !== null);
  const refunded = seats.length
    ? await refundLineSeats(
        tx,
        order.id,
        seats.map((p) => ({ showtimeId: p.showtimeId!, row: p.row!, column: p.column! })),
        now,
      )
    : [];
  const whole = targets.length === fulfilled.length;
  if (whole) await refundPayments(tx, order.id);
  await setOrderRefunded(tx, order.id, whole ? 'Refunded' : 'PartialyRefunded');
  await insertRefund(tx, {
    orderId: order.id,
    refundReasonId: reason.id,
    amount: toDollars(refundCents),
    productLineNumbers: targetLines,
    createdAt: now,
  });
  const details: RefundEventDetails = {
    OrderId: order.id,
    OrderToken: order.token,
    RefundAmount: toDollars(refundCents),
    OrderTotal: toDollars(sumCents(sale)),
    RefundReason: reason.name,
    CreationDateUTC: order.createdAt.toISOString(),
    LastUpdateDateUTC: now.toISOString(),
  };
  await insertRefundEvent(tx, details, now);
  recordClaimChanges(tx, refunded, 'refunded', 'refund');
  return details;
}
