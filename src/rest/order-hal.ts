import type { FastifyReply } from 'fastify';
import type { Context } from '../context';
import { orderLoyaltyCardNumber, type LineFacts, type OrderPaymentView, type OrderProductView, type OrderView } from '../services/order';
import type { Hal, Links } from './hal';
import { cardIdRef, cardPath } from './shapes/loyalty';
import { moviePath } from './shapes/movie';
import { theatrePath } from './shapes/theatre';
import { arr, bool, nint, nnum, nstr, num, obj, str } from './schemas';
import { component } from './openapi';
import { fieldOf, resource } from './derive';

/**
 * The spec's Order (v2) as HAL, rendered from the plain `OrderView` the order services return.
 * Relations: see docs/orders.md ("REST").
 */

export const orderPath = (id: number) => `/v2/orders/${id}`;
export const productPath = (orderId: number, line: number) => `/v2/orders/${orderId}/products/${line}`;
export const paymentPath = (orderId: number, line: number) => `/v2/orders/${orderId}/payments/${line}`;
export const fulfillmentPath = (orderId: number) => `/v2/orders/${orderId}/fulfillment`;
export const modifiersPath = (orderId: number, line: number, token: string) => `${productPath(orderId, line)}/token-${token}/modifiers`;

const feeSchema = component('OrderProductFee', resource('OrderProductFee', {
  // REST prints no tax per fee (the line's tax counts it).
  omit: ['tax'],
}));
const discountSchema = component('OrderDiscount', resource('OrderDiscount'));
const modifierSchema = component('OrderProductModifier', resource('OrderProductModifier', {
  // The spec calls a modifier's unit price `cost`, as a line's.
  omit: ['price'],
  extra: { cost: fieldOf('OrderProductModifier', 'price') },
}));

/** REST prints these enums in the spec's spelling (GraphQL: the enum names). */
const PRODUCT_STATUS = str('Pending, Held, Submitted, Fulfilled, Cancelled, Abandoned, Errored, Refunded');

export const productSchema = component('OrderProduct', resource('OrderProduct', {
  // Relations and actions: REST links to the showtime's movie and theatre and names its actions in
  // `_links`; the concession assignment id stays GraphQL-only; the discounts are embedded.
  omit: ['theatreConcessionId', 'discounts', 'links', 'showtime'],
  override: {
    kind: str('Ticket or Concession'),
    status: PRODUCT_STATUS,
    modifiers: arr(modifierSchema),
    fees: arr(feeSchema),
  },
  // The spec's Product fields that GraphQL reaches through relations (theatre, movie, format) or does
  // not carry (gift and pickup fields, the partner fee): REST's own.
  extra: {
    cardNumber: nstr(),
    theatre: nstr('Theatre name.'),
    movie: nstr('Movie name.'),
    format: nstr('Premium format of the showtime.'),
    internalReleaseNumber: nint(),
    recipientName: nstr(),
    recipientAddress: nstr(),
    fromName: nstr(),
    message: nstr(),
    imageUrl: nstr(),
    pickupUrl: nstr(),
    pin: nstr(),
    partnerFeeAmount: num(),
    _embedded: obj({ discounts: arr(discountSchema) }),
  },
  links: ['movie', 'theatre', 'sms-ticket-confirmation', 'product-modifiers'],
}));

export const paymentSchema = component('OrderPayment', resource('OrderPayment', {
  override: {
    type: str('creditCard, giftCard, loyalty'),
    status: str('Pending, Submitted, Fulfilled, Cancelled, Abandoned, Errored, Refunded'),
  },
  // The spec's card balance, which this service does not know.
  extra: { balance: nnum('Remaining card balance (unknown here: null).') },
  links: true,
}));

