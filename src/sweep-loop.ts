import { traced, type Span } from './tracing';

export interface Sweeper {
  stop(): Promise<void>;
}

/**
 * Runs `sweep` every `intervalMs`, never overlapping itself, until stopped; `sweep` returns how many
 * rows it handled, and a full `batch` is followed at once by the next. Errors go to `onError` and the
 * loop goes on. The order-expiry and seat-event sweepers both run on it, on every instance.
 */
export function startSweepLoop(
  sweep: (span: Span | null) => Promise<number>,
  options: { intervalMs: number; batch: number; onError?: (error: unknown) => void; /** The span name of a round (tracing). */ name?: string },
): Sweeper {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      // Tracing: one span per round, handed to `sweep` so its statements can be children (tracing/sql.ts tracedDb).
      await traced(options.name ?? 'sweep', {}, async (span) => {
        while (!stopped && (await sweep(span)) === options.batch) {
          // a full batch: more may be due
        }
      });
    } catch (error) {
      if (!stopped) options.onError?.(error);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), options.intervalMs);
  };
  timer = setTimeout(() => (running = tick()), options.intervalMs);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
