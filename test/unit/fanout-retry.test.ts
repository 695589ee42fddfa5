import { afterFailure, backoff, DEFAULT_RETRY, type RetryPolicy } from '../../src/realtime/retry';

const policy: RetryPolicy = { baseMs: 50, attempts: 4, capMs: 1000 };

describe("the fan-out's rule for a failed step", () => {
  it('retries a delivery or first message with a doubling delay, then turns it into a resync', () => {
    for (const kind of ['deliver', 'first'] as const) {
      expect([1, 2, 3, 4].map((n) => afterFailure(kind, n, policy))).toEqual([
        { action: 'retry', delayMs: 50 },
        { action: 'retry', delayMs: 100 },
        { action: 'retry', delayMs: 200 },
        { action: 'resync', delayMs: 400 },
      ]);
    }
  });

  it('retries a resync for as long as it fails, its delay capped', () => {
    const steps = Array.from({ length: 40 }, (_, i) => afterFailure('resync', i + 1, policy));
    expect(steps.every((s) => s.action === 'retry')).toBe(true);
    expect(steps.map((s) => s.delayMs).slice(0, 7)).toEqual([50, 100, 200, 400, 800, 1000, 1000]);
    expect(Math.max(...steps.map((s) => s.delayMs))).toBe(1000);
  });

  it('never overflows to a zero or infinite delay, however many failures', () => {
    expect(backoff(10_000, policy)).toBe(1000);
    expect(backoff(0, policy)).toBe(50);
  });

  it('by default: four retries within a second, then a resync retried at most every 5 s', () => {
    const first = [1, 2, 3, 4, 5].map((n) => afterFailure('deliver', n));
    expect(first.slice(0, 4).every((s) => s.action === 'retry')).toBe(true);
    expect(first.slice(0, 4).reduce((ms, s) => ms + s.delayMs, 0)).toBeLessThan(1000);
    expect(first[4].action).toBe('resync');
    expect(afterFailure('resync', 100).delayMs).toBe(DEFAULT_RETRY.capMs);
    expect(DEFAULT_RETRY.capMs).toBe(5000);
  });
});
