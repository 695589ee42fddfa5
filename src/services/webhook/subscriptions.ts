import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema';
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
  // statement: ownSubscription
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.token, token.toLowerCase()), eq(webhookSubscriptions.vendorId, vendorId)));
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
    // statement: subscriptionLockOfVendor
    await tx.execute(sql`select pg_advisory_xact_lock(${0x77686b}, ${vendorId})`);
    // statement: countSubscriptionsOfVendor
    const [{ n }] = await tx.select({ n: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.vendorId, vendorId));
    if (n >= MAX_SUBSCRIPTIONS_PER_VENDOR) {
      throw new DomainError('CONFLICT', `A vendor holds at most ${MAX_SUBSCRIPTIONS_PER_VENDOR} webhook subscriptions`);
    }
    // statement: insertSubscription
    const [created] = await tx
      .insert(webhookSubscriptions)
      .values({ vendorId, eventType: input.eventType, href, secretSealed: seal(settings.keys, secret) })
      .returning();
    return created;
  });
  return { subscription: toSubscriptionView(row), secret };
}

/** The caller's subscriptions, oldest first (at most MAX_SUBSCRIPTIONS_PER_VENDOR). */
export async function listSubscriptions(db: Db, principal: Principal): Promise<SubscriptionView[]> {
  const vendorId = vendorOf(principal);
  // statement: subscriptionsOfVendor
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.vendorId, vendorId))
    .orderBy(asc(webhookSubscriptions.id));
  return rows.map(toSubscriptionView);
}

export async function getSubscription(db: Db, principal: Principal, token: string): Promise<SubscriptionView> {
  return toSubscriptionView(await ownSubscription(db, principal, token));
}

/** Unsubscribes: the subscription and its delivery log are deleted; nothing more is sent to it. */
export async function deleteSubscription(db: Db, principal: Principal, token: string): Promise<SubscriptionView> {
  const row = await ownSubscription(db, principal, token);
  // statement: deleteSubscription
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, row.id));
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
  // statement: rotateSubscriptionSecret
  const [updated] = await db
    .update(webhookSubscriptions)
    .set({
      secretSealed: seal(settings.keys, secret),
      previousSecretSealed: seal(settings.keys, open(settings.keys, row.secretSealed)),
      previousSecretExpiresAt: until,
    })
    .where(eq(webhookSubscriptions.id, row.id))
    .returning();
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
    // statement: activeSubscriptionsOfVendor
    const targets = await tx
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.vendorId, own.vendorId), isNull(webhookSubscriptions.disabledAt)))
      .orderBy(asc(webhookSubscriptions.id));
    if (targets.length === 0) return [];
    // statement: insertTestDeliveries
    return tx
      .insert(webhookDeliveries)
      .values(
        targets.map((s) => ({
          subscriptionId: s.id,
          messageId: newMessageId(),
          eventType: s.eventType,
          payload: testPayload(s.eventType, now),
          maxAttempts: 1,
          nextAttemptAt: now,
        })),
      )
      .returning();
  });
  wakeWebhooks(db);
  return rows.map(toDeliveryView);
}

/** The delivery log of a subscription, newest first. */
export async function listDeliveries(db: Db, principal: Principal, token: string, page: PageRequest): Promise<Page<DeliveryView>> {
  const sub = await ownSubscription(db, principal, token);
  const { limit, offset } = pageWindow(page);
  const [rows, [{ n }]] = await Promise.all([
    // statement: deliveriesOfSubscription
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, sub.id))
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    // statement: countDeliveriesOfSubscription
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, sub.id)),
  ]);
  return toPage(rows.map(toDeliveryView), n, page);
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
  // statement: redeliverDelivery
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      attempts: 0,
      maxAttempts: sql`case when ${webhookDeliveries.eventId} is null then 1 else ${settings.maxAttempts}::int end`,
      nextAttemptAt: sql`now()`,
      leaseId: null,
      completedAt: null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, sub.id)))
    .returning();
  if (!row) throw notFound('Delivery', deliveryId);
  wakeWebhooks(db);
  return toDeliveryView(row);
}
