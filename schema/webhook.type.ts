import { GraphQLDateTime } from './scalars';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { DeliveryView, SubscriptionView } from '../src/services/webhook';
import type { CancellationView } from '../src/services/showtime';
import { PageOf } from './paging.type';

/** Webhook types for vendor apps: the same service as REST /v1/webhooks (docs/webhooks.md). */

export enum WebhookStatus {
  ACTIVE = 'active',
  DISABLED = 'disabled',
}
registerEnumType(WebhookStatus, {
  name: 'WebhookStatus',
  description: 'Whether a subscription still receives callbacks.',
  valuesConfig: {
    ACTIVE: { description: 'Callbacks are sent.' },
    DISABLED: { description: 'No further callbacks (410 Gone, or a whole retry schedule failed); see disabledReason.' },
  },
});

export enum WebhookDeliveryStatus {
  PENDING = 'pending',
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands.',
  valuesConfig: {
    PENDING: { description: 'Not yet answered with a 2xx; another attempt is due (nextAttemptAt).' },
    SUCCEEDED: { description: 'The endpoint answered 2xx.' },
    FAILED: { description: 'Given up: attempts exhausted, 410 Gone, or the subscription disabled.' },
  },
});

@ObjectType({ description: 'An event type a vendor can subscribe to (spec: Events).' })
export class WebhookEventType {
  @Field(() => String, { description: 'Orders.Refund or Orders.BatchRefund: the callback body\'s eventType.' })
  type!: string;

  @Field(() => String, { description: 'What the event is.' })
  description!: string;
}

@ObjectType({ description: "A vendor's webhook subscription; its secret is never shown after creation." })
export class WebhookSubscription {
  @Field(() => String, { description: 'The subscription token (the REST `webhooktokenid` of its paths).' })
  token!: string;

  @Field(() => String, { description: 'The subscribed event type (Orders.Refund, Orders.BatchRefund).' })
  eventType!: string;

  @Field(() => String, { description: 'The callback URL.' })
  href!: string;

  @Field(() => WebhookStatus, { description: 'Active or disabled.' })
  status!: WebhookStatus;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When it was disabled.' })
  disabledAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Why it was disabled: 410 Gone, or every attempt of a whole retry schedule failed.' })
  disabledReason!: string | null;

  @Field(() => GraphQLDateTime, { description: 'When it was created.' })
  createdAt!: Date;
}

export const toWebhookSubscription = (v: SubscriptionView): WebhookSubscription =>
  Object.assign(new WebhookSubscription(), { ...v, status: v.status as WebhookStatus });

@ObjectType({ description: 'A new subscription and its signing secret, shown this once.' })
export class CreatedWebhook {
  @Field(() => WebhookSubscription, { description: 'The subscription.' })
  subscription!: WebhookSubscription;

  @Field(() => String, { description: 'The signing secret (whsec_…): keep it to verify callbacks; it is never shown again.' })
  secret!: string;
}

@ObjectType({ description: 'A rotated signing secret, shown this once.' })
export class RotatedWebhookSecret {
  @Field(() => WebhookSubscription, { description: 'The subscription.' })
  subscription!: WebhookSubscription;

  @Field(() => String, { description: 'The new signing secret (whsec_…).' })
  secret!: string;

  @Field(() => GraphQLDateTime, { description: 'Until then callbacks carry a signature by the previous secret too.' })
  previousSecretExpiresAt!: Date;
}

@ObjectType({ description: 'One callback to one subscription, with every attempt counted.' })
export class WebhookDelivery {
  @Field(() => Int, { description: 'The delivery id (for redeliverWebhook; in REST, of its redeliver path).' })
  id!: number;

  @Field(() => String, { description: 'The webhook-id header, the same on every attempt.' })
  messageId!: string;

  @Field(() => String, { description: 'The event type of its body.' })
  eventType!: string;

  @Field(() => WebhookDeliveryStatus, { description: 'Pending, succeeded or failed.' })
  status!: WebhookDeliveryStatus;

  @Field(() => Boolean, { description: 'A test ping (testWebhooks; REST POST …/test) rather than an event.' })
  test!: boolean;

  @Field(() => Int, { description: 'Attempts made so far.' })
  attempts!: number;

  @Field(() => Int, { description: 'Attempts allowed in all (the retry schedule + 1; 1 for a test ping).' })
  maxAttempts!: number;

  @Field(() => Int, { nullable: true, description: 'HTTP status of the last answer; null after a timeout or connection error.' })
  lastResponseStatus!: number | null;

  @Field(() => String, { nullable: true, description: 'What went wrong last (HTTP 500, timeout, ECONNREFUSED: …).' })
  lastError!: string | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the last attempt started.' })
  lastAttemptAt!: Date | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the next attempt is due (pending only).' })
  nextAttemptAt!: Date | null;

  @Field(() => GraphQLDateTime, { description: 'When the delivery was queued.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When it succeeded or was given up.' })
  completedAt!: Date | null;
}

export const toWebhookDelivery = (v: DeliveryView): WebhookDelivery =>
  Object.assign(new WebhookDelivery(), { ...v, status: v.status as WebhookDeliveryStatus });

@ObjectType({ description: 'A page of a delivery log, newest first.' })
export class WebhookDeliveryPage extends PageOf(WebhookDelivery) {}

@ObjectType({ description: 'A canceled showtime and its refund batch.' })
export class ShowtimeCancellation {
  @Field(() => Int, { description: 'The showtime.' })
  showtimeId!: number;

  @Field(() => String, { description: 'The refund batch: the BatchId of its Orders.BatchRefund callbacks.' })
  batchId!: string;

  @Field(() => Boolean, { description: 'Whether the batch is done (false while another instance still works it).' })
  completed!: boolean;

  @Field(() => String, { description: 'The refund reason of the batch.' })
  reason!: string;

  @Field(() => Int, { description: 'Paid orders refunded by the batch.' })
  refundedOrders!: number;

  @Field(() => Int, { description: 'Held and sold seats released by the batch.' })
  releasedSeats!: number;

  @Field(() => GraphQLDateTime, { description: 'When the showtime was canceled.' })
  createdAt!: Date;
}

export const toShowtimeCancellation = (v: CancellationView): ShowtimeCancellation =>
  Object.assign(new ShowtimeCancellation(), { ...v, completed: v.status === 'completed' });
