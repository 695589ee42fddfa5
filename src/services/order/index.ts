/**
 * Orders: every operation takes `(db, principal, input, settings)` and returns a plain `OrderView`
 * (or throws a DomainError). GraphQL resolvers and REST routes both call these.
 */
export * from './model';
export { orderSettings, type OrderSettings } from './store';
export { createOrder, updateOrder, type CreateOrderInput, type UpdateOrderInput } from './create';
export { holdTickets, MAX_SEATS_PER_CALL, type AddTicketsInput, type HoldResult } from './tickets';
export { holdBestAvailable, type AddBestAvailableInput, type AllocatedSeat } from './best-available';
export { MAX_PARTY } from '../seating';
export { addConcession, MAX_MODIFIERS, type AddConcessionInput } from './concessions';
export { addPayment, removePayment, type AddPaymentInput } from './payments';
export { fulfillOrder, fulfillOrderLean } from './fulfil';
export { cancelOrder, cancelOrderLean, cancelOrderRead, removeOrderProduct, refreshOrderExpiration } from './cancel';
export { MAX_REFUND_LINES, refundOrder, type RefundOrderInput, type RefundEventDetails } from './refund';
export { applyLoyaltyDiscounts } from './loyalty';
export { sendTicketConfirmationSms } from './sms';
export { getOrder, getOrderByToken, listAccountOrders } from './read';
export { loadOrderView, loadOrderViews, type LineFacts } from './view';
export { expireDueOrders, startExpirySweeper } from './expiry';
export { assertOrderAccess, orderAccessError, orderLoyaltyCardNumber, type OrderAction, type OrderOwnership } from './access';
