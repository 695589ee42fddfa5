import { Field, Float, InputType, Int } from 'type-graphql';
import { MAX_MODIFIERS, MAX_REFUND_LINES, MAX_SEATS_PER_CALL } from '../src/services/order';
import { MAX_PARTY } from '../src/services/seating';
import { PaymentType, TicketType } from './order-enums.type';

/**
 * Order inputs: their GraphQL shape only. Their rules are the zod schemas of
 * src/services/order/input.ts, which the resolvers parse them with and REST's bodies are derived from
 * (one description, one validation per surface).
 */

@InputType({ description: 'A new order; every field optional. The owner account is the JWT subject, if any.' })
export class CreateOrderInput {
  @Field(() => String, { description: 'E-mail address of the guest (at most 254 characters).', nullable: true })
  email?: string | null;

  @Field(() => String, { description: 'A loyalty card to attach.', nullable: true })
  loyaltyCardNumber?: string | null;

  @Field(() => String, { description: "The vendor's own reference of the order.", nullable: true })
  vendorTransactionId?: string | null;

  @Field(() => String, { description: 'The shopping cart the order comes from.', nullable: true })
  shoppingCartId?: string | null;
}

@InputType({ description: 'A seat by its place in the layout grid.' })
export class SeatInput {
  @Field(() => Int, { description: 'Row, from 1.' })
  row!: number;

  @Field(() => Int, { description: 'Column, from 1.' })
  column!: number;
}

@InputType({ description: 'Seats of one showtime to hold for an order: all or none.' })
export class AddTicketsInput {
  @Field(() => Int, { description: 'The pending order.' })
  orderId!: number;

  @Field(() => Int, { description: 'The showtime of every seat.' })
  showtimeId!: number;

  @Field(() => [SeatInput], { description: `1 to ${MAX_SEATS_PER_CALL} seats.` })
  seats!: SeatInput[];

  @Field(() => TicketType, { description: 'The ticket type of every seat.', defaultValue: TicketType.ADULT })
  ticketType: TicketType = TicketType.ADULT;
}

@InputType({
  description:
    'A party to seat together in the best available seats of one showtime, held for an order: all or none (docs/seating.md).',
})
export class AddBestAvailableTicketsInput {
  @Field(() => Int, { description: 'The pending order.' })
  orderId!: number;

  @Field(() => Int, { description: 'The showtime.' })
  showtimeId!: number;

  @Field(() => Int, { description: `People in the party, 1 to ${MAX_PARTY}: one seat each.` })
  quantity!: number;

  @Field(() => TicketType, { description: 'The ticket type of every seat.', defaultValue: TicketType.ADULT })
  ticketType: TicketType = TicketType.ADULT;

  @Field(() => Int, { nullable: true, description: 'Only seats of this price zone of the layout (SeatingLayout zones).' })
  zoneNumber?: number | null;

  @Field(() => Boolean, {
    description: 'One wheelchair space and quantity − 1 companion seats beside it; such a party is not split.',
    defaultValue: false,
  })
  accessible: boolean = false;

  @Field(() => Boolean, {
    description: 'When no block seats the whole party together: seat it in the fewest rows, adjacent rows first.',
    defaultValue: false,
  })
  allowSplit: boolean = false;
}

@InputType({ description: 'A modifier chosen for a concession line.' })
export class ModifierChoiceInput {
  @Field(() => Int, { description: 'The modifier (its product id).' })
  modifierId!: number;

  @Field(() => Int, { description: 'How many.', defaultValue: 1 })
  quantity: number = 1;
}

@InputType({ description: 'A concession product to add to an order.' })
export class AddConcessionInput {
  @Field(() => Int, { description: 'The pending order.' })
  orderId!: number;

  @Field(() => Int, { description: "The theatre's product assignment id." })
  theatreConcessionId!: number;

  @Field(() => Int, { description: 'How many.', defaultValue: 1 })
  quantity: number = 1;

  @Field(() => [ModifierChoiceInput], { nullable: true, description: `Modifiers per unit of the line; at most ${MAX_MODIFIERS}.` })
  modifiers?: ModifierChoiceInput[] | null;

  @Field(() => String, { nullable: true, description: 'ISO-8601 UTC, in the future.' })
  pickupDateTimeUtc?: string | null;
}

@InputType({ description: 'A tender to record against an order.' })
export class AddPaymentInput {
  @Field(() => Int, { description: 'The pending order.' })
  orderId!: number;

  @Field(() => PaymentType, { description: 'The tender type.' })
  type!: PaymentType;

  @Field(() => Float, { description: 'Decimal USD, at most the balance due.' })
  amount!: number;

  @Field(() => String, { nullable: true, description: 'Only the last four digits are stored.' })
  cardNumber?: string | null;
}

@InputType({ description: 'What to refund.' })
export class RefundOrderInput {
  @Field(() => Int, { description: 'The fulfilled order.' })
  orderId!: number;

  @Field(() => String, { description: 'A refund reason name (see refundReasons), e.g. ShowCancelled.' })
  reason!: string;

  @Field(() => [Int], {
    nullable: true,
    description: `Product lines to refund (at most ${MAX_REFUND_LINES}); all fulfilled lines when absent.`,
  })
  lineNumbers?: number[] | null;
}
