import type { Db } from '../../../db/client';
import { startSweepLoop, type Sweeper } from '../../sweep-loop';
import { pruneSeatEvents } from './seat-log';
import { tracedDb } from '../../tracing/sql';

/**
 * Prunes seat events older than the retention, every tenth of it (between 1 s and 1 min). Every
 * instance runs it; `pruneSeatEvents` skips rows another instance is deleting.
 */
export function startSeatEventSweeper(
  db: Db,
  options: { retentionMs: number; intervalMs?: number; batch?: number; onError?: (error: unknown) => void },
): Sweeper {
  const batch = options.batch ?? 5000;
  return startSweepLoop((span) => pruneSeatEvents(span ? tracedDb(db, span) : db, options.retentionMs, batch), {
    name: 'seat-event sweeper',
    intervalMs: options.intervalMs ?? Math.min(60_000, Math.max(1000, Math.floor(options.retentionMs / 10))),
    batch,
    onError: options.onError,
  });
}
