import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import type { orderDiscounts, orderPayments, orderProductModifiers, orderProducts, orders } from '../../../db/schema';
import { maskCardNumber } from '../../pii';
import {
  ACTIVE_PRODUCT_STATUSES,
  type OrderStatus,
  type OrderView,
  type PaymentStatus,
  type PaymentType,
  type ProductKind,
  type ProductStatus,
} from './model';
import { lineTotals, orderTotals, toDollars } from './totals';

export type OrderRow = typeof orders.$inferSelect;
type ProductRow = typeof orderProducts.$inferSelect;
type ModifierRow = typeof orderProductModifiers.$inferSelect;
type DiscountRow = typeof orderDiscounts.$inferSelect;
type PaymentRow = typeof orderPayments.$inferSelect;
type ShowtimeBits = { performanceNumber: number | null; auditorium: number | null; showDateTimeUtc: Date | null };

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** True while an order can still change: pending and not past its expiration. */
export function isOpen(order: Pick<OrderRow, 'status' | 'expiresAt'>, now: Date): boolean {
  return order.status === 'Pending' && order.expiresAt.getTime() > now.getTime();
}

/**
 * Loads whole orders (products with their showtime facts, modifiers, discounts, payments) for many ids
 * in one statement (`orderViewStatement`), whatever the number of orders. Missing ids are absent from
 * the map. The one reader of orders: loaders, lists and write paths all come here or send its statement.
 */
export async function loadOrderViews(db: DbOrTx, ids: readonly number[], now = new Date()): Promise<Map<number, OrderView>> {
  const result = new Map<number, OrderView>();
  if (ids.length === 0) return result;
  for (const row of await executePrepared<{ view: JsonRecord }>(db, orderViewStatement([...new Set(ids)]))) {
    const read = orderViewFromRow(row, now);
    if (read) result.set(read.view.id, read.view);
  }
  return result;
}

/** Loads one order as a view; null when it does not exist. */
export async function loadOrderView(db: DbOrTx, id: number, now = new Date()): Promise<OrderView | null> {
  return (await loadOrderViews(db, [id], now)).get(id) ?? null;
}

/**
 * What the REST body of a line shows besides the line itself (src/rest/order-hal.ts): theatre and
 * movie names, the movie's internal release number and the showtime's premium format, by line number.
 */
export interface LineFacts {
  theatre: string | null;
  movie: string | null;
  format: string | null;
  internalReleaseNumber: number | null;
}

/**
 * One statement answering, for each of `orderIds`, the order row, its card id, products with their
 * showtime, theatre, movie and premium-format facts (the REST body's line facts), modifiers, discounts
 * and payments, as one JSON value a row (`orderViewFromRow`).
 * Write paths run it in their own transaction right after their write (pipelined, db/prepared.ts).
 * The premium format is the first active premium attribute of the showtime in display order (sort,
 * name, id), as `activeAttributesOf` orders them.
 * One order (every write path, most reads) is `o.id = $1`, not a one-element `any($1)`: Postgres plans
 * `any` of an array parameter for ten rows in the generic plan, so it never chose that plan and planned
 * this statement anew at every execution (its bind 0.6 ms against 0.15 ms with `=` in a REST hold cycle, seen
 * by hand in the Postgres log; test/integration/generic-plans.test.ts holds the class).
 */
export function orderViewStatement(orderIds: number | readonly number[]): SQL {
  const ids = typeof orderIds === 'number' ? [orderIds] : orderIds;
  return sql`/* orderView */
  select json_build_object(
    'order', to_jsonb(o),
    'loyaltyCardId', (select lc.id from loyalty_cards lc where lc.card_number = o.loyalty_card_number limit 1),
    'products', coalesce((
      select json_agg(json_build_object(
        'product', to_jsonb(p),
        'performanceNumber', s.performance_number, 'auditorium', s.auditorium, 'showDateTimeUtc', s.show_date_time_utc,
        'theatre', t.name, 'movie', m.name, 'internalReleaseNumber', m.internal_release_number,
        'format', (select a.name from showtime_attributes sa join attributes a on a.id = sa.attribute_id
                   where sa.showtime_id = p.showtime_id and a.is_active and a.is_premium_format
                   order by a.sort, a.name, a.id limit 1),
        'modifiers', coalesce((select json_agg(to_jsonb(x) order by x.id) from order_product_modifiers x where x.order_product_id = p.id), '[]'::json),
        'discounts', coalesce((select json_agg(to_jsonb(d) order by d.id) from order_discounts d where d.order_product_id = p.id), '[]'::json)
      ) order by p.line_number)
      from order_products p
      left join showtimes s on s.id = p.showtime_id
      left join movies m on m.id = s.movie_id
      left join theatres t on t.id = p.theatre_id
      where p.order_id = o.id), '[]'::json),
    'payments', coalesce((select json_agg(to_jsonb(y) order by y.line_number) from order_payments y where y.order_id = o.id), '[]'::json)
  ) as view
  from orders o where ${ids.length === 1 ? sql`o.id = ${ids[0]}::int` : sql`o.id = any(${`{${ids.join(',')}}`}::int[])`}`;
}

