import type postgres from 'postgres';
import { Webhook } from 'standardwebhooks';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import type { Check } from './checks';
import { request, type Stats } from './stats';

const PATH = '/refunds';

/** One callback as the receiver answered it, with the verdict of its signature (checked on arrival). */
interface Receipt {
  messageId: string;
  orderId: number | null;
  valid: boolean;
  answered: number;
}

/**
 * A vendor's webhook endpoint: a real HTTP server subscribed to Orders.Refund that verifies every
 * callback's Standard Webhooks signature as it arrives (the library also refuses stale timestamps),
 * and answers 500 while told to fail.
 */
export class RefundReceiver {
  readonly receipts: Receipt[] = [];
  failures = 0;
  private failing = false;
  private webhook: Webhook | null = null;
  subscriptionToken = '';

  private constructor(private readonly receiver: Receiver) {
    receiver.setBehaviour(PATH, (_n, req) => {
      const answered = this.failing ? 500 : 200;
      if (answered === 500) this.failures += 1;
      let valid = false;
      let orderId: number | null = null;
      try {
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        const event = this.webhook?.verify(req.body, headers) as { details?: { OrderId?: number } } | undefined;
        valid = !!event;
        orderId = event?.details?.OrderId ?? null;
      } catch {
        valid = false;
      }
      this.receipts.push({ messageId: String(req.headers['webhook-id'] ?? ''), orderId, valid, answered });
      return answered;
    });
  }

  static async start(): Promise<RefundReceiver> {
    return new RefundReceiver(await startReceiver());
  }

  /** Subscribes the vendor to refunds (through the instance at `base`); keeps the secret to verify with. */
  async subscribe(stats: Stats, base: string, vendorKey: string): Promise<void> {
    const res = await request(stats, base, 'POST', '/v1/webhooks', { eventType: 'Orders.Refund', href: this.receiver.url(PATH) }, { 'x-vendor-key': vendorKey });
    if (res.status !== 201) throw new Error(`webhook subscription: ${res.status} ${JSON.stringify(res.body)}`);
    this.webhook = new Webhook(String(res.body.secret));
    this.subscriptionToken = String(res.body.token);
  }

  /** Sets the failure mode; returns how many callbacks were answered 500 so far. */
  setFailing(failing: boolean): number {
    this.failing = failing;
    return this.failures;
  }

  close() {
    return this.receiver.close();
  }
}

interface DeliveryRow {
  event_id: number;
  order_id: number;
  message_id: string | null;
  status: string | null;
  attempts: number | null;
}

/** Every refund event since the subscription with its delivery to the suite's endpoint (if any). */
async function refundDeliveries(sql: postgres.Sql, token: string): Promise<DeliveryRow[]> {
  return sql<DeliveryRow[]>`
    select o.id as event_id, (o.payload->>'OrderId')::int as order_id, d.message_id, d.status, d.attempts
    from webhook_subscriptions s
    join outbox_events o on o.type = 'Orders.Refund' and o.created_at >= s.created_at
    left join webhook_deliveries d on d.event_id = o.id and d.subscription_id = s.id
    where s.token = ${token}::uuid order by o.id`;
}

/** Waits until no delivery of a refund event is pending (or missing) — at most `timeoutMs`; returns the ms it took. */
export async function waitForDeliveries(sql: postgres.Sql, token: string, timeoutMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const rows = await refundDeliveries(sql, token);
      if (rows.every((r) => r.status === 'succeeded' || r.status === 'failed')) return Date.now() - started;
    } catch {
      // Postgres not back yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

export interface WebhookFigures {
  acknowledged: number;
  events: number;
  delivered: number;
  pending: number;
  failed: number;
  receipts: number;
  invalid: number;
  answered500: number;
  duplicates: number;
  missing: number[];
  unannounced: number[];
  disabled: string | null;
}

export async function webhookFigures(sql: postgres.Sql, receiver: RefundReceiver, acknowledged: Set<number>): Promise<WebhookFigures> {
  const rows = await refundDeliveries(sql, receiver.subscriptionToken);
  const [sub] = await sql<{ reason: string | null; disabled: boolean }[]>`
    select disabled_reason as reason, disabled_at is not null as disabled from webhook_subscriptions where token = ${receiver.subscriptionToken}::uuid`;
  const accepted = new Map<string, number>();
  for (const r of receiver.receipts) if (r.valid && r.answered === 200) accepted.set(r.messageId, (accepted.get(r.messageId) ?? 0) + 1);
  const eventOrders = new Set(rows.map((r) => r.order_id));
  return {
    acknowledged: acknowledged.size,
    events: rows.length,
    delivered: rows.filter((r) => r.status === 'succeeded').length,
    pending: rows.filter((r) => r.status === 'pending' || r.status === null).length,
    failed: rows.filter((r) => r.status === 'failed').length,
    receipts: receiver.receipts.length,
    invalid: receiver.receipts.filter((r) => !r.valid).length,
    answered500: receiver.failures,
    duplicates: [...accepted.values()].reduce((sum, n) => sum + n - 1, 0),
    // A refund event whose callback never reached the receiver accepted and correctly signed.
    missing: rows.filter((r) => !r.message_id || !accepted.has(r.message_id)).map((r) => r.order_id),
    // A refund the API acknowledged that has no event at all.
    unannounced: [...acknowledged].filter((id) => !eventOrders.has(id)),
    disabled: sub?.disabled ? (sub.reason ?? 'disabled') : null,
  };
}

export function webhookCheck(f: WebhookFigures): Check {
  const ok = f.events > 0 && f.missing.length === 0 && f.unannounced.length === 0 && f.invalid === 0 && !f.disabled;
  const parts = [
    `${f.events} refund events (${f.acknowledged} refunds acknowledged to clients): ${f.events - f.missing.length} reached the receiver with a valid signature`,
    f.missing.length ? `missing for orders ${f.missing.slice(0, 10).join(', ')}` : '',
    f.unannounced.length ? `no event for acknowledged refunds of orders ${f.unannounced.slice(0, 10).join(', ')}` : '',
    f.invalid ? `${f.invalid} callbacks with an invalid signature` : '',
    f.disabled ? `subscription disabled: ${f.disabled}` : '',
  ].filter(Boolean);
  return { name: 'every refund event reached the receiver, signed', ok, detail: parts.join('; ') };
}
