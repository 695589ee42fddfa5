import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, notFound } from '../../errors';
import type { OrderView, PaymentType } from './model';
import { mutateOrder, requireVendor, type OrderSettings } from './store';
import { cancelPayment, insertPayment, paymentLineOf } from './store-payments';
import { toCents } from './totals';
import { loadOrderView } from './view';

/** Body of addPayment (GraphQL `AddPaymentInput`, REST `POST /v2/orders/{orderId}/payments`). */
export interface AddPaymentInput {
  orderId: number;
  type: PaymentType;
  /** Decimal USD, > 0, at most two decimals, at most the balance due. */
  amount: number;
  /** Card number (credit, gift or loyalty card); only its last four digits are stored. */
  cardNumber?: string | null;
}

/**
 * The last four digits of a payment's card (or null): all that is kept of it. The body's formats (tender
 * type, amount, 4–19 digits) are checked where each surface parses it (`addPaymentSchema`, input.ts).
 */
export function lastFourOf(input: AddPaymentInput): string | null {
  return input.cardNumber == null ? null : input.cardNumber.replace(/[\s-]/g, '').slice(-4);
}

/**
 * Adds a tender to a pending order. Payments may not exceed the balance due; a loyalty tender needs
 * the order's loyalty card. No money moves here: tenders settle when the order is fulfilled.
 */
export async function addPayment(db: Db, principal: Principal, input: AddPaymentInput, settings: OrderSettings): Promise<OrderView> {
  requireVendor(principal);
  const lastFour = lastFourOf(input);
  return mutateOrder(db, principal, input.orderId, settings, async ({ tx, order, now }) => {
    if (input.type === 'loyalty' && !order.loyaltyCardNumber) {
      throw badInput('A loyalty payment needs a loyalty card on the order', 'type');
    }
    const view = await loadOrderView(tx, order.id, now);
    if (!view) throw notFound('Order', order.id);
    if (toCents(input.amount) > toCents(view.balanceDue)) {
      throw badInput(`amount ${input.amount} exceeds the balance due ${view.balanceDue}`, 'amount');
    }
    // The next line number from the view just read (the order row is locked): one insert.
    const line = view.payments.reduce((n, p) => Math.max(n, p.lineNumber), 0) + 1;
    await insertPayment(tx, { orderId: order.id, line, type: input.type, lastFour, amount: input.amount, now });
  });
}

/** Removes (cancels) a pending tender of a pending order: REST `DELETE /v2/orders/{id}/payments/{line}`. */
export async function removePayment(
  db: Db,
  principal: Principal,
  orderId: number,
  lineNumber: number,
  settings: OrderSettings,
): Promise<OrderView> {
  return mutateOrder(db, principal, orderId, settings, async ({ tx, order }) => {
    const payment = await paymentLineOf(tx, order.id, lineNumber);
    if (!payment) throw notFound('Payment', lineNumber);
    if (payment.status !== 'Pending') {
      throw new DomainError('ORDER_STATE', `Payment ${lineNumber} is ${payment.status}`, { lineNumber });
    }
    await cancelPayment(tx, payment.id);
  });
}
