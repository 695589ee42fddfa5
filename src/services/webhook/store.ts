import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../../db/schema';
import type { DeliveryRow, SubscriptionRow } from './model';

/**
 * Webhooks' SQL, each statement under its `// statement: <name>` tag: the dispatcher's (every one short
 * and autocommitted, or one short transaction; the HTTP call happens between them, never inside a
 * transaction), then the subscriptions' (subscriptions.ts; the ones of a verb's transaction take it).
 * The retention's prunes stand in retention.ts.
 */

/** postgres.js returns the rows as the result; PGlite as `.rows`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** Outbox events fanned out per statement. */
export const FAN_OUT_BATCH = 200;

/**
 * Turns undelivered outbox events into one delivery per matching subscription (the events of orders
 * the subscription's vendor created, of its event type, while it is active), and marks the events
 * handed over — in one statement, so either both happen or neither. Events another instance is
 * fanning out are skipped (`SKIP LOCKED`), and the unique (event, subscription) pair makes a second
 * fan-out of one event impossible anyway. Returns the number of events taken.
 */
export async function fanOutEvents(db: Db, maxAttempts: number): Promise<number> {
  // statement: fanOutWebhookEvents
  const result = await db.execute(sql`/* fanOutWebhookEvents */
    with events as (
      select id, type, payload, created_at from outbox_events
      where delivered_at is null order by id limit ${FAN_OUT_BATCH} for update skip locked
    ), fanned as (
      insert into webhook_deliveries (subscription_id, event_id, message_id, event_type, payload, max_attempts, next_attempt_at)
      select s.id, e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.type,
        jsonb_build_object(
          'eventType', e.type,
          'eventDateUtc', to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'details', e.payload),
        ${maxAttempts}::int, now()
      from events e
      join orders o on o.id = case when e.payload->>'OrderId' ~ '^[0-9]{1,9}$' then (e.payload->>'OrderId')::int end
      join webhook_subscriptions s on s.vendor_id = o.vendor_id and s.event_type = e.type and s.disabled_at is null
      on conflict (event_id, subscription_id) do nothing
      returning 1
    ), marked as (
      update outbox_events set delivered_at = now() where id in (select id from events) returning 1
    )
    select (select count(*) from marked)::int as events, (select count(*) from fanned)::int as deliveries`);
  return rowsOf<{ events: number }>(result)[0]?.events ?? 0;
}

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  leaseId: string;
  messageId: string;
  eventId: number | null;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  createdAt: Date;
  subscriptionId: number;
  href: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`: each gets a fresh lease id, one more attempt, and
 * its next attempt moved to the end of the lease — so if this instance dies before recording the
 * outcome, the delivery is due again then, for any instance. `FOR UPDATE SKIP LOCKED` keeps two
 * instances from claiming the same row.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  // statement: claimWebhookDeliveries
  const result = await db.execute(sql`/* claimWebhookDeliveries */
    with due as (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at limit ${limit} for update skip locked
    )
    update webhook_deliveries d set
      lease_id = gen_random_uuid(), attempts = d.attempts + 1, last_attempt_at = now(),
      next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    from due, webhook_subscriptions s
    where d.id = due.id and s.id = d.subscription_id
    returning d.id, d.lease_id as "leaseId", d.message_id as "messageId", d.event_id as "eventId", d.payload,
      d.attempts, d.max_attempts as "maxAttempts", d.created_at as "createdAt", s.id as "subscriptionId", s.href,
      s.secret_sealed as "secretSealed", s.previous_secret_sealed as "previousSecretSealed",
      s.previous_secret_expires_at as "previousSecretExpiresAt"`);
  return rowsOf<ClaimedDelivery>(result).map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    previousSecretExpiresAt: r.previousSecretExpiresAt ? new Date(r.previousSecretExpiresAt) : null,
  }));
}

/** Records a 2xx: the delivery succeeded, the subscription has a success. No-op if the lease was lost. */
export async function recordSuccess(db: Db, d: ClaimedDelivery, status: number): Promise<boolean> {
  // statement: webhookDelivered
  const result = await db.execute(sql`/* webhookDelivered */
    with done as (
      update webhook_deliveries set status = 'succeeded', completed_at = now(), next_attempt_at = null,
        lease_id = null, last_response_status = ${status}::int, last_error = null
      where id = ${d.id}::int and lease_id = ${d.leaseId}::uuid returning subscription_id
    ), sub as (
      update webhook_subscriptions set last_success_at = now() where id in (select subscription_id from done) returning 1
    )
    select (select count(*) from done)::int as n, (select count(*) from sub)::int as s`);
  return (rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0;
}

/** Records a failed attempt to be retried after `delayMs`. No-op if the lease was lost. */
export async function recordRetry(db: Db, d: ClaimedDelivery, delayMs: number, status: number | null, error: string): Promise<boolean> {
  // statement: webhookRetry
  const result = await db.execute(sql`/* webhookRetry */
    update webhook_deliveries set next_attempt_at = now() + ${delayMs} * interval '1 millisecond', lease_id = null,
      last_response_status = ${status}::int, last_error = ${error}
    where id = ${d.id}::int and lease_id = ${d.leaseId}::uuid returning 1`);
  return rowsOf(result).length > 0;
}

/**
 * Records a delivery's last failure: it is failed for good. When `disableReason` is given, its
 * subscription is disabled with that reason (if still active) and its other pending deliveries fail
 * with it, in the same statement. Returns whether the lease was still ours.
 */
export async function recordFinalFailure(
  db: Db,
  d: ClaimedDelivery,
  status: number | null,
  error: string,
  disableReason: string | null,
): Promise<boolean> {
  // statement: webhookFailed
  const result = await db.execute(sql`/* webhookFailed */
    with failed as (
      update webhook_deliveries set status = 'failed', completed_at = now(), next_attempt_at = null, lease_id = null,
        last_response_status = ${status}::int, last_error = ${error}
      where id = ${d.id}::int and lease_id = ${d.leaseId}::uuid returning subscription_id
    ), disabled as (
      update webhook_subscriptions set disabled_at = now(), disabled_reason = ${disableReason}
      where ${disableReason}::text is not null and disabled_at is null and id in (select subscription_id from failed)
      returning id
    ), others as (
      update webhook_deliveries set status = 'failed', completed_at = now(), next_attempt_at = null, lease_id = null,
        last_error = 'subscription disabled: ' || ${disableReason}::text
      where subscription_id in (select id from disabled) and status = 'pending' and id <> ${d.id}::int
      returning 1
    )
    select (select count(*) from failed)::int as n, (select count(*) from others)::int as o`);
  return (rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0;
}

/** Whether the subscription has had a success since `since` (a failing delivery's first attempt). */
export async function succeededSince(db: Db, subscriptionId: number, since: Date): Promise<boolean> {
  // statement: webhookSucceededSince
  const result = await db.execute(sql`/* webhookSucceededSince */
    select 1 from webhook_subscriptions where id = ${subscriptionId}::int and last_success_at >= ${since.toISOString()}::timestamptz`);
  return rowsOf(result).length > 0;
}

/**
 * Age in seconds of the oldest event not yet delivered everywhere: an outbox event not fanned out, or
 * the event of a pending delivery; 0 when nothing is pending.
 */
export async function oldestPendingAgeSeconds(db: Db): Promise<number> {
  // statement: webhookOldestPending
  const result = await db.execute(sql`/* webhookOldestPending */
    select extract(epoch from now() - least(
      (select min(created_at) from outbox_events where delivered_at is null),
      (select min(coalesce(o.created_at, d.created_at)) from webhook_deliveries d
       left join outbox_events o on o.id = d.event_id where d.status = 'pending')))::float8 as age`);
  const age = rowsOf<{ age: number | null }>(result)[0]?.age;
  return age === null || age === undefined ? 0 : Math.max(0, Number(age));
}

// ---- subscriptions (subscriptions.ts) ----------------------------------------------------------------

/** The subscription of `token` (lower case) if `vendorId` holds it. */
export async function subscriptionOfVendor(db: Db, vendorId: number, token: string): Promise<SubscriptionRow | undefined> {
  // statement: ownSubscription
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.token, token), eq(webhookSubscriptions.vendorId, vendorId)));
  return row;
}

/** Serializes one vendor's creations for the rest of the transaction, so the cap holds under concurrent requests. */
export async function lockSubscriptionsOfVendor(tx: Tx, vendorId: number): Promise<void> {
  // statement: subscriptionLockOfVendor
  await tx.execute(sql`select pg_advisory_xact_lock(${0x77686b}, ${vendorId})`);
}

/** The number of the vendor's subscriptions. */
export async function countSubscriptionsOfVendor(tx: Tx, vendorId: number): Promise<number> {
  // statement: countSubscriptionsOfVendor
  const [{ n }] = await tx.select({ n: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.vendorId, vendorId));
  return n;
}

/** Inserts a subscription and answers its row. */
export async function insertSubscription(tx: Tx, subscription: typeof webhookSubscriptions.$inferInsert): Promise<SubscriptionRow> {
  // statement: insertSubscription
  const [created] = await tx.insert(webhookSubscriptions).values(subscription).returning();
  return created;
}

/** The vendor's subscriptions, oldest first. */
export function subscriptionsOfVendor(db: Db, vendorId: number): Promise<SubscriptionRow[]> {
  // statement: subscriptionsOfVendor
  return db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.vendorId, vendorId)).orderBy(asc(webhookSubscriptions.id));
}

/** Deletes a subscription (its deliveries cascade). */
export async function deleteSubscriptionRow(db: Db, subscriptionId: number): Promise<void> {
  // statement: deleteSubscription
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscriptionId));
}

/** Writes a subscription's sealed secrets and answers its row. */
export async function rotateSubscriptionSecret(
  db: Db,
  subscriptionId: number,
  secrets: { secretSealed: string; previousSecretSealed: string; previousSecretExpiresAt: Date },
): Promise<SubscriptionRow> {
  // statement: rotateSubscriptionSecret
  const [updated] = await db.update(webhookSubscriptions).set(secrets).where(eq(webhookSubscriptions.id, subscriptionId)).returning();
  return updated;
}

/** The vendor's subscriptions that are not disabled, oldest first. */
export function activeSubscriptionsOfVendor(tx: Tx, vendorId: number): Promise<SubscriptionRow[]> {
  // statement: activeSubscriptionsOfVendor
  return tx
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.vendorId, vendorId), isNull(webhookSubscriptions.disabledAt)))
    .orderBy(asc(webhookSubscriptions.id));
}

/** Queues deliveries (the test pings) and answers their rows. */
export function insertTestDeliveries(tx: Tx, deliveries: (typeof webhookDeliveries.$inferInsert)[]): Promise<DeliveryRow[]> {
  // statement: insertTestDeliveries
  return tx.insert(webhookDeliveries).values(deliveries).returning();
}

/** A window of a subscription's deliveries, newest first, and their count. */
export async function deliveriesOfSubscription(
  db: Db,
  subscriptionId: number,
  window: { limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    // statement: deliveriesOfSubscription
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(window.limit)
      .offset(window.offset),
    // statement: countDeliveriesOfSubscription
    db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, subscriptionId)),
  ]);
  return { rows, total: n };
}

/**
 * Makes a delivery of the subscription pending and due now with a fresh schedule of attempts (one for
 * a test ping, `maxAttempts` for an event's); undefined when the subscription has no such delivery.
 */
export async function redeliverDelivery(db: Db, subscriptionId: number, deliveryId: number, maxAttempts: number): Promise<DeliveryRow | undefined> {
  // statement: redeliverDelivery
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      attempts: 0,
      maxAttempts: sql`case when ${webhookDeliveries.eventId} is null then 1 else ${maxAttempts}::int end`,
      nextAttemptAt: sql`now()`,
      leaseId: null,
      completedAt: null,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
    .returning();
  return row;
}
