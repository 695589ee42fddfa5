import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A valid reason for a refund, as the spec lists them.' })
export class RefundReason {
  @Field(() => Int, { description: 'Identifier of the reason.' })
  id!: number;

  @Field(() => String, { description: 'Identifier of the reason, e.g. ShowCancelled.' })
  name!: string;

  @Field(() => String, { description: 'What the reason means.' })
  description!: string;

  @Field(() => String, { description: 'The reason type, e.g. Act of God.' })
  typeDescription!: string;
}
