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
  valuesConfig: {
    PENDING: { description: 'Being built: products and payments can be added; expires about 7 minutes after the last change.' },
    SUBMITTED: { description: 'Submitted to the ticketing system, not yet fulfilled.' },
    FULFILLED: { description: 'Paid in full and fulfilled: seats sold.' },
    ERRORED: { description: 'Failed in processing.' },
    REFUNDED: { description: 'Every line refunded.' },
    PARTIALY_REFUNDED: { description: "Some lines refunded (the spec's spelling)." },
    CANCELLED: { description: 'Cancelled before fulfilment; its holds released.' },
    ABANDONDED: { description: "Expired while pending (the spec's spelling); its holds released." },
  },
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
registerEnumType(OrderProductStatus, {
  name: 'OrderProductStatus',
  description: 'Status of an order product line.',
  valuesConfig: {
    PENDING: { description: 'Added to a pending order.' },
    HELD: { description: 'A ticket whose seat is held for the order until it expires.' },
    SUBMITTED: { description: 'Submitted with its order.' },
    FULFILLED: { description: 'Sold.' },
    CANCELLED: { description: "Removed or cancelled; a ticket's seat released." },
    ABANDONED: { description: 'Expired with its pending order.' },
    ERRORED: { description: 'Failed in processing.' },
    REFUNDED: { description: "Refunded; a ticket's seat available again." },
  },
});

export enum PaymentStatus {
  PENDING = 'Pending',
  SUBMITTED = 'Submitted',
  FULFILLED = 'Fulfilled',
  CANCELLED = 'Cancelled',
  ABANDONED = 'Abandoned',
  ERRORED = 'Errored',
  REFUNDED = 'Refunded',
}
registerEnumType(PaymentStatus, {
  name: 'PaymentStatus',
  description: 'Status of a tender.',
  valuesConfig: {
    PENDING: { description: 'Recorded on a pending order.' },
    SUBMITTED: { description: 'Submitted with its order.' },
    FULFILLED: { description: 'Taken: the order is fulfilled.' },
    CANCELLED: { description: 'Removed before fulfilment.' },
    ABANDONED: { description: 'Expired with its pending order.' },
    ERRORED: { description: 'Failed in processing.' },
    REFUNDED: { description: 'Given back.' },
  },
});

export enum PaymentType {
  CREDIT_CARD = 'creditCard',
  GIFT_CARD = 'giftCard',
  LOYALTY = 'loyalty',
}
registerEnumType(PaymentType, {
  name: 'PaymentType',
  description: "The spec's tender types.",
  valuesConfig: {
    CREDIT_CARD: { description: 'A credit card (only its last four digits are kept).' },
    GIFT_CARD: { description: 'A gift card.' },
    LOYALTY: { description: 'Loyalty points or rewards.' },
  },
});

export enum OrderProductKind {
  TICKET = 'Ticket',
  CONCESSION = 'Concession',
}
registerEnumType(OrderProductKind, {
  name: 'OrderProductKind',
  description: 'What an order line sells.',
  valuesConfig: {
    TICKET: { description: 'A seat of a showtime.' },
    CONCESSION: { description: 'A concession product of a theatre.' },
  },
});

export enum TicketType {
  ADULT = 'ADULT',
  CHILD = 'CHILD',
  SENIOR = 'SENIOR',
}
registerEnumType(TicketType, {
  name: 'TicketType',
  description: 'Ticket price types of a showtime.',
  valuesConfig: {
    ADULT: { description: 'Adult ticket.' },
    CHILD: { description: 'Child ticket.' },
    SENIOR: { description: 'Senior ticket.' },
  },
});