export type JsonRecord = Record<string, unknown>;
/** The timestamp columns of an order row. */
export const ORDER_DATES = ['createdAt', 'updatedAt', 'expiresAt', 'fulfilledAt'] as const;
/** camelCase of the column names seen (a bounded set: the order tables' columns), so each is converted once. */
const camelNames = new Map<string, string>();
const MAX_CAMEL_NAMES = 1_000;
function camel(key: string): string {
  let name = camelNames.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
    if (camelNames.size < MAX_CAMEL_NAMES) camelNames.set(key, name);
  }
  return name;
}
/**
 * A row of `to_jsonb` or of a raw statement (snake_case keys, timestamps as text) as drizzle gives it
 * (camelCase keys, `dates` as Dates).
 */
export function drizzleRow<T>(json: JsonRecord, dates: readonly string[]): T {
  const row: JsonRecord = {};
  for (const [k, v] of Object.entries(json)) row[camel(k)] = v;
  for (const d of dates) if (typeof row[d] === 'string') row[d] = new Date(row[d] as string);
  return row as T;
}

/** The OrderView and line facts of `orderViewStatement`'s row (null when the order does not exist). */
export function orderViewFromRow(
  row: { view: JsonRecord } | undefined,
  now = new Date(),
): { view: OrderView; lineFacts: Map<number, LineFacts> } | null {
  if (!row) return null;
  const v = row.view as {
    order: JsonRecord;
    loyaltyCardId: number | null;
    products: (JsonRecord & { product: JsonRecord; modifiers: JsonRecord[]; discounts: JsonRecord[] })[];
    payments: JsonRecord[];
  };
  const order = drizzleRow<OrderRow>(v.order, ORDER_DATES);
  const modifiersOf = new Map<number, ModifierRow[]>();
  const discountsOf = new Map<number, DiscountRow[]>();
  const lineFacts = new Map<number, LineFacts>();
  const products = v.products.map((p) => {
    const product = drizzleRow<ProductRow>(p.product, ['pickupDateTimeUtc', 'expiresAt', 'createdAt']);
    modifiersOf.set(product.id, p.modifiers.map((m) => drizzleRow<ModifierRow>(m, [])));
    discountsOf.set(product.id, p.discounts.map((d) => drizzleRow<DiscountRow>(d, [])));
    lineFacts.set(product.lineNumber, {
      theatre: (p.theatre as string | null) ?? null,
      movie: (p.movie as string | null) ?? null,
      format: (p.format as string | null) ?? null,
      internalReleaseNumber: (p.internalReleaseNumber as number | null) ?? null,
    });
    return {
      product,
      performanceNumber: (p.performanceNumber as number | null) ?? null,
      auditorium: (p.auditorium as number | null) ?? null,
      showDateTimeUtc: typeof p.showDateTimeUtc === 'string' ? new Date(p.showDateTimeUtc) : null,
    };
  });
  const payments = v.payments.map((y) => drizzleRow<PaymentRow>(y, ['createdAt']));
  return { view: toOrderView(order, v.loyaltyCardId, products, modifiersOf, discountsOf, payments, now), lineFacts };
}

/**
 * The view of an order that has no products or payments yet (a new one), without reading anything:
 * the caller knows the id of its loyalty card (null without one).
 */
export function emptyOrderView(order: OrderRow, loyaltyCardId: number | null, now = new Date()): OrderView {
  return toOrderView(order, loyaltyCardId, [], new Map(), new Map(), [], now);
}

