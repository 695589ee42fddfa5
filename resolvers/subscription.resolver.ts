import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Account } from '../schema/account.type';
import { SubscribeContactInput, SubscriptionContactInput, UnsubscribeContactInput } from '../schema/subscription.input';
import {
  MarketingSubscription,
  SubscriptionAudience,
  SubscriberProfile,
  SubscriptionChannel,
  SubscriptionChannelType,
  toMarketingSubscription,
  toSubscriberProfile,
  toSubscriptionChannel,
} from '../schema/subscription.type';
import type { Context } from '../src/context';
import { piiKeys } from '../src/pii';
import { parseFields } from '../src/services/shared/parse-input';
import {
  accountSubscriptions,
  catalogView,
  contactFieldsSchema,
  contactFromFields,
  getChannelStatus,
  getSubscriberProfile,
  listContactSubscriptions,
  subscribeContactSchema,
  unsubscribeContactSchema,
  optIn,
  optOut,
  optOutAll,
  subscriptionsForAudience,
} from '../src/services/subscription';
import type { Parent } from '../schema/parent';

/** The marketing-subscription catalog and the contact mutations: the same services as REST `/v2/subscriptions`. */
@Resolver(() => MarketingSubscription)
export class MarketingSubscriptionResolver {
  @Query(() => [MarketingSubscription], {
    description: 'The marketing-subscription catalog (public), of one audience when given (then with only its channels).',
  })
  async marketingSubscriptions(
    @Arg('audience', () => SubscriptionAudience, { nullable: true, description: 'Only subscriptions with a channel for this audience.' })
    audience: SubscriptionAudience | null,
    @Ctx() ctx: Context,
  ): Promise<MarketingSubscription[]> {
    const catalog = await ctx.loaders.subscriptionCatalog();
    const views = audience ? subscriptionsForAudience(catalog, audience) : catalog.map((e) => catalogView(e));
    return views.map(toMarketingSubscription);
  }

  @Query(() => MarketingSubscription, { nullable: true, description: 'One marketing subscription by name (public); null when there is none.' })
  async marketingSubscription(
    @Arg('name', () => String, { description: 'The subscription name.' }) name: string,
    @Ctx() ctx: Context,
  ): Promise<MarketingSubscription | null> {
    const entry = (await ctx.loaders.subscriptionCatalog()).find((e) => e.subscription.name === name);
    return entry ? toMarketingSubscription(catalogView(entry)) : null;
  }

