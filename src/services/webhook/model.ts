import type { webhookDeliveries, webhookSubscriptions } from '../../../db/schema';
import type { Config } from '../../config';
import { piiKeys, type PiiKeys } from '../../pii';
import type { TargetPolicy } from './target';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The event types a vendor can subscribe to (spec: Events). */
export const WEBHOOK_EVENT_TYPES = [
  { type: 'Orders.Refund', description: 'refund for an order' },
  { type: 'Orders.BatchRefund', description: 'batch refund for orders' },
] as const;

export type WebhookEventTypeName = (typeof WEBHOOK_EVENT_TYPES)[number]['type'];

/** Subscriptions one vendor may hold: the test endpoint calls them all, so their number is bounded. */
export const MAX_SUBSCRIPTIONS_PER_VENDOR = 25;

/** A subscription as both surfaces show it: never its secret. */
export interface SubscriptionView {
  token: string;
  eventType: string;
  href: string;
  status: 'active' | 'disabled';
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
}

/** A delivery as the delivery log shows it. */
export interface DeliveryView {
  id: number;
  /** The `webhook-id` header of every attempt. */
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  lastResponseStatus: number | null;
  lastError: string | null;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
  completedAt: Date | null;
  /** Whether this is a test ping (POST …/test) rather than an event. */
  test: boolean;
}

/** What webhook services need from configuration. */
export interface WebhookSettings extends TargetPolicy {
  keys: PiiKeys;
  /** Attempts of one event delivery: the retry schedule's delays + 1. */
  maxAttempts: number;
  secretGraceMs: number;
}

export const webhookSettings = (config: Config): WebhookSettings => ({
  keys: piiKeys(config.PII_KEY),
  allowHttp: config.WEBHOOK_ALLOW_HTTP,
  allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  maxAttempts: config.WEBHOOK_RETRY_SCHEDULE.length + 1,
  secretGraceMs: config.WEBHOOK_SECRET_GRACE,
});

export function toSubscriptionView(row: SubscriptionRow): SubscriptionView {
  return {
    token: row.token,
    eventType: row.eventType,
    href: row.href,
    status: row.disabledAt ? 'disabled' : 'active',
    disabledAt: row.disabledAt,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt,
  };
}

export function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastResponseStatus: row.lastResponseStatus,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
    test: row.eventId === null,
  };
}