export const orderSchema = component('Order', resource('Order', {
  // The owning account, the fulfilment time and the action flags are GraphQL's (REST: `_links`);
  // products and payments are embedded.
  omit: ['siteAccountId', 'fulfilledDateUtc', 'products', 'payments', 'links'],
  override: {
    status: str('Pending, Submitted, Fulfilled, Errored, Refunded, PartialyRefunded, Cancelled, Abandonded'),
    // REST: one flag per tender type (GraphQL: the list of those accepted).
    paymentOptions: obj({ creditCard: bool(), giftCard: bool(), loyalty: bool() }),
  },
  extra: {
    confirmationUrl: nstr('Once fulfilled: the order by its token.'),
    _embedded: obj({ products: arr(productSchema), payments: arr(paymentSchema) }),
  },
  links: ['loyalty-card', 'smsTicketConfirmation'],
}));

export type OrderHal = Awaited<ReturnType<typeof toOrderHal>>;

/**
 * Movie, theatre and format facts of a line: from `known` when the write that produced the order read
 * them with it (`orderViewStatement`), else through the per-request loaders (batched per response).
 */
async function lineFacts(ctx: Context, p: OrderProductView, known?: Map<number, LineFacts>) {
  const given = known?.get(p.lineNumber);
  if (given) return given;
  const [showtime, attributes, theatre] = await Promise.all([
    p.showtimeId !== null ? ctx.loaders.showtimeById.load(p.showtimeId) : null,
    p.showtimeId !== null ? ctx.loaders.attributesByShowtimeId.load(p.showtimeId) : [],
    p.theatreId !== null ? ctx.loaders.theatreById.load(p.theatreId) : null,
  ]);
  return {
    theatre: theatre?.name ?? null,
    movie: showtime?.movie.name ?? null,
    format: attributes.find((a) => a.isPremiumFormat)?.name ?? null,
    internalReleaseNumber: showtime?.movie.internalReleaseNumber ?? null,
  };
}

function productLinks(hal: Hal, order: OrderView, p: OrderProductView): Links {
  const l: Links = hal.self(productPath(order.id, p.lineNumber));
  if (p.movieId !== null) l.movie = hal.link(moviePath(p.movieId));
  if (p.theatreId !== null) l.theatre = hal.link(theatrePath(p.theatreId));
  if (p.links.smsTicketConfirmation) {
    l['sms-ticket-confirmation'] = hal.link(`${productPath(order.id, p.lineNumber)}/sms-ticket-confirmation/{phoneNumber}`, true);
  }
  if (p.kind === 'Concession' && p.status === 'Pending' && order.links.canAddProducts) {
    l['product-modifiers'] = hal.link(modifiersPath(order.id, p.lineNumber, p.token));
  }
  return l;
}

/** One product line as the spec's Product. */
export async function toProductHal(ctx: Context, hal: Hal, order: OrderView, p: OrderProductView, known?: Map<number, LineFacts>) {
  const facts = await lineFacts(ctx, p, known);
  return {
    lineNumber: p.lineNumber,
    kind: p.kind,
    sku: p.sku,
    quantity: p.quantity,
    status: p.status,
    cost: p.cost,
    tax: p.tax,
    total: p.total,
    name: p.name,
    modifiers: p.modifiers.map((m) => ({ modifierId: m.modifierId, sku: m.sku, name: m.name, cost: m.price, tax: m.tax, quantity: m.quantity })),
    siteAccountId: p.siteAccountId,
    cardNumber: null,
    theatreId: p.theatreId,
    movieId: p.movieId,
    ...facts,
    showtimeId: p.showtimeId,
    ticketType: p.ticketType,
    showDateTime: p.showDateTime,
    performanceNumber: p.performanceNumber,
    auditorium: p.auditorium,
    expirationDateUtc: p.expirationDateUtc,
    row: p.row,
    column: p.column,
    seatName: p.seatName,
    // Gift-card fields: Marquee sells no gift cards, so they are always null.
    recipientName: null,
    recipientAddress: null,
    fromName: null,
    message: null,
    imageUrl: null,
    pin: null,
    pickupUrl: null,
    pickupDateTimeUtc: p.pickupDateTimeUtc,
    confirmationCode: p.confirmationCode,
    token: p.token,
    partnerFeeAmount: p.fees.filter((f) => f.name.toLowerCase().includes('partner') && !f.waived).reduce((s, f) => s + Math.round(f.total * 100), 0) / 100,
    fees: p.fees.map((f) => ({ name: f.name, cost: f.cost, quantity: f.quantity, total: f.total, waived: f.waived, waivedReason: f.waivedReason })),
    _embedded: { discounts: p.discounts.map((d) => ({ discountId: d.discountId, amount: d.amount, description: d.description })) },
    _links: productLinks(hal, order, p),
  };
}

