import { GraphQLDateTime } from './scalars';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { OrderView } from '../src/services/order';
import { OrderProductStatus, OrderProductKind, OrderStatus, PaymentStatus, PaymentType, TicketType } from './order-enums.type';
import { PageOf } from './paging.type';

@ObjectType({ description: 'A fee of a product line (convenience, partner); a waived fee does not count.' })
export class OrderProductFee {
  @Field(() => String, { description: 'Fee type, e.g. ConvenienceFee.' })
  name!: string;

  @Field(() => Float, { description: 'Unit cost, excluding tax.' })
  cost!: number;

  @Field(() => Float, { nullable: true, description: 'Unit tax of the fee.' })
  tax?: number | null;

  @Field(() => Int, { description: 'How many times the fee applies.' })
  quantity!: number;

  @Field(() => Float, { description: 'cost × quantity.' })
  total!: number;

  @Field(() => Boolean, { description: 'Whether the fee is waived (e.g. for a Premiere member).' })
  waived!: boolean;

  @Field(() => String, { description: 'Why the fee is waived.', nullable: true })
  waivedReason!: string | null;
}

@ObjectType({ description: 'A discount applied to an order line.' })
export class OrderDiscount {
  @Field(() => String, { description: 'Identifier of the discount.' })
  discountId!: string;

  @Field(() => Float, { description: 'Amount taken off, per unit.' })
  amount!: number;

  @Field(() => String, { description: 'What the discount is.' })
  description!: string;
}

@ObjectType({ description: 'A modifier (child product) of a concession line; its price counts per unit of the line.' })
export class OrderProductModifier {
  @Field(() => Int, { description: 'The modifier (a concession id).' })
  modifierId!: number;

  @Field(() => String, { description: "The modifier's stock-keeping unit." })
  sku!: string;

  @Field(() => String, { description: "The modifier's display name." })
  name!: string;

  @Field(() => Float, { description: 'Price per unit, excluding tax.' })
  price!: number;

  @Field(() => Float, { description: 'Tax per unit.' })
  tax!: number;

  @Field(() => Int, { description: 'How many.' })
  quantity!: number;
}

@ObjectType({ description: 'What can be done with an order line now (the REST links it would carry).' })
export class OrderProductLinks {
  @Field(() => Boolean, { description: 'The spec\'s sms-ticket-confirmation link: only on fulfilled tickets.' })
  smsTicketConfirmation!: boolean;
}

@ObjectType({ description: 'A line of an order: one ticket (one seat of one showtime) or a concession.' })
export class OrderProduct {
  @Field(() => Int, { description: 'Line number within the order, from 1.' })
  lineNumber!: number;

  @Field(() => OrderProductKind, { description: 'Ticket or concession.' })
  kind!: OrderProductKind;

  @Field(() => String, { description: "Stock-keeping unit of what was bought (a ticket type's or a product's)." })
  sku!: string;

  @Field(() => Int, { description: 'How many (1 for a ticket, which is one seat).' })
  quantity!: number;

  @Field(() => OrderProductStatus, { description: 'Where the line is in its life cycle.' })
  status!: OrderProductStatus;

  @Field(() => Float, { description: 'Unit price: tickets before tax, concessions tax-inclusive.' })
  cost!: number;

  @Field(() => Float, { description: 'Unit tax.' })
  tax!: number;

  @Field(() => String, { description: 'Display name of the line (movie and ticket type, or product).' })
  name!: string;

  @Field(() => Float, { description: 'What this line adds to the order total (items, modifiers, taxes, fees, less discounts).' })
  total!: number;

  @Field(() => String, { description: 'Identifies this order item (the spec\'s modified-order-item token).' })
  token!: string;

  @Field(() => Int, { description: 'The site account of the order.', nullable: true })
  siteAccountId!: number | null;

  @Field(() => Int, { description: 'Tickets: the showtime.', nullable: true })
  showtimeId!: number | null;

  @Field(() => TicketType, { description: 'Tickets: the ticket type.', nullable: true })
  ticketType!: TicketType | null;

  @Field(() => Int, { description: "Tickets: the seat's row in the layout.", nullable: true })
  row!: number | null;

  @Field(() => Int, { description: "Tickets: the seat's column in the layout.", nullable: true })
  column!: number | null;

  @Field(() => String, { description: "Tickets: the seat's name as printed (e.g. C7).", nullable: true })
  seatName!: string | null;

  @Field(() => Int, { description: "Tickets: the showtime's performance number.", nullable: true })
  performanceNumber!: number | null;

  @Field(() => Int, { description: 'Tickets: the auditorium number.', nullable: true })
  auditorium!: number | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Start of the performance, UTC (ISO-8601).' })
  showDateTime!: string | null;

  @Field(() => Int, { description: 'The theatre of the ticket or concession.', nullable: true })
  theatreId!: number | null;

  @Field(() => Int, { description: 'Tickets: the movie.', nullable: true })
  movieId!: number | null;

  @Field(() => Int, { description: 'Concessions: the theatre-product-assignment id.', nullable: true })
  theatreConcessionId!: number | null;

  @Field(() => GraphQLDateTime, { description: 'Concessions: when the guest picks the order up (UTC).', nullable: true })
  pickupDateTimeUtc!: string | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Held tickets: when the hold ends.' })
  expirationDateUtc!: string | null;

  @Field(() => String, { nullable: true, description: 'Fulfilled tickets only.' })
  confirmationCode!: string | null;

