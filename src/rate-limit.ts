import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { CostBudget } from './cost-budget';

interface Window {
  count: number;
  start: number;
}

/**
 * One fixed-window request budget per client, shared by HTTP (as @fastify/rate-limit's store) and
 * graphql-ws (each connection and each operation takes from it), so a client over its limit on one
 * transport is over it on the other too. With `shared` (the cost budgets' store, when `REDIS_URL` is set),
 * the count is kept in Redis by the same Lua call, so every instance takes from it; while Redis does not
 * answer, that store counts per instance (its log line and metric) and refuses nothing for it.
 */
export class ClientBudget implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly max: number,
    readonly windowMs = 60_000,
    private readonly shared: CostBudget | null = null,
  ) {}

  /** Takes one request from the client's budget; `exceeded` once it is spent for this window. */
  async take(key: string, now = Date.now()): Promise<{ current: number; ttl: number; exceeded: boolean }> {
    return this.shared ? this.shared.takeRequest(key, this.max, now) : this.takeLocally(key, now);
  }

  private takeLocally(key: string, now: number): { current: number; ttl: number; exceeded: boolean } {
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
    this.take(key).then(
      ({ current, ttl }) => callback(null, { current, ttl }),
      (err: Error) => callback(err),
    );
  }

  /** Route-level settings share the one budget. */
  child(): FastifyRateLimitStore {
    return this;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.start + this.windowMs <= now) this.windows.delete(key);
  }
}
