/**
 * The fan-out's rule for a step that failed between reading the log and sending (docs/realtime.md,
 * "Failure rules"): a delivery or a subscriber's first message is retried with a growing delay, its
 * showtime's later work waiting behind it so that order holds; past `attempts` failures it becomes a
 * resync of the subscribers it was for; a resync is retried, its delay capped, until it succeeds or
 * nobody is left to receive it. Nothing is dropped.
 */
export interface RetryPolicy {
  /** Delay after the first failure; each further failure doubles it. */
  baseMs: number;
  /** Failures of a delivery or first message after which it becomes a resync. */
  attempts: number;
  /** Longest delay between two attempts. */
  capMs: number;
}

/** 50, 100, 200, 400 ms, then a resync, retried every 0.8, 1.6, 3.2, 5, 5, … s. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 50, attempts: 5, capMs: 5000 };

/** What the fan-out does: `deliver` events, a subscriber's `first` message, or a `resync` (whole map). */
export type StepKind = 'deliver' | 'first' | 'resync';

export type NextStep = { action: 'retry'; delayMs: number } | { action: 'resync'; delayMs: number };

/** The delay before the attempt that follows the `failures`-th failure (1-based), capped. */
export function backoff(failures: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(Math.max(failures - 1, 0), 30));
}

/**
 * After the `failures`-th failure of a step of `kind`: try it again after a delay, or — a delivery or
 * first message that failed `policy.attempts` times — resync its subscribers instead, after a delay.
 * A resync is always tried again.
 */
export function afterFailure(kind: StepKind, failures: number, policy: RetryPolicy = DEFAULT_RETRY): NextStep {
  const delayMs = backoff(failures, policy);
  if (kind !== 'resync' && failures >= policy.attempts) return { action: 'resync', delayMs };
  return { action: 'retry', delayMs };
}
