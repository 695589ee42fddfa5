import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { isRowId } from '../../bounds';
import { DomainError, notFound, unauthenticated } from '../../errors';
import { open, seal } from '../../pii';
import { pageWindow, toPage, type Page, type PageRequest } from '../shared/paging';
import {
  MAX_SUBSCRIPTIONS_PER_VENDOR,
  toDeliveryView,
  toSubscriptionView,
  WEBHOOK_EVENT_TYPES,
  type DeliveryView,
  type SubscriptionRow,
  type SubscriptionView,
  type WebhookSettings,
} from './model';
import { newSecret } from './signing';
import {
  activeSubscriptionsOfVendor,
  countSubscriptionsOfVendor,
  deleteSubscriptionRow,
  deliveriesOfSubscription,
  insertSubscription,
  insertTestDeliveries,
  lockSubscriptionsOfVendor,
  redeliverDelivery,
  rotateSubscriptionSecret,
  subscriptionOfVendor,
  subscriptionsOfVendor,
} from './store';
import { checkHref } from './target';
import { wakeWebhooks } from './wake';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Webhooks belong to vendor applications: UNAUTHENTICATED without a vendor key. */
function vendorOf(principal: Principal): number {
  if (principal.vendorId === null) throw unauthenticated('Webhooks need a vendor key (X-Vendor-Key)');
  return principal.vendorId;
}

/** A new `webhook-id`: `msg_` and 24 random hex digits. */
export const newMessageId = () => `msg_${randomBytes(12).toString('hex')}`;

/**
 * The caller's subscription of `token`. Another vendor's subscription, an unknown token and a value
 * that is not a token at all are the same NOT_FOUND: a vendor cannot learn what others subscribed.
 */
async function ownSubscription(db: Db, principal: Principal, token: string): Promise<SubscriptionRow> {
  const vendorId = vendorOf(principal);
  if (typeof token !== 'string' || !UUID.test(token)) throw notFound('Webhook', String(token).slice(0, 40));
  const row = await subscriptionOfVendor(db, vendorId, token.toLowerCase());
  if (!row) throw notFound('Webhook', token);
  return row;
}

/** The event types (spec: GET /v1/webhook-events). */
export function listWebhookEventTypes(): { type: string; description: string }[] {
  return WEBHOOK_EVENT_TYPES.map((e) => ({ ...e }));
}

/**
 * Subscribes the caller's vendor to `eventType` at `href` (checked: https, public address; the input's
 * shape and event type where each surface parses it, `createWebhookSchema` of input.ts). Returns the
 * subscription and its signing secret, which is shown this once and stored sealed.
 */
export async function createSubscription(
  db: Db,
  principal: Principal,
  input: { eventType: string; href: string },
  settings: WebhookSettings,
): Promise<{ subscription: SubscriptionView; secret: string }> {
  const vendorId = vendorOf(principal);
  const href = await checkHref(input.href, settings);
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    // Serializes one vendor's creations, so the cap holds under concurrent requests.
    await lockSubscriptionsOfVendor(tx, vendorId);
    if ((await countSubscriptionsOfVendor(tx, vendorId)) >= MAX_SUBSCRIPTIONS_PER_VENDOR) {
      throw new DomainError('CONFLICT', `A vendor holds at most ${MAX_SUBSCRIPTIONS_PER_VENDOR} webhook subscriptions`);
    }
    return insertSubscription(tx, { vendorId, eventType: input.eventType, href, secretSealed: seal(settings.keys, secret) });
  });
  return { subscription: toSubscriptionView(row), secret };
}

/** The caller's subscriptions, oldest first (at most MAX_SUBSCRIPTIONS_PER_VENDOR). */
export async function listSubscriptions(db: Db, principal: Principal): Promise<SubscriptionView[]> {
  const vendorId = vendorOf(principal);
  return (await subscriptionsOfVendor(db, vendorId)).map(toSubscriptionView);
}

export async function getSubscription(db: Db, principal: Principal, token: string): Promise<SubscriptionView> {
  return toSubscriptionView(await ownSubscription(db, principal, token));
}

