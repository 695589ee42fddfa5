import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { OrderView } from '../src/services/order/model';
import { OrderProductStatus, OrderProductKind, OrderStatus, PaymentStatus, PaymentType, TicketType } from './order-enums.type';
import { PageOf } from './paging.type';

@ObjectType({ description: 'A fee of a product line (convenience, partner); a waived fee does not count.' })
export class OrderProductFee {
  @Field(() => String)
  name!: string;

  @Field(() => Float, { description: 'Unit cost, excluding tax.' })
  cost!: number;

  @Field(() => Float, { nullable: true, description: 'Unit tax of the fee.' })
  tax?: number | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Float, { description: 'cost × quantity.' })
  total!: number;

  @Field(() => Boolean)
  waived!: boolean;

  @Field(() => String, { nullable: true })
  waivedReason!: string | null;
}

@ObjectType()
export class OrderDiscount {
  @Field(() => String)
  discountId!: string;

  @Field(() => Float)
  amount!: number;

  @Field(() => String)
  description!: string;
}

@ObjectType({ description: 'A modifier (child product) of a concession line; its price counts per unit of the line.' })
export class OrderProductModifier {
  @Field(() => Int)
  modifierId!: number;

  @Field(() => String)
  sku!: string;

  @Field(() => String)
  name!: string;

  @Field(() => Float)
  price!: number;

  @Field(() => Float)
  tax!: number;

  @Field(() => Int)
  quantity!: number;
}

@ObjectType()
export class OrderProductLinks {
  @Field(() => Boolean, { description: 'The spec\'s sms-ticket-confirmation link: only on fulfilled tickets.' })
  smsTicketConfirmation!: boolean;
}

@ObjectType({ description: 'A line of an order: one ticket (one seat of one showtime) or a concession.' })
export class OrderProduct {
  @Field(() => Int)
  lineNumber!: number;

  @Field(() => OrderProductKind)
  kind!: OrderProductKind;

  @Field(() => String)
  sku!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => OrderProductStatus)
  status!: OrderProductStatus;

  @Field(() => Float, { description: 'Unit price: tickets before tax, concessions tax-inclusive.' })
  cost!: number;

  @Field(() => Float, { description: 'Unit tax.' })
  tax!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Float, { description: 'What this line adds to the order total (items, modifiers, taxes, fees, less discounts).' })
  total!: number;

  @Field(() => String, { description: 'Identifies this order item (the spec\'s modified-order-item token).' })
  token!: string;

  @Field(() => Int, { nullable: true })
  siteAccountId!: number | null;

  @Field(() => Int, { nullable: true })
  showtimeId!: number | null;

  @Field(() => TicketType, { nullable: true })
  ticketType!: TicketType | null;

  @Field(() => Int, { nullable: true })
  row!: number | null;

  @Field(() => Int, { nullable: true })
  column!: number | null;

  @Field(() => String, { nullable: true })
  seatName!: string | null;

  @Field(() => Int, { nullable: true })
  performanceNumber!: number | null;

  @Field(() => Int, { nullable: true })
  auditorium!: number | null;

  @Field(() => String, { nullable: true, description: 'Start of the performance, UTC (ISO-8601).' })
  showDateTime!: string | null;

  @Field(() => Int, { nullable: true })
  theatreId!: number | null;

  @Field(() => Int, { nullable: true })
  movieId!: number | null;

  @Field(() => Int, { nullable: true })
  theatreConcessionId!: number | null;

  @Field(() => String, { nullable: true })
  pickupDateTimeUtc!: string | null;

  @Field(() => String, { nullable: true, description: 'Held tickets: when the hold ends.' })
  expirationDateUtc!: string | null;

  @Field(() => String, { nullable: true, description: 'Fulfilled tickets only.' })
  confirmationCode!: string | null;

  @Field(() => [OrderProductFee])
  fees!: OrderProductFee[];

  @Field(() => [OrderDiscount])
  discounts!: OrderDiscount[];

  @Field(() => [OrderProductModifier])
  modifiers!: OrderProductModifier[];

  @Field(() => OrderProductLinks)
  links!: OrderProductLinks;
}

@ObjectType({ description: 'A tender. Card numbers are masked: only the last four digits are kept.' })
export class OrderPayment {
  @Field(() => Int)
  lineNumber!: number;

  @Field(() => PaymentType)
  type!: PaymentType;

  @Field(() => String, { nullable: true })
  cardNumber!: string | null;

  @Field(() => Float)
  amount!: number;

  @Field(() => PaymentStatus)
  status!: PaymentStatus;

  @Field(() => String)
  createdDateUtc!: string;
}

@ObjectType({ description: "Which actions the order offers now (the spec's links)." })
export class OrderLinks {
  @Field(() => Boolean)
  canAddProducts!: boolean;

  @Field(() => Boolean)
  canAddPayments!: boolean;

  @Field(() => Boolean, { description: 'The order-fulfillment link: only when payments cover the total.' })
  canFulfill!: boolean;

  @Field(() => Boolean)
  canCancel!: boolean;

  @Field(() => Boolean)
  canRefund!: boolean;

  @Field(() => Boolean)
  canRefreshExpiration!: boolean;
}

@ObjectType({ description: 'An order of tickets and concessions (spec: Order v2).' })
export class Order {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'GUID; whoever holds it may read the order (orderByToken).' })
  token!: string;

  @Field(() => String, { nullable: true })
  vendorTransactionId!: string | null;

  @Field(() => String, { nullable: true })
  shoppingCartId!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  loyaltyCardNumber!: string | null;

  @Field(() => Int, { nullable: true })
  siteAccountId!: number | null;

  @Field(() => OrderStatus)
  status!: OrderStatus;

  @Field(() => String)
  createdDateUtc!: string;

  @Field(() => String)
  lastUpdatedDateUtc!: string;

  @Field(() => String, { nullable: true, description: 'Pending orders: about 7 minutes after the last modification.' })
  expirationDateUtc!: string | null;

  @Field(() => String, { nullable: true })
  fulfilledDateUtc!: string | null;

  @Field(() => Float, { description: 'Active items after discounts, before taxes and fees.' })
  subtotal!: number;

  @Field(() => Float)
  taxTotal!: number;

  @Field(() => Float)
  feeTotal!: number;

  @Field(() => Float)
  discountTotal!: number;

  @Field(() => Float, { description: 'All active items, fees and taxes.' })
  total!: number;

  @Field(() => Float, { description: 'Active tenders.' })
  paid!: number;

  @Field(() => Float)
  balanceDue!: number;

  @Field(() => [PaymentType])
  paymentOptions!: PaymentType[];

  @Field(() => [OrderProduct])
  products!: OrderProduct[];

  @Field(() => [OrderPayment])
  payments!: OrderPayment[];

  @Field(() => OrderLinks)
  links!: OrderLinks;
}

@ObjectType()
export class OrderPage extends PageOf(Order) {}

/** Order views map onto the type field by field (enum values are the spec's spellings). */
export const toOrder = (view: OrderView): Order => Object.assign(new Order(), view) as Order;
