import { Field, InputType } from 'type-graphql';
import { SubscriptionChannelType } from './subscription.type';

/**
 * Subscription inputs: their GraphQL shape only. Their rules are src/services/subscription/input.ts's zod
 * schemas, which the resolvers parse them with; exactly one of the three names a contact (the service
 * checks it and the formats, answering BAD_USER_INPUT).
 */
@InputType({ description: 'A contact of marketing subscriptions: exactly one of e-mail address, mobile number or subscriber guid.' })
export class SubscriptionContactInput {
  @Field(() => String, { nullable: true, description: 'An e-mail address.' })
  emailAddress?: string | null;

  @Field(() => String, { nullable: true, description: 'A mobile number: 10 digits, optionally with a leading 1 or +1, as (212) 555-0001 or 212-555-0001 (stored as its ten digits).' })
  phoneNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'A subscriber guid.' })
  subscriberGuid?: string | null;
}

@InputType({ description: 'Opts a contact into one channel of a subscription, or confirms a pending SMS opt-in.' })
export class SubscribeContactInput {
  @Field(() => String, { description: 'The subscription name.' })
  subscriptionName!: string;

  @Field(() => SubscriptionChannelType, { description: 'The channel: EMAIL needs an e-mail address or guid, SMS ones a mobile number or guid.' })
  channelType!: SubscriptionChannelType;

  @Field(() => SubscriptionContactInput, { description: 'The contact.' })
  contact!: SubscriptionContactInput;

  @Field(() => String, { nullable: true, description: 'The 6-digit code texted to the number: confirms a pending SMS opt-in.' })
  confirmationCode?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Vendor or admin only: the guest confirmed by replying to the text.' })
  confirmed?: boolean | null;
}

@InputType({ description: 'Opts a contact out of one channel of a subscription.' })
export class UnsubscribeContactInput {
  @Field(() => String, { description: 'The subscription name.' })
  subscriptionName!: string;

  @Field(() => SubscriptionChannelType, { description: 'The channel.' })
  channelType!: SubscriptionChannelType;

  @Field(() => SubscriptionContactInput, { description: 'The contact.' })
  contact!: SubscriptionContactInput;
}
