import { registerEnumType } from 'type-graphql';

/**
 * Order enums: GraphQL names in SCREAMING_CASE, internal values in the spec's spelling (services and
 * REST use those), so resolvers return service objects unchanged.
 */
export enum OrderStatus {
  PENDING = 'Pending',
  SUBMITTED = 'Submitted',
  FULFILLED = 'Fulfilled',
  ERRORED = 'Errored',
  REFUNDED = 'Refunded',
  PARTIALY_REFUNDED = 'PartialyRefunded',
  CANCELLED = 'Cancelled',
  ABANDONDED = 'Abandonded',
}
registerEnumType(OrderStatus, {
  name: 'OrderStatus',
  description: "The spec's order statuses, its spellings kept (PARTIALY_REFUNDED, ABANDONDED = expired).",
});

export enum OrderProductStatus {
  PENDING = 'Pending',
  HELD = 'Held',
  SUBMITTED = 'Submitted',
  FULFILLED = 'Fulfilled',
  CANCELLED = 'Cancelled',
  ABANDONED = 'Abandoned',
  ERRORED = 'Errored',
  REFUNDED = 'Refunded',
}
registerEnumType(OrderProductStatus, { name: 'OrderProductStatus', description: 'Status of an order product line.' });

export enum PaymentStatus {
  PENDING = 'Pending',
  SUBMITTED = 'Submitted',
  FULFILLED = 'Fulfilled',
  CANCELLED = 'Cancelled',
  ABANDONED = 'Abandoned',
  ERRORED = 'Errored',
  REFUNDED = 'Refunded',
}
registerEnumType(PaymentStatus, { name: 'PaymentStatus', description: 'Status of a tender.' });

export enum PaymentType {
  CREDIT_CARD = 'creditCard',
  GIFT_CARD = 'giftCard',
  LOYALTY = 'loyalty',
}
registerEnumType(PaymentType, { name: 'PaymentType', description: "The spec's tender types." });

export enum OrderProductKind {
  TICKET = 'Ticket',
  CONCESSION = 'Concession',
}
registerEnumType(OrderProductKind, { name: 'OrderProductKind' });

export enum TicketType {
  ADULT = 'ADULT',
  CHILD = 'CHILD',
  SENIOR = 'SENIOR',
}
registerEnumType(TicketType, { name: 'TicketType', description: 'Ticket price types of a showtime.' });