/** One tender as the spec's Payment. */
export function toPaymentHal(hal: Hal, order: OrderView, p: OrderPaymentView) {
  return {
    lineNumber: p.lineNumber,
    type: p.type,
    cardNumber: p.cardNumber,
    balance: null,
    amount: p.amount,
    status: p.status,
    createdDateUtc: p.createdDateUtc,
    _links: hal.self(paymentPath(order.id, p.lineNumber)),
  };
}

/**
 * The order's relations. `order-fulfillment` only when payments cover the total (the spec's rule);
 * `loyalty-card` only when the order has a card; `smsTicketConfirmation` only once a ticket is fulfilled.
 */
function orderLinks(hal: Hal, order: OrderView): Links {
  const l: Links = {
    ...hal.self(orderPath(order.id)),
    [hal.rel('v2/order-products')]: hal.link(`${orderPath(order.id)}/products/{lineNumber}`, true),
    [hal.rel('v2/order-payments')]: hal.link(`${orderPath(order.id)}/payments/{lineNumber}`, true),
  };
  // The spec marks the link templated; its href has no variable left, so expanding it gives the same URL.
  if (order.links.canFulfill) l[hal.rel('v2/order-fulfillment')] = hal.link(fulfillmentPath(order.id), true);
  // By id: the number is personal data and the order may be read by anyone holding its token.
  if (order.loyaltyCardId !== null) l['loyalty-card'] = hal.link(cardPath(cardIdRef({ id: order.loyaltyCardId })));
  if (order.products.some((p) => p.links.smsTicketConfirmation)) {
    l.smsTicketConfirmation = hal.link(`${orderPath(order.id)}/products/{lineNumber}/sms-ticket-confirmation/{phoneNumber}`, true);
  }
  return l;
}

/** An order as the spec's Order (v2), with products and payments embedded. */
export async function toOrderHal(ctx: Context, hal: Hal, order: OrderView, known?: Map<number, LineFacts>) {
  const products = await Promise.all(order.products.map((p) => toProductHal(ctx, hal, order, p, known)));
  return {
    id: order.id,
    vendorTransactionId: order.vendorTransactionId,
    email: order.email,
    loyaltyCardNumber: orderLoyaltyCardNumber(order, ctx.principal),
    status: order.status,
    createdDateUtc: order.createdDateUtc,
    lastUpdatedDateUtc: order.lastUpdatedDateUtc,
    total: order.total,
    subtotal: order.subtotal,
    taxTotal: order.taxTotal,
    feeTotal: order.feeTotal,
    discountTotal: order.discountTotal,
    paid: order.paid,
    balanceDue: order.balanceDue,
    token: order.token,
    shoppingCartId: order.shoppingCartId,
    confirmationUrl: order.fulfilledDateUtc ? hal.url(`/v2/orders/token-${order.token}`) : null,
    paymentOptions: {
      creditCard: order.paymentOptions.includes('creditCard'),
      giftCard: order.paymentOptions.includes('giftCard'),
      loyalty: order.paymentOptions.includes('loyalty'),
    },
    expirationDateUtc: order.expirationDateUtc,
    _embedded: { products, payments: order.payments.map((p) => toPaymentHal(hal, order, p)) },
    _links: orderLinks(hal, order),
  };
}

/**
 * Sends an order after a write: 200, or 201 with `Location` (absolute) for a creation.
 */
export async function sendOrder(
  ctx: Context,
  hal: Hal,
  reply: FastifyReply,
  order: OrderView,
  created?: { location: string },
  known?: Map<number, LineFacts>,
) {
  const body = await toOrderHal(ctx, hal, order, known);
  if (created) return reply.status(201).header('location', hal.url(created.location)).send(body);
  return reply.status(200).send(body);
}
