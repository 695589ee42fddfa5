import { Field, Float, InputType, Int } from 'type-graphql';

/**
 * Loyalty inputs. No class-validator rules here: the services validate them with the same zod schemas
 * as the REST bodies (src/services/loyalty/input.ts), once per surface, so a failure names the field
 * alike on both surfaces (BAD_USER_INPUT).
 */

@InputType({ description: 'A purchased item to earn rewards for.' })
export class EarnItemInput {
  @Field(() => String, { description: "The vendor's id of the sold item (a ticket, a concession line); an item earns once." })
  productId!: string;

  @Field(() => String, { nullable: true, description: 'Item description.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Ticket type (ADULT, CHILD, SENIOR) for tickets.' })
  ticketType?: string | null;

  @Field(() => String, { nullable: true, description: 'Feature (movie) name.' })
  feature?: string | null;

  @Field(() => String, { nullable: true, description: 'Feature (movie) id.' })
  featureId?: string | null;

  @Field(() => String, { nullable: true, description: 'Auditorium id.' })
  auditoriumId?: string | null;

  @Field(() => Float, { description: 'Price, positive USD with at most two decimals.' })
  price!: number;
}

@InputType({ description: 'An earn for purchased items (the REST earn-for-items body).' })
export class EarnForItemsInput {
  @Field(() => Float, { description: 'Purchase total, positive USD with at most two decimals; at least the sum of the prices.' })
  total!: number;

  @Field(() => [EarnItemInput], { description: 'The items (1 to 100, distinct productIds).' })
  earnItems!: EarnItemInput[];
}

@InputType({ description: 'An associate to validate: associate id and SSN.' })
export class AssociateInput {
  @Field(() => String, { description: 'Social security number, nine digits (dashes allowed). Compared, never stored or returned.' })
  ssn!: string;

  @Field(() => Int, { description: 'Associate id.' })
  associateId!: number;
}
