import type { ProductFee } from '../../../db/schema/order';

/**
 * The plain order objects that order services return and both surfaces (GraphQL, REST) render.
 * Statuses keep the spec's spelling, including its typos (`PartialyRefunded`, `Abandonded`).
 */

export const ORDER_STATUSES = [
  'Pending',
  'Submitted',
  'Fulfilled',
  'Errored',
  'Refunded',
  'PartialyRefunded',
  'Cancelled',
  'Abandonded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PRODUCT_STATUSES = [
  'Pending',
  'Held',
  'Submitted',
  'Fulfilled',
  'Cancelled',
  'Abandoned',
  'Errored',
  'Refunded',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'Pending',
  'Submitted',
  'Fulfilled',
  'Cancelled',
  'Abandoned',
  'Errored',
  'Refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The spec's tender types. */
export const PAYMENT_TYPES = ['creditCard', 'giftCard', 'loyalty'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const TICKET_TYPES = ['ADULT', 'CHILD', 'SENIOR'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

export type ProductKind = 'Ticket' | 'Concession';

/** Products that count in totals and hold seats: not cancelled, abandoned, errored or refunded. */
export const ACTIVE_PRODUCT_STATUSES: readonly ProductStatus[] = ['Pending', 'Held', 'Submitted', 'Fulfilled'];
/** Tenders that count as paid. */
export const ACTIVE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Pending', 'Submitted', 'Fulfilled'];

interface OrderDiscountView {
  discountId: string;
  amount: number;
  description: string;
}

interface OrderModifierView {
  modifierId: number;
  sku: string;
  name: string;
  price: number;
  tax: number;
  quantity: number;
}

export interface OrderProductView {
  lineNumber: number;
  kind: ProductKind;
  sku: string;
  quantity: number;
  status: ProductStatus;
  /** Unit price. Tickets: before tax; concessions: tax-inclusive (the spec's concession price). */
  cost: number;
  /** Unit tax. */
  tax: number;
  name: string;
  /** What this line adds to the order total: items, modifiers, taxes and fees, less discounts. */
  total: number;
  token: string;
  siteAccountId: number | null;
  showtimeId: number | null;
  ticketType: string | null;
  row: number | null;
  column: number | null;
  seatName: string | null;
  performanceNumber: number | null;
  auditorium: number | null;
  /** The performance's start, UTC (ISO-8601). */
  showDateTime: string | null;
  theatreId: number | null;
  movieId: number | null;
  theatreConcessionId: number | null;
  pickupDateTimeUtc: string | null;
  /** Held tickets: when the hold ends (the order's expiration). */
  expirationDateUtc: string | null;
  confirmationCode: string | null;
  fees: ProductFee[];
  discounts: OrderDiscountView[];
  modifiers: OrderModifierView[];
  links: { smsTicketConfirmation: boolean };
}

export interface OrderPaymentView {
  lineNumber: number;
  type: string;
  /** Masked: only the last four digits are ever stored. */
  cardNumber: string | null;
  amount: number;
  status: PaymentStatus;
  createdDateUtc: string;
}

/** Which actions an order offers now (the spec's links as booleans). */
export interface OrderLinks {
  canAddProducts: boolean;
  canAddPayments: boolean;
  /** The spec's order-fulfillment link: only when payments cover the total. */
  canFulfill: boolean;
  canCancel: boolean;
  canRefund: boolean;
  canRefreshExpiration: boolean;
}

export interface OrderView {
  id: number;
  token: string;
  vendorId: number | null;
  siteAccountId: number | null;
  vendorTransactionId: string | null;
  shoppingCartId: string | null;
  email: string | null;
  /** Masked to the last four (personal data: anyone holding the order's token reads the order). */
  loyaltyCardNumber: string | null;
  /**
   * The same number in full, never shaped as is: `orderLoyaltyCardNumber` (access.ts) picks it for the
   * readers entitled to it (admin, owning account, creating vendor), the masked one for the rest.
   */
  loyaltyCardNumberInFull: string | null;
  /** Id of the order's loyalty card: what its `loyalty-card` link names (`id-{cardId}`). */
  loyaltyCardId: number | null;
  status: OrderStatus;
  createdDateUtc: string;
  lastUpdatedDateUtc: string;
  /** Pending orders only: about 7 minutes after the last modification. */
  expirationDateUtc: string | null;
  fulfilledDateUtc: string | null;
  /** Active items, after discounts, before taxes and fees. */
  subtotal: number;
  taxTotal: number;
  feeTotal: number;
  discountTotal: number;
  /** All active items, fees and taxes. */
  total: number;
  /** Active tenders. */
  paid: number;
  balanceDue: number;
  paymentOptions: PaymentType[];
  products: OrderProductView[];
  payments: OrderPaymentView[];
  links: OrderLinks;
}