function toOrderView(
  order: OrderRow,
  loyaltyCardId: number | null,
  productRows: readonly (ShowtimeBits & { product: ProductRow })[],
  modifiersOf: Map<number, ModifierRow[]>,
  discountsOf: Map<number, DiscountRow[]>,
  paymentRows: readonly PaymentRow[],
  now: Date,
): OrderView {
  const open = isOpen(order, now);
  const products = productRows.map(({ product: p, ...st }) => {
    const modifiers = (modifiersOf.get(p.id) ?? []).map((m) => ({
      modifierId: m.modifierId,
      sku: m.sku,
      name: m.name,
      price: m.price,
      tax: m.tax,
      quantity: m.quantity,
    }));
    const discounts = (discountsOf.get(p.id) ?? []).map((d) => ({
      discountId: d.discountId,
      amount: d.amount,
      description: d.description,
    }));
    const kind = p.kind as ProductKind;
    const status = p.status as ProductStatus;
    const line = { kind, status, quantity: p.quantity, cost: p.cost, tax: p.tax, fees: p.fees, modifiers, discounts };
    return {
      lineNumber: p.lineNumber,
      kind,
      sku: p.sku,
      quantity: p.quantity,
      status,
      cost: p.cost,
      tax: p.tax,
      name: p.name,
      total: toDollars(lineTotals(line).totalCents),
      token: p.token,
      siteAccountId: order.siteAccountId,
      showtimeId: p.showtimeId,
      ticketType: p.ticketType,
      row: p.row,
      column: p.column,
      seatName: p.seatName,
      performanceNumber: st.performanceNumber,
      auditorium: st.auditorium,
      showDateTime: iso(st.showDateTimeUtc),
      theatreId: p.theatreId,
      movieId: p.movieId,
      theatreConcessionId: p.theatreConcessionId,
      pickupDateTimeUtc: iso(p.pickupDateTimeUtc),
      expirationDateUtc: kind === 'Ticket' && status === 'Held' && open ? iso(order.expiresAt) : null,
      confirmationCode: p.confirmationCode,
      fees: p.fees,
      discounts,
      modifiers,
      links: { smsTicketConfirmation: kind === 'Ticket' && status === 'Fulfilled' },
      line,
    };
  });
  const payments = paymentRows.map((p) => ({
    lineNumber: p.lineNumber,
    type: p.type,
    cardNumber: p.cardLastFour ? `************${p.cardLastFour}` : null,
    amount: p.amount,
    status: p.status as PaymentStatus,
    createdDateUtc: p.createdAt.toISOString(),
  }));
  const totals = orderTotals(
    products.map((p) => p.line),
    payments,
  );
  const hasActive = products.some((p) => ACTIVE_PRODUCT_STATUSES.includes(p.status));
  const status = order.status as OrderStatus;
  const balanceCents = Math.max(0, totals.totalCents - totals.paidCents);
  const paymentOptions: PaymentType[] = ['creditCard', 'giftCard'];
  if (order.loyaltyCardNumber) paymentOptions.push('loyalty');
  return {
    id: order.id,
    token: order.token,
    vendorId: order.vendorId,
    siteAccountId: order.siteAccountId,
    vendorTransactionId: order.vendorTransactionId,
    shoppingCartId: order.shoppingCartId,
    email: order.email,
    loyaltyCardNumber: order.loyaltyCardNumber ? maskCardNumber(order.loyaltyCardNumber) : null,
    loyaltyCardNumberInFull: order.loyaltyCardNumber,
    loyaltyCardId,
    status,
    createdDateUtc: order.createdAt.toISOString(),
    lastUpdatedDateUtc: order.updatedAt.toISOString(),
    expirationDateUtc: order.status === 'Pending' ? order.expiresAt.toISOString() : null,
    fulfilledDateUtc: iso(order.fulfilledAt),
    subtotal: toDollars(totals.subtotalCents),
    taxTotal: toDollars(totals.taxCents),
    feeTotal: toDollars(totals.feeCents),
    discountTotal: toDollars(totals.discountCents),
    total: toDollars(totals.totalCents),
    paid: toDollars(totals.paidCents),
    balanceDue: toDollars(balanceCents),
    paymentOptions,
    products: products.map(({ line: _line, ...rest }) => rest),
    payments,
    links: {
      canAddProducts: open,
      canAddPayments: open && balanceCents > 0,
      canFulfill: open && hasActive && totals.paidCents >= totals.totalCents,
      canCancel: open,
      canRefund: status === 'Fulfilled' || status === 'PartialyRefunded',
      canRefreshExpiration: open,
    },
  };
}
