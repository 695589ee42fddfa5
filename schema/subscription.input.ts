import { IsOptional, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { SubscriptionChannelType } from './subscription.type';

/** Exactly one of the three names a contact (the service checks the formats and answers BAD_USER_INPUT). */
@InputType({ description: 'A contact of marketing subscriptions: exactly one of e-mail address, mobile number or subscriber guid.' })
export class SubscriptionContactInput {
  @Field(() => String, { nullable: true, description: 'An e-mail address.' })
  @IsOptional()
  @MaxLength(254)
  emailAddress?: string | null;

  @Field(() => String, { nullable: true, description: 'A mobile number: 10 digits, optionally with a leading 1 or +1, as (212) 555-0001 or 212-555-0001 (stored as its ten digits).' })
  @IsOptional()
  @MaxLength(30)
  phoneNumber?: string | null;

  @Field(() => String, { nullable: true, description: 'A subscriber guid.' })
  @IsOptional()
  @MaxLength(36)
  subscriberGuid?: string | null;
}

@InputType({ description: 'Opts a contact into one channel of a subscription, or confirms a pending SMS opt-in.' })
export class SubscribeContactInput {
  @Field(() => String, { description: 'The subscription name.' })
  @MaxLength(100)
  subscriptionName!: string;

  @Field(() => SubscriptionChannelType, { description: 'The channel: EMAIL needs an e-mail address or guid, SMS ones a mobile number or guid.' })
  channelType!: SubscriptionChannelType;

  @Field(() => SubscriptionContactInput, { description: 'The contact.' })
  @ValidateNested()
  contact!: SubscriptionContactInput;

  @Field(() => String, { nullable: true, description: 'The 6-digit code texted to the number: confirms a pending SMS opt-in.' })
  @IsOptional()
  @Matches(/^\d{6}$/, { message: 'confirmationCode must be 6 digits' })
  confirmationCode?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Vendor or admin only: the guest confirmed by replying to the text.' })
  @IsOptional()
  confirmed?: boolean | null;
}

@InputType({ description: 'Opts a contact out of one channel of a subscription.' })
export class UnsubscribeContactInput {
  @Field(() => String, { description: 'The subscription name.' })
  @MaxLength(100)
  subscriptionName!: string;

  @Field(() => SubscriptionChannelType, { description: 'The channel.' })
  channelType!: SubscriptionChannelType;

  @Field(() => SubscriptionContactInput, { description: 'The contact.' })
  @ValidateNested()
  contact!: SubscriptionContactInput;
}
