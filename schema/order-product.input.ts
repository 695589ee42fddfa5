import { IsOptional, Max, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { TicketType } from './order-enums.type';

@InputType({ description: "Changes a line: a ticket's type (re-priced from the showtime) or a concession's quantity." })
export class UpdateOrderProductInput {
  @Field(() => Int)
  orderId!: number;

  @Field(() => Int)
  lineNumber!: number;

  @Field(() => TicketType, { nullable: true })
  @IsOptional()
  ticketType?: TicketType | null;

  @Field(() => Int, { nullable: true, description: 'Concessions only: 1 to 20.' })
  @IsOptional()
  @Min(1)
  @Max(20)
  quantity?: number | null;
}

@InputType({ description: "Adds a modifier to a concession line, addressed by the line's token." })
export class AddProductModifierInput {
  @Field(() => Int)
  orderId!: number;

  @Field(() => Int)
  lineNumber!: number;

  @Field(() => String, { description: "The line's token (OrderProduct.token)." })
  @MaxLength(64)
  token!: string;

  @Field(() => Int)
  modifierId!: number;

  @Field(() => Int, { defaultValue: 1 })
  @Min(1)
  quantity: number = 1;
}

@InputType({ description: 'Removes a chosen modifier, by its sku, from a concession line.' })
export class RemoveProductModifierInput {
  @Field(() => Int)
  orderId!: number;

  @Field(() => Int)
  lineNumber!: number;

  @Field(() => String)
  @MaxLength(64)
  token!: string;

  @Field(() => String)
  @MaxLength(64)
  modifierSku!: string;
}
