import type { Db } from '../../../db/client';
import { startSweepLoop, type Sweeper } from '../../sweep-loop';
import { tracedDb } from '../../tracing/sql';
import { pruneIdempotencyKeys } from '../shared/idempotency';
import { pruneOutboxEvents, pruneWebhookDeliveries } from '../webhook';

/**
 * Keeps the bookkeeping tables from growing without bound (docs/operations.md, Retention): finished
 * webhook deliveries, handed-over outbox events and expired idempotency keys. Deliveries go first, so
 * events they held (a foreign key without cascade) can go in the same sweep. Every delete is its own
 * short autocommitted statement of at most `batch` rows taken with `SKIP LOCKED`, so every instance
 * runs it; a full batch of any of them is followed at once by another round.
 */
export function startRetentionSweeper(
  shared: Db,
  options: {
    outboxRetentionMs: number;
    deliveryRetentionMs: number;
    intervalMs: number;
    batch?: number;
    onError?: (error: unknown) => void;
  },
): Sweeper {
  const batch = options.batch ?? 1000;
  // One failing prune (reported) does not keep the others from running.
  const attempt = async (prune: () => Promise<number>) => {
    try {
      return await prune();
    } catch (error) {
      options.onError?.(error);
      return 0;
    }
  };
  return startSweepLoop(
    async (span) => {
      const db = span ? tracedDb(shared, span) : shared;
      const deliveries = await attempt(() => pruneWebhookDeliveries(db, options.deliveryRetentionMs, batch));
      const events = await attempt(() => pruneOutboxEvents(db, options.outboxRetentionMs, batch));
      const keys = await attempt(() => pruneIdempotencyKeys(db, batch));
      return Math.max(deliveries, events, keys);
    },
    { intervalMs: options.intervalMs, batch, onError: options.onError, name: 'retention sweeper' },
  );
}
