import { Field, InputType } from 'type-graphql';

@InputType({ description: 'A new webhook subscription of the calling vendor.' })
export class CreateWebhookInput {
  @Field(() => String, { description: 'Orders.Refund or Orders.BatchRefund (see webhookEventTypes).' })
  eventType!: string;

  @Field(() => String, { description: 'Absolute https URL of a public host that answers 2xx.' })
  href!: string;
}
