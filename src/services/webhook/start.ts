import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../../db/client';
import type { Config } from '../../config';
import { oldestPendingAgeSeconds } from './store';
import { WebhookDispatcher } from './dispatcher';
import { webhookSettings } from './model';

/**
 * Starts this instance's webhook dispatcher (docs/webhooks.md) with its metrics in `registry`:
 * deliveries sent, failed (given up) and retried, and the age of the oldest pending event. (The loop
 * that resumes abandoned refund batches is the showtime domain's: `startRefundBatchSweeper`.)
 */
export function startWebhooks(args: { db: Db; config: Config; registry: Registry; log: (obj: object, msg: string) => void }): {
  close(): Promise<void>;
} {
  const { db, config, registry, log } = args;
  const deliveries = new Counter({
    name: 'marquee_webhook_deliveries_total',
    help: 'Webhook delivery outcomes: sent (2xx), retried (a failed attempt with another to come), failed (given up)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['sent', 'retried', 'failed']) deliveries.inc({ outcome }, 0);
  new Gauge({
    name: 'marquee_webhook_oldest_pending_event_age_seconds',
    help: 'Age of the oldest event not yet delivered to every subscriber (0 when none is pending)',
    registers: [registry],
    async collect() {
      this.set(await oldestPendingAgeSeconds(db).catch(() => 0));
    },
  });
  const dispatcher = new WebhookDispatcher(db, {
    settings: webhookSettings(config),
    retrySchedule: config.WEBHOOK_RETRY_SCHEDULE,
    timeoutMs: config.WEBHOOK_TIMEOUT,
    leaseMs: config.WEBHOOK_LEASE,
    pollMs: config.WEBHOOK_POLL_INTERVAL,
    concurrency: config.WEBHOOK_CONCURRENCY,
    log,
    count: (outcome) => deliveries.inc({ outcome }),
  });
  dispatcher.start();
  return {
    async close() {
      await dispatcher.stop();
    },
  };
}
