import { Arg, Args, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs } from '../schema/paging.type';
import { CreateWebhookInput } from '../schema/webhook.input';
import {
  CreatedWebhook,
  RotatedWebhookSecret,
  ShowtimeCancellation,
  toShowtimeCancellation,
  toWebhookDelivery,
  toWebhookSubscription,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEventType,
  WebhookSubscription,
} from '../schema/webhook.type';
import type { Context } from '../src/context';
import { parseFields } from '../src/services/shared/parse-input';
import { DomainError } from '../src/errors';
import { cancellationSchema, cancelShowtime } from '../src/services/showtime';
import * as webhooks from '../src/services/webhook';
import { toGraphQLPage } from './page';

const TOKEN = { description: 'The subscription token.' };

/**
 * Webhooks for vendor apps (the calling vendor's subscriptions; a vendor key is required) and the
 * admin's showtime cancellation that emits Orders.BatchRefund. The services are REST's.
 */
@Resolver()
export class WebhookResolver {
  @Query(() => [WebhookEventType], { description: 'The event types a vendor can subscribe to.' })
  webhookEventTypes(): WebhookEventType[] {
    return webhooks.listWebhookEventTypes();
  }

  @Query(() => [WebhookSubscription], { description: "The calling vendor's subscriptions, oldest first." })
  async webhooks(@Ctx() ctx: Context): Promise<WebhookSubscription[]> {
    return (await webhooks.listSubscriptions(ctx.db, ctx.principal)).map(toWebhookSubscription);
  }

  @Query(() => WebhookSubscription, { nullable: true, description: "One of the calling vendor's subscriptions; null when it has none of that token." })
  async webhook(@Arg('token', () => String, TOKEN) token: string, @Ctx() ctx: Context): Promise<WebhookSubscription | null> {
    try {
      return toWebhookSubscription(await webhooks.getSubscription(ctx.db, ctx.principal, token));
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  @Query(() => WebhookDeliveryPage, { description: 'The delivery log of a subscription, newest first.' })
  async webhookDeliveries(
    @Arg('token', () => String, TOKEN) token: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
  ): Promise<WebhookDeliveryPage> {
    return toGraphQLPage(WebhookDeliveryPage, await webhooks.listDeliveries(ctx.db, ctx.principal, token, page), toWebhookDelivery);
  }

  @Mutation(() => CreatedWebhook, { description: 'Subscribes the calling vendor; the signing secret is returned this once.' })
  async createWebhook(@Arg('input', () => CreateWebhookInput, { description: 'Event type and callback URL.' }) input: CreateWebhookInput, @Ctx() ctx: Context): Promise<CreatedWebhook> {
    const { subscription, secret } = await webhooks.createSubscription(ctx.db, ctx.principal, parseFields(webhooks.createWebhookSchema, { ...input }), webhooks.webhookSettings(ctx.config));
    return Object.assign(new CreatedWebhook(), { subscription: toWebhookSubscription(subscription), secret });
  }

  @Mutation(() => WebhookSubscription, { description: 'Unsubscribes (the delivery log goes with it).' })
  async deleteWebhook(@Arg('token', () => String, TOKEN) token: string, @Ctx() ctx: Context): Promise<WebhookSubscription> {
    return toWebhookSubscription(await webhooks.deleteSubscription(ctx.db, ctx.principal, token));
  }

  @Mutation(() => [WebhookDelivery], { description: 'Calls every active endpoint of the calling vendor once with an empty template.' })
  async testWebhooks(@Arg('token', () => String, TOKEN) token: string, @Ctx() ctx: Context): Promise<WebhookDelivery[]> {
    return (await webhooks.testSubscriptions(ctx.db, ctx.principal, token)).map(toWebhookDelivery);
  }

  @Mutation(() => RotatedWebhookSecret, { description: 'A new signing secret; the previous one also signs for the grace period.' })
  async rotateWebhookSecret(@Arg('token', () => String, TOKEN) token: string, @Ctx() ctx: Context): Promise<RotatedWebhookSecret> {
    const rotated = await webhooks.rotateSecret(ctx.db, ctx.principal, token, webhooks.webhookSettings(ctx.config));
    return Object.assign(new RotatedWebhookSecret(), { ...rotated, subscription: toWebhookSubscription(rotated.subscription) });
  }

  @Mutation(() => WebhookDelivery, { description: 'Sends a delivery again now, with a fresh schedule and the same webhook-id.' })
  async redeliverWebhook(
    @Arg('token', () => String, TOKEN) token: string,
    @Arg('deliveryId', () => Int, { description: 'The delivery to send again.' }) deliveryId: number,
    @Ctx() ctx: Context,
  ): Promise<WebhookDelivery> {
    return toWebhookDelivery(await webhooks.redeliver(ctx.db, ctx.principal, token, deliveryId, webhooks.webhookSettings(ctx.config)));
  }

  @Mutation(() => ShowtimeCancellation, {
    description: 'Admin: cancels a showtime; its seats are released and its paid orders refunded in one batch (Orders.Refund and Orders.BatchRefund). Running it again refunds nothing twice.',
  })
  async cancelShowtime(
    @Arg('id', () => Int, { description: 'The showtime.' }) id: number,
    @Arg('reason', () => String, { nullable: true, description: 'A refund reason name (default ShowCancelled).' }) reason: string | null,
    @Ctx() ctx: Context,
  ): Promise<ShowtimeCancellation> {
    const parsed = parseFields(cancellationSchema, { reason: reason ?? undefined });
    return toShowtimeCancellation(await cancelShowtime(ctx.db, ctx.principal, id, parsed.reason));
  }
}
