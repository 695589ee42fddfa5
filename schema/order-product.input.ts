import { Field, InputType, Int } from 'type-graphql';

/** Shape only: the rules are src/services/order/input.ts's (`updateOrderProductSchema`, …). */
import { TicketType } from './order-enums.type';

@InputType({ description: "Changes a line: a ticket's type (re-priced from the showtime) or a concession's quantity." })
export class UpdateOrderProductInput {
  @Field(() => Int, { description: 'The pending order.' })
  orderId!: number;

  @Field(() => Int, { description: 'The line.' })
  lineNumber!: number;

  @Field(() => TicketType, { description: 'Tickets: the new ticket type (re-priced).', nullable: true })
  ticketType?: TicketType | null;

  @Field(() => Int, { nullable: true, description: 'Concessions only: 1 to 20.' })
  quantity?: number | null;
}

@InputType({ description: "Adds a modifier to a concession line, addressed by the line's token." })
export class AddProductModifierInput {
  @Field(() => Int, { description: 'The pending order.' })
  orderId!: number;

  @Field(() => Int, { description: 'The concession line.' })
  lineNumber!: number;

  @Field(() => String, { description: "The line's token (OrderProduct.token)." })
  token!: string;

  @Field(() => Int, { description: 'The modifier (its product id).' })
  modifierId!: number;

  @Field(() => Int, { description: 'How many.', defaultValue: 1 })
  quantity: number = 1;
}

@InputType({ description: 'Removes a chosen modifier, by its sku, from a concession line.' })
export class RemoveProductModifierInput {
  @Field(() => Int, { description: 'The pending order.' })
  orderId!: number;

  @Field(() => Int, { description: 'The concession line.' })
  lineNumber!: number;

  @Field(() => String, { description: "The line's token (modifiedOrderItemGuid)." })
  token!: string;

  @Field(() => String, { description: "The modifier's stock-keeping unit." })
  modifierSku!: string;
}
