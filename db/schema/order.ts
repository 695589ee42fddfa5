import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { refundReasons } from './reference';
import { siteAccounts, vendors } from './account';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface ProductFee {
  name: string;
  cost: number;
  /** Unit tax of the fee (the showtime's estimated fee tax); absent on fees without tax. */
  tax?: number;
  quantity: number;
  total: number;
  waived: boolean;
  waivedReason: string | null;
}

/**
 * An order (spec: Order v2). `status` is the spec's order status (Pending, Submitted, Fulfilled, Errored,
 * Refunded, PartialyRefunded, Cancelled, Abandonded). It expires `expiresAt`, about 7 minutes after its
 * last modification, unless fulfilled.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    token: uuid('token').notNull().defaultRandom().unique(),
    vendorId: integer('vendor_id').references(() => vendors.id),
    siteAccountId: integer('site_account_id').references(() => siteAccounts.id),
    email: text('email'),
    loyaltyCardNumber: text('loyalty_card_number'),
    vendorTransactionId: text('vendor_transaction_id'),
    shoppingCartId: text('shopping_cart_id'),
    status: text('status').notNull().default('Pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    fulfilledAt: ts('fulfilled_at'),
  },
  (t) => [
    index('orders_account_idx').on(t.siteAccountId),
    index('orders_expiry_idx').on(t.expiresAt).where(sql`status = 'Pending'`),
  ],
);

/**
 * A line of an order: a ticket (one seat of one showtime) or a concession. `lineNumber` is the spec's
 * product line number, unique within the order.
 */
export const orderProducts = pgTable(
  'order_products',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('Held'),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull().default(1),
    cost: money('cost').notNull(),
    tax: money('tax').notNull().default(0),
    fees: jsonb('fees').$type<ProductFee[]>().notNull().default([]),
    token: uuid('token').notNull().defaultRandom(),
    showtimeId: integer('showtime_id'),
    ticketType: text('ticket_type'),
    row: integer('row'),
    column: integer('column'),
    seatName: text('seat_name'),
    theatreId: integer('theatre_id'),
    movieId: integer('movie_id'),
    theatreConcessionId: integer('theatre_concession_id'),
    pickupDateTimeUtc: ts('pickup_date_time_utc'),
    confirmationCode: text('confirmation_code'),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('order_products_line_uq').on(t.orderId, t.lineNumber), index('order_products_order_idx').on(t.orderId)],
);

/** A modifier chosen for a concession line (extra butter, …). */
export const orderProductModifiers = pgTable(
  'order_product_modifiers',
  {
    id: serial('id').primaryKey(),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    modifierId: integer('modifier_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    price: money('price').notNull(),
    tax: money('tax').notNull(),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('order_product_modifiers_product_idx').on(t.orderProductId)],
);

export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: serial('id').primaryKey(),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    discountId: text('discount_id').notNull(),
    amount: money('amount').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('order_discounts_product_idx').on(t.orderProductId)],
);

/** A tender of an order. Only the last four digits of a card are ever stored. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    type: text('type').notNull(),
    cardLastFour: text('card_last_four'),
    amount: money('amount').notNull(),
    status: text('status').notNull().default('Pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('order_payments_line_uq').on(t.orderId, t.lineNumber)],
);

export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundReasonId: integer('refund_reason_id')
      .notNull()
      .references(() => refundReasons.id),
    amount: money('amount').notNull(),
    productLineNumbers: jsonb('product_line_numbers').$type<number[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);

/** A ticket confirmation to send by SMS; recorded only, as no SMS provider exists here. */
export const smsConfirmations = pgTable(
  'sms_confirmations',
  {
    id: serial('id').primaryKey(),
    orderProductId: integer('order_product_id')
      .notNull()
      .references(() => orderProducts.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_confirmations_product_idx').on(t.orderProductId)],
);

/**
 * The transactional outbox: events (Orders.Refund, …) written in the same transaction as the change,
 * delivered later (webhooks), so none is lost or announced for a rolled-back change.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [index('outbox_events_pending_idx').on(t.id).where(sql`delivered_at is null`)],
);
