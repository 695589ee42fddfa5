import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { vendors } from './account';
import { outboxEvents } from './order';
import { showtimes } from './showtime';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A vendor's webhook subscription (spec: Webhook subscription). `token` is the spec's `webhooktokenid`.
 * Secrets are sealed with PII_KEY (src/pii.ts): the service must read them back to sign, but they are
 * never listed or logged. During a rotation's grace period the previous secret signs too.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: serial('id').primaryKey(),
    token: uuid('token').notNull().defaultRandom().unique(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    eventType: text('event_type').notNull(),
    href: text('href').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /** Set when deliveries stopped for good (410 Gone, or a whole retry schedule failed). */
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    lastSuccessAt: ts('last_success_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_subscriptions_vendor_idx').on(t.vendorId)],
);

/**
 * One callback to one subscription: an outbox event fanned out (unique per event and subscription), or
 * a test ping (`eventId` null). `messageId` is the `webhook-id` header, the same on every attempt.
 * A claimed delivery has `leaseId` set and `nextAttemptAt` pushed to the end of its lease, so an
 * instance that dies mid-call leaves it due again when the lease runs out.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => outboxEvents.id),
    messageId: text('message_id').notNull().unique(),
    eventType: text('event_type').notNull(),
    /** The callback body, fixed at fan-out so every attempt sends the same bytes. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending, succeeded or failed (no further attempt). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    nextAttemptAt: ts('next_attempt_at'),
    leaseId: uuid('lease_id'),
    lastAttemptAt: ts('last_attempt_at'),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    unique('webhook_deliveries_event_subscription_uq').on(t.eventId, t.subscriptionId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.id),
  ],
);

/**
 * The refund batch of a canceled showtime (one per showtime). It is worked in chunks of orders, each
 * its own transaction; `leaseUntil` marks the instance working it, so a batch whose instance died is
 * resumed by any other.
 */
export const refundBatches = pgTable('refund_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  showtimeId: integer('showtime_id')
    .notNull()
    .unique()
    .references(() => showtimes.id),
  reason: text('reason').notNull(),
  /** running or completed. */
  status: text('status').notNull().default('running'),
  refundedOrders: integer('refunded_orders').notNull().default(0),
  releasedSeats: integer('released_seats').notNull().default(0),
  leaseUntil: ts('lease_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});
