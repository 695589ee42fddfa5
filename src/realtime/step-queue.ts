import { afterFailure, DEFAULT_RETRY, type RetryPolicy, type StepKind } from './retry';

export interface StepHandlers<S extends { kind: StepKind }> {
  /** Does the step; rejects when it failed (it is then retried or escalated). */
  perform(key: number, step: S, again: boolean): Promise<void>;
  /** Whether anyone is left to receive what the step would send (else it is dropped). */
  wanted(key: number, step: S): boolean;
  /** The resync that replaces a delivery or first message that failed past the bound. */
  escalate(step: S): S;
  log(obj: object, msg: string): void;
}

/**
 * Serial queues of steps by key (a showtime), each step run until it succeeds under the failure rule
 * of retry.ts: retried with backoff while the key's later steps wait behind it, escalated to a resync
 * past the bound, the resync retried until it succeeds or nobody wants it. A step's failure never
 * leaves its queue: nothing is dropped silently.
 */
export class StepQueues<S extends { kind: StepKind }> {
  private readonly queues = new Map<number, Promise<void>>();
  private readonly waits = new Set<() => void>();
  private stopped = false;
  /** `stats` counts failed steps tried again, and steps that became resyncs. */
  constructor(
    private readonly handlers: StepHandlers<S>,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
    readonly stats: { retries: number; escalations: number } = { retries: 0, escalations: 0 },
  ) {}

  /** Queues `step` behind the key's others; `after` runs once it is done (or given up). */
  push(key: number, step: S, after?: () => void): void {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.run(key, step)).finally(after);
    this.queues.set(key, next);
    void next.then(() => {
      if (this.queues.get(key) === next) this.queues.delete(key);
    });
  }

  async drain(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  /** Ends the retries (shutting down): steps not done by then are abandoned. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.waits) wake();
    await this.drain();
  }

  private async run(key: number, first: S): Promise<void> {
    let step = first;
    let failures = 0;
    while (!this.stopped && this.handlers.wanted(key, step)) {
      try {
        await this.handlers.perform(key, step, failures > 0);
        return;
      } catch (err) {
        failures += 1;
        const next = afterFailure(step.kind, failures, this.policy);
        if (next.action === 'resync') {
          this.stats.escalations += 1;
          this.handlers.log({ err, showtimeId: key, failures }, `seat event ${step.kind} failed ${failures} times: resyncing its subscribers`);
          // The backoff goes on growing: the resync's first attempt waits the next delay.
          step = this.handlers.escalate(step);
        } else {
          this.stats.retries += 1;
          // The first failure of a step, and each of a resync's (at most one per capped delay).
          if (failures === 1 || step.kind === 'resync') {
            this.handlers.log({ err, showtimeId: key, failures, retryInMs: next.delayMs }, `seat event ${step.kind} failed: retrying`);
          }
        }
        await this.wait(next.delayMs);
      }
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waits.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waits.add(wake);
    });
  }
}
