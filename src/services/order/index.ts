/**
 * Orders: every operation takes `(db, principal, input, settings)` and returns a plain `OrderView`
 * (or throws a DomainError). GraphQL resolvers and REST routes both call these. The face of the
 * folder: other layers and other domains import from here only (showtime/cancel.ts refunds through
 * `refundLines`).
 *
 * model.ts (types), store.ts (the write transaction and the order's own statements: lock, expiry
 * bump, line numbers, creation, reads, the cancel, the expiry sweep; one tag a statement),
 * store-hold.ts (the statements of a seat hold, explicit or best available), store-lines.ts (the
 * lines'), store-payments.ts (tenders, the sale, refunds): kept apart, store.ts would pass 400 lines;
 * view.ts (the order view statement), a file per
 * verb (create, tickets, best-available, concessions, product-edit, payments, fulfil, cancel, refund,
 * loyalty-discounts, sms, read, expiry), input.ts (the inputs' zod schemas: their one description), access.ts (who may read and change an order), totals.ts
 * (prices and fees), pg-errors.ts (Postgres error codes).
 *
 * Named for the unit tests alone (the rules they check without a database): HOLD_LOST_SQLSTATE and seatsWonOfLostHold (hold-lost), the
 * totals (order-totals), orderAccessError with OrderAction and OrderOwnership (order-access).
 */
export {
  PAYMENT_TYPES,
  TICKET_TYPES,
  type OrderPaymentView,
  type OrderProductView,
  type OrderView,
  type PaymentType,
  type TicketType,
} from './model';
export { orderSettings, type OrderSettings } from './store';
export { createOrder, updateOrder, type CreateOrderInput, type UpdateOrderInput } from './create';
export { holdTickets, MAX_SEATS_PER_CALL, type AddTicketsInput, type HoldResult } from './tickets';
export { HOLD_LOST_SQLSTATE, seatsWonOfLostHold } from './store-hold';
export { holdBestAvailable } from './best-available';
export { MAX_PARTY } from '../seating';
export { addConcession, MAX_MODIFIERS, type AddConcessionInput } from './concessions';
export { addPayment, removePayment, type AddPaymentInput } from './payments';
export { addProductModifier, removeProductModifier, updateOrderProduct } from './product-edit';
export { lineTotals, orderTotals, ticketFees, toCents, type PricedLine } from './totals';
export { fulfillOrder, fulfillOrderLean } from './fulfil';
export { cancelOrder, cancelOrderLean, cancelOrderRead, removeOrderProduct, refreshOrderExpiration } from './cancel';
export { MAX_REFUND_LINES, refundLines, refundOrder, type RefundOrderInput } from './refund';
export { applyLoyaltyDiscounts } from './loyalty-discounts';
export { sendTicketConfirmationSms } from './sms';
export { getOrder, getOrderByToken, listAccountOrders } from './read';
export { loadOrderView, loadOrderViews, type LineFacts } from './view';
export { expireDueOrders, startExpirySweeper } from './expiry';
export {
  addBestAvailableSchema,
  addConcessionSchema,
  addPaymentSchema,
  addProductModifierSchema,
  addTicketsSchema,
  lineEditBodySchema,
  loyaltyDiscountsSchema,
  modifierBodySchema,
  orderFieldsSchema,
  paymentBodySchema,
  productBodySchema,
  refundBodySchema,
  refundOrderSchema,
  removeProductModifierSchema,
  updateOrderProductSchema,
} from './input';
export { assertOrderAccess, orderAccessError, orderLoyaltyCardNumber, type OrderAction, type OrderOwnership } from './access';
