import type { FastifyRateLimitStore } from '@fastify/rate-limit';

interface Window {
  count: number;
  start: number;
}

/**
 * One fixed-window request budget per client, shared by HTTP (as @fastify/rate-limit's store) and
 * graphql-ws (each connection and each operation takes from it), so a client over its limit on one
 * transport is over it on the other too.
 */
export class ClientBudget implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly max: number,
    readonly windowMs = 60_000,
  ) {}

  /** Takes one request from the client's budget; `exceeded` once it is spent for this window. */
  take(key: string, now = Date.now()): { current: number; ttl: number; exceeded: boolean } {
    let window = this.windows.get(key);
    if (!window || window.start + this.windowMs <= now) {
      if (this.windows.size >= 100_000) this.prune(now);
      window = { count: 0, start: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.start + this.windowMs - now, exceeded: window.count > this.max };
  }

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
    const { current, ttl } = this.take(key);
    callback(null, { current, ttl });
  }

  /** Route-level settings share the one budget. */
  child(): FastifyRateLimitStore {
    return this;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.start + this.windowMs <= now) this.windows.delete(key);
  }
}