  @Query(() => [MarketingSubscription], {
    description:
      "The subscriptions a contact can receive (e-mail: e-mail channels; phone: SMS; guid: all), each channel with the contact's membership: REST `GET /v2/subscriptions?email-address=…` (or phone-number, subscriber-guid). A vendor key or admin: any contact; an account token: its own contacts (others are NOT_FOUND, like an unknown guid).",
  })
  async contactSubscriptions(
    @Arg('contact', () => SubscriptionContactInput, { description: 'The contact.' }) contact: SubscriptionContactInput,
    @Ctx() ctx: Context,
  ): Promise<MarketingSubscription[]> {
    const result = await listContactSubscriptions(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), contactFromFields(contact));
    return result.subscriptions.map(toMarketingSubscription);
  }

  @Query(() => SubscriberProfile, {
    description: "A contact's subscriber profile: REST `GET /v2/subscriber-profiles`. Rights as contactSubscriptions; an unknown contact is NOT_FOUND.",
  })
  async subscriberProfile(
    @Arg('contact', () => SubscriptionContactInput, { description: 'The contact.' }) contact: SubscriptionContactInput,
    @Ctx() ctx: Context,
  ): Promise<SubscriberProfile> {
    return toSubscriberProfile(await getSubscriberProfile(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), contactFromFields(contact)));
  }

  @Query(() => SubscriptionChannel, {
    description:
      "A contact's membership of one channel: REST `GET /v2/subscriptions/{subscription-name}/{channel-type}/{contact}`. Rights as contactSubscriptions; an unknown subscription, channel or contact is NOT_FOUND.",
  })
  async subscriptionChannelStatus(
    @Arg('subscriptionName', () => String, { description: 'The subscription name.' }) subscriptionName: string,
    @Arg('channelType', () => SubscriptionChannelType, { description: 'The channel.' }) channelType: SubscriptionChannelType,
    @Arg('contact', () => SubscriptionContactInput, { description: 'The contact.' }) contact: SubscriptionContactInput,
    @Ctx() ctx: Context,
  ): Promise<SubscriptionChannel> {
    const target = { subscriptionName, channelType, contact: contactFromFields(contact) };
    return toSubscriptionChannel(await getChannelStatus(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), target));
  }

  @Mutation(() => SubscriptionChannel, {
    description:
      "Opts a contact into a channel (SMS ones start unconfirmed), or confirms a pending SMS opt-in. A vendor key or admin: any contact; an account token: its own contacts (others are NOT_FOUND, like unknown ones).",
  })
  async subscribeContact(@Arg('input', () => SubscribeContactInput, { description: 'Subscription, channel, contact, and the confirmation of a pending SMS opt-in.' }) input: SubscribeContactInput, @Ctx() ctx: Context): Promise<SubscriptionChannel> {
    const parsed = parseFields(subscribeContactSchema, { ...input, contact: { ...input.contact } });
    const { view } = await optIn(
      ctx.db,
      ctx.principal,
      piiKeys(ctx.config.PII_KEY),
      await ctx.loaders.subscriptionCatalog(),
      { subscriptionName: parsed.subscriptionName, channelType: parsed.channelType, contact: contactFromFields(parsed.contact) },
      { confirmationCode: parsed.confirmationCode ?? null, confirmed: parsed.confirmed ?? null },
    );
    return toSubscriptionChannel(view);
  }

  @Mutation(() => SubscriptionChannel, { description: 'Opts a contact out of one channel (rights as subscribeContact).' })
  async unsubscribeContact(@Arg('input', () => UnsubscribeContactInput, { description: 'Subscription, channel and contact.' }) input: UnsubscribeContactInput, @Ctx() ctx: Context): Promise<SubscriptionChannel> {
    const parsed = parseFields(unsubscribeContactSchema, { ...input, contact: { ...input.contact } });
    const view = await optOut(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), {
      subscriptionName: parsed.subscriptionName,
      channelType: parsed.channelType,
      contact: contactFromFields(parsed.contact),
    });
    return toSubscriptionChannel(view);
  }

  @Mutation(() => Int, {
    description:
      'Opts a contact out of every subscription it reaches by that identifier (e-mail: e-mail channels; phone: SMS; guid: all); answers how many enrolments ended.',
  })
  async unsubscribeContactFromAll(
    @Arg('contact', () => SubscriptionContactInput, { description: 'The contact.' }) contact: SubscriptionContactInput,
    @Ctx() ctx: Context,
  ): Promise<number> {
    return optOutAll(ctx.db, ctx.principal, await ctx.loaders.subscriptionCatalog(), contactFromFields(parseFields(contactFieldsSchema, { ...contact })));
  }
}

/** `Account.subscriptions`: batched through loaders (one query per batch for subscribers, one for enrolments). */
@Resolver(() => Account)
export class AccountSubscriptionsResolver {
  @FieldResolver(() => [MarketingSubscription], {
    description: "Every marketing subscription with the account's contacts (its e-mail, its mobile number) and their enrolments.",
  })
  async subscriptions(@Root() account: Parent<Account>, @Ctx() ctx: Context): Promise<MarketingSubscription[]> {
    const [catalog, subscribers] = await Promise.all([ctx.loaders.subscriptionCatalog(), ctx.loaders.subscribersByAccountId.load(account.id)]);
    const subscriber = subscribers.find((s) => s.email === account.email.toLowerCase()) ?? subscribers[0] ?? null;
    const enrolments = subscriber ? await ctx.loaders.enrolmentsBySubscriberId.load(subscriber.id) : [];
    return accountSubscriptions(catalog, account, subscriber, enrolments).map(toMarketingSubscription);
  }
}
