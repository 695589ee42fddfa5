import type { Db } from '../../db/client';
import { pruneSeatEvents } from './seat-log';

/**
 * Prunes seat events older than the retention every `intervalMs` (a full batch is followed at once by
 * the next). Every instance runs it; `pruneSeatEvents` skips rows another instance is deleting.
 */
export function startSeatEventSweeper(
  db: Db,
  options: { retentionMs: number; intervalMs?: number; batch?: number; onError?: (error: unknown) => void },
): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? Math.min(60_000, Math.max(1000, Math.floor(options.retentionMs / 10)));
  const batch = options.batch ?? 5000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      while (!stopped && (await pruneSeatEvents(db, options.retentionMs, batch)) === batch) {
        // a full batch: more may be due
      }
    } catch (error) {
      if (!stopped) options.onError?.(error);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), intervalMs);
  };
  timer = setTimeout(() => (running = tick()), intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
