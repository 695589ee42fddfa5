import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each secret
 * (the current one first; during a rotation's grace period the previous one too), space-separated as
 * Standard Webhooks allows, so a receiver holding either secret verifies. Signed by the maintained
 * `standardwebhooks` package rather than by hand.
 */
export function signatureHeader(secrets: readonly string[], messageId: string, timestamp: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, timestamp, body)).join(' ');
}

/** The spec's order of the callback's `details` fields; anything else (BatchId, …) follows. */
const DETAIL_ORDER = ['OrderId', 'OrderToken', 'RefundAmount', 'OrderTotal', 'RefundReason', 'CreationDateUTC', 'LastUpdateDateUTC'];

/**
 * The callback body as sent: `{eventType, eventDateUtc, details}` in the spec's field order. Stored as
 * jsonb (which reorders keys), it is rebuilt here the same way on every attempt, so every attempt sends
 * the same bytes.
 */
export function callbackBody(payload: Record<string, unknown>): string {
  const details = (payload.details ?? {}) as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const key of DETAIL_ORDER) if (key in details) ordered[key] = details[key];
  for (const key of Object.keys(details).sort()) if (!(key in ordered)) ordered[key] = details[key];
  return JSON.stringify({ eventType: payload.eventType, eventDateUtc: payload.eventDateUtc, details: ordered });
}
