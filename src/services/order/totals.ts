import type { ProductFee } from '../../../db/schema/order';
import { ACTIVE_PAYMENT_STATUSES, ACTIVE_PRODUCT_STATUSES, type PaymentStatus, type ProductKind, type ProductStatus } from './model';

/**
 * Order arithmetic, in integer cents so that sums never drift (0.1 + 0.2). Decimal dollars come in
 * from the database and go out to clients; everything in between is cents.
 */

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

export interface PricedLine {
  kind: ProductKind;
  status: ProductStatus;
  quantity: number;
  /** Unit price in dollars (tickets before tax; concessions tax-inclusive). */
  cost: number;
  /** Unit tax in dollars. */
  tax: number;
  fees: readonly ProductFee[];
  modifiers: readonly { price: number; quantity: number }[];
  discounts: readonly { amount: number }[];
}

interface LineTotals {
  itemCents: number;
  taxCents: number;
  feeCents: number;
  discountCents: number;
  /** items + taxes + fees − discounts. */
  totalCents: number;
}

/**
 * The totals of one line. Ticket tax is added on top of the price; a concession's price already
 * includes its tax (spec: "price (tax-inclusive, display only)"), so its tax is shown, not added.
 * Fees count unless waived; a fee's own tax (if any) counts with it.
 */
export function lineTotals(line: PricedLine): LineTotals {
  const modifierCents = line.modifiers.reduce((s, m) => s + toCents(m.price) * m.quantity, 0);
  const itemCents = (toCents(line.cost) + modifierCents) * line.quantity;
  const taxCents = line.kind === 'Ticket' ? toCents(line.tax) * line.quantity : 0;
  const feeCents = line.fees.reduce((s, f) => s + (f.waived ? 0 : toCents(f.total) + toCents(f.tax ?? 0) * f.quantity), 0);
  const discountCents = Math.min(
    itemCents,
    line.discounts.reduce((s, d) => s + toCents(d.amount), 0),
  );
  return { itemCents, taxCents, feeCents, discountCents, totalCents: itemCents + taxCents + feeCents - discountCents };
}

interface OrderTotals {
  subtotalCents: number;
  taxCents: number;
  feeCents: number;
  discountCents: number;
  totalCents: number;
  paidCents: number;
}

/** Totals of an order: only active lines and active tenders count. */
export function orderTotals(
  lines: readonly PricedLine[],
  payments: readonly { status: PaymentStatus; amount: number }[],
): OrderTotals {
  let items = 0;
  let tax = 0;
  let fee = 0;
  let discount = 0;
  for (const line of lines) {
    if (!ACTIVE_PRODUCT_STATUSES.includes(line.status)) continue;
    const t = lineTotals(line);
    items += t.itemCents;
    tax += t.taxCents;
    fee += t.feeCents;
    discount += t.discountCents;
  }
  const paid = payments
    .filter((p) => ACTIVE_PAYMENT_STATUSES.includes(p.status))
    .reduce((s, p) => s + toCents(p.amount), 0);
  return {
    subtotalCents: items - discount,
    taxCents: tax,
    feeCents: fee,
    discountCents: discount,
    totalCents: items - discount + tax + fee,
    paidCents: paid,
  };
}

/**
 * The per-ticket fees of a showtime (its `estimatedFees`), as a ticket line carries them.
 * `waivedReason` set means the fee is waived (a Premiere member's convenience fee, for one).
 */
export function ticketFees(
  estimated: readonly { name: string; cost: number; tax: number; quantity: number }[],
  waivedReason: string | null,
): ProductFee[] {
  return estimated.map((f) => ({
    name: f.name,
    cost: f.cost,
    tax: f.tax,
    quantity: f.quantity,
    total: toDollars(toCents(f.cost) * f.quantity),
    waived: waivedReason !== null && isWaivable(f.name),
    waivedReason: waivedReason !== null && isWaivable(f.name) ? waivedReason : null,
  }));
}

/** Convenience fees may be waived; partner fees may not. */
export const isWaivable = (feeName: string): boolean => /convenience/i.test(feeName);