  @Field(() => [OrderProductFee], { description: 'Fees of the line (e.g. convenience fee), waived ones marked.' })
  fees!: OrderProductFee[];

  @Field(() => [OrderDiscount], { description: 'Discounts applied to the line.' })
  discounts!: OrderDiscount[];

  @Field(() => [OrderProductModifier], { description: 'Concessions: the modifiers chosen (e.g. extra butter).' })
  modifiers!: OrderProductModifier[];

  @Field(() => OrderProductLinks, { description: 'What can be done with the line now.' })
  links!: OrderProductLinks;
}

@ObjectType({ description: 'A tender. Card numbers are masked: only the last four digits are kept.' })
export class OrderPayment {
  @Field(() => Int, { description: "Line number among the order's payments, from 1." })
  lineNumber!: number;

  @Field(() => PaymentType, { description: 'The tender type.' })
  type!: PaymentType;

  @Field(() => String, { description: 'The card, masked to its last four digits.', nullable: true })
  cardNumber!: string | null;

  @Field(() => Float, { description: 'Amount tendered.' })
  amount!: number;

  @Field(() => PaymentStatus, { description: 'Where the payment is in its life cycle.' })
  status!: PaymentStatus;

  @Field(() => GraphQLDateTime, { description: 'When the payment was recorded (UTC).' })
  createdDateUtc!: string;
}

@ObjectType({ description: "Which actions the order offers now (the spec's links)." })
export class OrderLinks {
  @Field(() => Boolean, { description: 'Products can be added (the order is pending).' })
  canAddProducts!: boolean;

  @Field(() => Boolean, { description: 'Payments can be added (pending, with a balance due).' })
  canAddPayments!: boolean;

  @Field(() => Boolean, { description: 'The order-fulfillment link: only when payments cover the total.' })
  canFulfill!: boolean;

  @Field(() => Boolean, { description: 'The order can be cancelled.' })
  canCancel!: boolean;

  @Field(() => Boolean, { description: 'The order can be refunded (fulfilled).' })
  canRefund!: boolean;

  @Field(() => Boolean, { description: "The order's expiry can be extended (pending)." })
  canRefreshExpiration!: boolean;
}

@ObjectType({ description: 'An order of tickets and concessions (spec: Order v2).' })
export class Order {
  @Field(() => Int, { description: 'The order id (the same integer as in REST).' })
  id!: number;

  @Field(() => String, { description: 'GUID; whoever holds it may read the order (orderByToken; REST GET /v2/orders/token-{token}).' })
  token!: string;

  @Field(() => String, { description: "The creating vendor's own reference of the order.", nullable: true })
  vendorTransactionId!: string | null;

  @Field(() => String, { description: 'Id of the shopping cart the order was created from.', nullable: true })
  shoppingCartId!: string | null;

  @Field(() => String, { description: 'E-mail address of the guest, for the confirmation.', nullable: true })
  email!: string | null;

  @Field(() => String, {
    description:
      "Loyalty card attached to the order: in full to an admin, the owning account and the creating vendor; masked to its last four digits for a read by the order's token alone.",
    nullable: true,
  })
  loyaltyCardNumber!: string | null;

  @Field(() => Int, { description: 'The site account that owns the order; null for a guest order.', nullable: true })
  siteAccountId!: number | null;

  @Field(() => OrderStatus, { description: 'Where the order is in its life cycle.' })
  status!: OrderStatus;

  @Field(() => GraphQLDateTime, { description: 'When the order was created (UTC).' })
  createdDateUtc!: string;

  @Field(() => GraphQLDateTime, { description: 'When the order was last modified (UTC); expiry counts from it.' })
  lastUpdatedDateUtc!: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Pending orders: about 7 minutes after the last modification.' })
  expirationDateUtc!: string | null;

  @Field(() => GraphQLDateTime, { description: 'When the order was fulfilled (UTC); null before.', nullable: true })
  fulfilledDateUtc!: string | null;

  @Field(() => Float, { description: 'Active items after discounts, before taxes and fees.' })
  subtotal!: number;

  @Field(() => Float, { description: 'Tax of every active line, fees included.' })
  taxTotal!: number;

  @Field(() => Float, { description: 'Fees of every active line, waived fees excluded.' })
  feeTotal!: number;

  @Field(() => Float, { description: 'Discounts of every active line.' })
  discountTotal!: number;

  @Field(() => Float, { description: 'All active items, fees and taxes.' })
  total!: number;

  @Field(() => Float, { description: 'Active tenders.' })
  paid!: number;

  @Field(() => Float, { description: 'Total minus the payments recorded; fulfilment needs 0.' })
  balanceDue!: number;

  @Field(() => [PaymentType], { description: 'Tender types the order accepts.' })
  paymentOptions!: PaymentType[];

  @Field(() => [OrderProduct], { description: 'Product lines (tickets and concessions), by line number.' })
  products!: OrderProduct[];

  @Field(() => [OrderPayment], { description: 'Tenders recorded against the order, by line number.' })
  payments!: OrderPayment[];

  @Field(() => OrderLinks, { description: 'What can be done with the order now (the REST links it would carry).' })
  links!: OrderLinks;
}

@ObjectType({ description: 'A page of orders.' })
export class OrderPage extends PageOf(Order) {}

/** Order views map onto the type field by field (enum values are the spec's spellings). */
export const toOrder = (view: OrderView): Order => Object.assign(new Order(), view) as Order;