/** Unsubscribes: the subscription and its delivery log are deleted; nothing more is sent to it. */
export async function deleteSubscription(db: Db, principal: Principal, token: string): Promise<SubscriptionView> {
  const row = await ownSubscription(db, principal, token);
  await deleteSubscriptionRow(db, row.id);
  return toSubscriptionView(row);
}

/**
 * Replaces the signing secret; the previous one keeps signing (a second signature in the header) for
 * the grace period, so receivers can switch without dropping a callback. Returns the new secret, once.
 */
export async function rotateSecret(
  db: Db,
  principal: Principal,
  token: string,
  settings: WebhookSettings,
): Promise<{ subscription: SubscriptionView; secret: string; previousSecretExpiresAt: Date }> {
  const row = await ownSubscription(db, principal, token);
  const secret = newSecret();
  const until = new Date(Date.now() + settings.secretGraceMs);
  // The current secret is read back to become the previous one; a sealed value never leaves the service.
  const updated = await rotateSubscriptionSecret(db, row.id, {
    secretSealed: seal(settings.keys, secret),
    previousSecretSealed: seal(settings.keys, open(settings.keys, row.secretSealed)),
    previousSecretExpiresAt: until,
  });
  return { subscription: toSubscriptionView(updated), secret, previousSecretExpiresAt: until };
}

/** The callback body of a test ping: the spec's shape with an empty template of details. */
function testPayload(eventType: string, now: Date): Record<string, unknown> {
  return {
    eventType,
    eventDateUtc: now.toISOString(),
    details: {
      OrderId: 0,
      OrderToken: '00000000-0000-0000-0000-000000000000',
      RefundAmount: 0,
      OrderTotal: 0,
      RefundReason: '',
      CreationDateUTC: now.toISOString(),
      LastUpdateDateUTC: now.toISOString(),
    },
  };
}

/**
 * The spec's test: one callback with an empty template to every active endpoint of the caller's vendor
 * (`token` names one of them). Queued as deliveries, attempted at once by the dispatcher, once each
 * (a test is not retried and its failure does not count towards disabling); see them in the log.
 */
export async function testSubscriptions(db: Db, principal: Principal, token: string): Promise<DeliveryView[]> {
  const own = await ownSubscription(db, principal, token);
  const now = new Date();
  const rows = await db.transaction(async (tx) => {
    const targets = await activeSubscriptionsOfVendor(tx, own.vendorId);
    if (targets.length === 0) return [];
    return insertTestDeliveries(
      tx,
      targets.map((s) => ({
        subscriptionId: s.id,
        messageId: newMessageId(),
        eventType: s.eventType,
        payload: testPayload(s.eventType, now),
        maxAttempts: 1,
        nextAttemptAt: now,
      })),
    );
  });
  wakeWebhooks(db);
  return rows.map(toDeliveryView);
}

/** The delivery log of a subscription, newest first. */
export async function listDeliveries(db: Db, principal: Principal, token: string, page: PageRequest): Promise<Page<DeliveryView>> {
  const sub = await ownSubscription(db, principal, token);
  const { rows, total } = await deliveriesOfSubscription(db, sub.id, pageWindow(page));
  return toPage(rows.map(toDeliveryView), total, page);
}

/**
 * Sends a delivery again, whatever its state: it becomes pending and due now with a fresh schedule of
 * attempts (same `webhook-id`). CONFLICT on a disabled subscription (create a new one).
 */
export async function redeliver(db: Db, principal: Principal, token: string, deliveryId: number, settings: WebhookSettings): Promise<DeliveryView> {
  const sub = await ownSubscription(db, principal, token);
  if (!isRowId(deliveryId)) throw notFound('Delivery', deliveryId);
  if (sub.disabledAt) {
    throw new DomainError('CONFLICT', `Webhook ${sub.token} is disabled (${sub.disabledReason ?? 'no reason'}); subscribe again`);
  }
  const row = await redeliverDelivery(db, sub.id, deliveryId, settings.maxAttempts);
  if (!row) throw notFound('Delivery', deliveryId);
  wakeWebhooks(db);
  return toDeliveryView(row);
}
