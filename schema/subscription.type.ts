import { GraphQLDateTime } from './scalars';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { ChannelView, SubscriberProfile as SubscriberProfileView, SubscriptionView } from '../src/services/subscription';

/**
 * Marketing subscriptions (the spec's "Subscription"). Named `MarketingSubscription` in GraphQL, since
 * `Subscription` is GraphQL's root type of real-time operations (here: live seat maps).
 */

export enum SubscriptionChannelType {
  EMAIL = 'email',
  SMS = 'sms',
  SMS_CONFIRM = 'smsConfirm',
}
registerEnumType(SubscriptionChannelType, {
  name: 'SubscriptionChannelType',
  description: "How a marketing subscription reaches a contact (the spec's channel types).",
  valuesConfig: {
    EMAIL: { description: 'E-mail to the contact address.' },
    SMS: { description: 'Text messages to the mobile number; confirmed by the guest before any is sent.' },
    SMS_CONFIRM: { description: 'Text messages of the double-opt-in kind; confirmed by the guest before any is sent.' },
  },
});

export enum SubscriptionAudience {
  GUEST = 'guest',
  STUBS = 'stubs',
}
registerEnumType(SubscriptionAudience, {
  name: 'SubscriptionAudience',
  description: 'Who a channel is for.',
  valuesConfig: {
    GUEST: { description: 'Any guest.' },
    STUBS: { description: 'Loyalty (Stubs) members.' },
  },
});

@ObjectType({ description: "One channel of a marketing subscription; with a contact, that contact's membership of it." })
export class SubscriptionChannel {
  @Field(() => String, { description: 'Name of the subscription the channel belongs to.' })
  subscriptionName!: string;

  @Field(() => SubscriptionChannelType, { description: 'Channel type.' })
  type!: SubscriptionChannelType;

  @Field(() => SubscriptionAudience, { description: 'Audience of the channel.' })
  audience!: SubscriptionAudience;

  @Field(() => String, {
    nullable: true,
    description:
      "The contact's e-mail address (email) or mobile number (SMS); null without a contact (REST: absent, as when listing by audience), or when the contact has none for this channel.",
  })
  contactIdentifier!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether the contact is opted in; null without a contact.' })
  isContactEnrolled!: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'SMS channels with a contact: whether the guest confirmed the number (false while pending); null otherwise.',
  })
  confirmed!: boolean | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the contact opted in; null when not enrolled or without a contact (REST: absent without a contact).' })
  enrolledAt!: Date | null;
}

@ObjectType({ description: "A marketing subscription (newsletter, alerts, offers): the spec's Subscription." })
export class MarketingSubscription {
  @Field(() => String, { description: 'Public unique id of the subscription (the REST `{subscription-name}`).' })
  name!: string;

  @Field(() => String, { description: 'What the subscription sends.' })
  description!: string;

  @Field(() => [SubscriptionChannel], { description: 'Its channels (for a contact: those the contact can receive).' })
  channels!: SubscriptionChannel[];
}

export function toSubscriptionChannel(c: ChannelView): SubscriptionChannel {
  return Object.assign(new SubscriptionChannel(), {
    subscriptionName: c.subscriptionName,
    type: c.type as SubscriptionChannelType,
    audience: c.audience as SubscriptionAudience,
    contactIdentifier: c.contact?.identifier ?? null,
    isContactEnrolled: c.contact ? c.contact.enrolled : null,
    confirmed: c.contact?.confirmed ?? null,
    enrolledAt: c.contact?.enrolledAt ?? null,
  });
}

export function toMarketingSubscription(s: SubscriptionView): MarketingSubscription {
  return Object.assign(new MarketingSubscription(), {
    name: s.name,
    description: s.description,
    channels: s.channels.map(toSubscriptionChannel),
  });
}

@ObjectType({
  description:
    "A contact's subscriber profile: its identifiers and the subscriptions it is enrolled in on any channel (the spec shows no shape: ours). The contact's e-mail address and mobile number are fields of the record, for the callers entitled to it; links never carry one the request did not send (docs/security.md).",
})
export class SubscriberProfile {
  @Field(() => String, { nullable: true, description: 'The subscriber guid; null for an account e-mail never enrolled.' })
  subscriberGuid!: string | null;

  @Field(() => String, { nullable: true, description: "The contact's e-mail address; null when none is known." })
  emailAddress!: string | null;

  @Field(() => String, { nullable: true, description: "The contact's mobile number (ten digits); null when none is known." })
  phoneNumber!: string | null;

  @Field(() => Int, { nullable: true, description: 'The site account of the contact, when it has one.' })
  siteAccountId!: number | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the subscriber was first enrolled.' })
  createdDateUtc!: Date | null;

  @Field(() => Int, { description: 'Subscriptions the contact is enrolled in (any channel).' })
  count!: number;

  @Field(() => [MarketingSubscription], { description: 'The subscriptions the contact is enrolled in, each with the channels the contact can receive.' })
  subscriptions!: MarketingSubscription[];
}

export function toSubscriberProfile(p: SubscriberProfileView): SubscriberProfile {
  return Object.assign(new SubscriberProfile(), {
    subscriberGuid: p.subscriberGuid,
    emailAddress: p.emailAddress,
    phoneNumber: p.phoneNumber,
    siteAccountId: p.siteAccountId,
    createdDateUtc: p.createdAt,
    count: p.subscriptions.length,
    subscriptions: p.subscriptions.map(toMarketingSubscription),
  });
}
