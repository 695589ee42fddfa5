import type { Db } from '../../../db/client';
import { open } from '../../pii';
import {
  claimDue,
  fanOutEvents,
  FAN_OUT_BATCH,
  recordFinalFailure,
  recordRetry,
  recordSuccess,
  succeededSince,
  type ClaimedDelivery,
} from './store';
import type { WebhookSettings } from './model';
import { postCallback, type SendResult } from './send';
import { callbackBody, signatureHeader } from './signing';
import { onWebhookWork } from './wake';
import { injectTraceparent, SpanKind, SpanStatusCode, traced, tracer, type Span } from '../../tracing';
import { tracedDb } from '../../tracing/sql';

export interface DispatcherOptions {
  settings: WebhookSettings;
  /** Delays between attempts (ms); N delays mean N + 1 attempts. */
  retrySchedule: readonly number[];
  timeoutMs: number;
  leaseMs: number;
  pollMs: number;
  concurrency: number;
  log: (obj: object, msg: string) => void;
  /** Counters of outcomes (prom-client), by the dispatcher. */
  count?: (outcome: 'sent' | 'failed' | 'retried') => void;
}

/** The first wait before recording a delivery's outcome again; it doubles while the lease lasts. */
const RECORD_RETRY_MS = 100;
/** Recording stops this long before the lease ends, so that it never races another instance's claim. */
const LEASE_MARGIN_MS = 1000;

/** A retry delay with ±10 % jitter, so receivers that failed together are not retried together. */
export function jittered(delayMs: number, random = Math.random): number {
  return Math.round(delayMs * (0.9 + 0.2 * random()));
}

/** A failure as the delivery log writes it. */
const describe = (result: Exclude<SendResult, { kind: 'aborted' }>) =>
  result.kind === 'answered' ? `HTTP ${result.status}` : result.error;

/**
 * Delivers webhooks from this instance: fans new outbox events out into deliveries, claims due
 * deliveries under a lease, signs and POSTs each outside any transaction, and records the outcome
 * (success, retry after the schedule's next delay, or final failure — which may disable the
 * subscription). Every instance runs one; claims and the lease make that safe (docs/webhooks.md).
 */
export class WebhookDispatcher {
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private busy: Promise<void> | null = null;
  private again = false;
  private readonly inFlight = new Map<number, { abort: AbortController; done: Promise<void> }>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly options: DispatcherOptions,
  ) {
    this.unsubscribe = onWebhookWork(db, () => this.kick());
  }

  start(): void {
    this.timer = setTimeout(() => this.kick(), 0);
  }

  /** Runs a round now (or right after the one running). */
  kick(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    // A wake-up comes from inside a request; the round runs on the shared handle, outside its count.
    this.busy = this.loop();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.round();
      } while (this.again && !this.stopped);
    } catch (err) {
      if (!this.stopped) this.options.log({ err }, 'webhook dispatch round failed');
    } finally {
      this.busy = null;
      if (!this.stopped) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.kick(), this.options.pollMs);
      }
    }
  }

  private round(): Promise<void> {
    return traced('webhook dispatcher poll', {}, async (span) => {
      const db = span ? tracedDb(this.db, span) : this.db;
      while (!this.stopped && (await fanOutEvents(db, this.options.settings.maxAttempts)) === FAN_OUT_BATCH) {
        // a full batch: more events are waiting
      }
      if (this.stopped) return;
      const free = this.options.concurrency - this.inFlight.size;
      const claimed = await claimDue(db, free, this.options.leaseMs);
      span?.setAttribute('webhook.claimed', claimed.length);
      for (const delivery of claimed) this.start1(delivery);
    });
  }

  private start1(delivery: ClaimedDelivery): void {
    const abort = new AbortController();
    // The lease was taken (claimDue) just before now: it ends no earlier than this.
    const leaseEnds = Date.now() + this.options.leaseMs;
    const done = this.deliver(delivery, abort.signal, leaseEnds)
      .catch((err: unknown) => this.options.log({ err, deliveryId: delivery.id }, 'webhook delivery failed to record'))
      .finally(() => {
        this.inFlight.delete(delivery.id);
        this.kick();
      });
    this.inFlight.set(delivery.id, { abort, done });
  }

  /** The secrets that sign now: the current one, and the previous one during its grace period. */
  private secretsOf(d: ClaimedDelivery): string[] {
    const { keys } = this.options.settings;
    const secrets = [open(keys, d.secretSealed)];
    if (d.previousSecretSealed && d.previousSecretExpiresAt && d.previousSecretExpiresAt.getTime() > Date.now()) {
      secrets.push(open(keys, d.previousSecretSealed));
    }
    return secrets;
  }

  private async deliver(d: ClaimedDelivery, signal: AbortSignal, leaseEnds: number): Promise<void> {
    // Tracing: a span per attempt, whose traceparent the callback carries; its bookkeeping statements are its children.
    const span = tracer()?.startSpan('webhook delivery', { kind: SpanKind.CLIENT, attributes: { 'webhook.delivery.id': d.id, 'webhook.attempt': d.attempts } }) ?? null;
    try {
      const result = await this.attempt(d, signal, span);
      span?.setAttribute('webhook.outcome', result.kind === 'answered' ? `HTTP ${result.status}` : result.kind);
      if (result.kind === 'answered') span?.setAttribute('http.response.status_code', result.status);
      if (result.kind !== 'answered' || result.status < 200 || result.status >= 300) span?.setStatus({ code: SpanStatusCode.ERROR });
      // Shutting down: record nothing; the lease runs out and any instance delivers it again.
      if (result.kind === 'aborted' || this.stopped) return;
      await this.recordWhileLeased(span ? tracedDb(this.db, span) : this.db, d, result, signal, leaseEnds);
    } finally {
      span?.end();
    }
  }

  /** Signs and sends one attempt; never throws (a failure to sign or send is a failed attempt). */
  private async attempt(d: ClaimedDelivery, signal: AbortSignal, span: Span | null): Promise<SendResult> {
    const body = callbackBody(d.payload);
    let result: SendResult;
    try {
      const timestamp = new Date();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'Marquee-Webhooks/1.0',
        'webhook-id': d.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signatureHeader(this.secretsOf(d), d.messageId, timestamp, body),
      };
      if (span) injectTraceparent(span, headers);
      result = await postCallback(d.href, headers, body, {
        timeoutMs: this.options.timeoutMs,
        signal,
        allowHttp: this.options.settings.allowHttp,
        allowPrivate: this.options.settings.allowPrivate,
      });
    } catch (err) {
      // A secret that no longer opens (PII_KEY changed) or a URL Node refuses: a failed attempt.
      result = { kind: 'failed', error: `not sent: ${(err as Error).message}`.slice(0, 200) };
    }
    return result;
  }

  /**
   * Records the outcome, trying again (100 ms, doubling) while the lease lasts: the receiver has
   * answered, only the bookkeeping failed (a lost database connection), and a delivery whose outcome
   * is not recorded is sent again when its lease runs out. Past the lease — or shutting down — it
   * gives up with the error: the delivery is then sent again (at least once, the same webhook-id).
   */
  private async recordWhileLeased(
    db: Db,
    d: ClaimedDelivery,
    result: Exclude<SendResult, { kind: 'aborted' }>,
    signal: AbortSignal,
    leaseEnds: number,
  ): Promise<void> {
    for (let delay = RECORD_RETRY_MS; ; delay *= 2) {
      try {
        await this.record(db, d, result);
        return;
      } catch (err) {
        if (this.stopped || signal.aborted || Date.now() + delay >= leaseEnds - LEASE_MARGIN_MS) throw err;
        this.options.log({ err, deliveryId: d.id, retryInMs: delay }, 'webhook delivery outcome not recorded: retrying');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
    }
  }

  private async record(db: Db, d: ClaimedDelivery, result: Exclude<SendResult, { kind: 'aborted' }>): Promise<void> {
    const status = result.kind === 'answered' ? result.status : null;
    if (status !== null && status >= 200 && status < 300) {
      if (await recordSuccess(db, d, status)) this.options.count?.('sent');
      return;
    }
    const error = describe(result);
    if (status === 410) {
      const reason = 'the endpoint answered 410 Gone';
      if (await recordFinalFailure(db, d, status, error, reason)) this.options.count?.('failed');
      return;
    }
    if (d.attempts < d.maxAttempts) {
      const delay = jittered(this.options.retrySchedule[Math.min(d.attempts - 1, this.options.retrySchedule.length - 1)] ?? 0);
      if (await recordRetry(db, d, delay, status, error)) this.options.count?.('retried');
      return;
    }
    // The whole schedule failed. A test ping never disables; an event disables the subscription
    // unless some other delivery to it succeeded meanwhile (then the endpoint works, this one failed).
    const disable =
      d.eventId !== null && !(await succeededSince(db, d.subscriptionId, d.createdAt))
        ? `every attempt of ${d.attempts} failed over the retry schedule (last: ${error})`
        : null;
    if (await recordFinalFailure(db, d, status, error, disable)) this.options.count?.('failed');
  }

  /**
   * Stops: no new claims; calls in flight are abandoned without recording (their leases run out, and
   * another instance — or this one restarted — sends them again: the same path as a crash).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    clearTimeout(this.timer);
    for (const { abort } of this.inFlight.values()) abort.abort();
    await this.busy;
    await Promise.all([...this.inFlight.values()].map((f) => f.done));
  }
}
