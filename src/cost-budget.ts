import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import { GraphQLError } from 'graphql';
import type { Principal } from './auth/principal';
import { DomainError } from './errors';

/** The two cost budgets of a client: order writes (holds, payment, checkout) never wait on catalog browsing. */
export type BudgetName = 'catalog' | 'orders';

/** One decision of the cost budget, and what the RateLimit headers say about it. */
export interface BudgetDecision {
  allowed: boolean;
  budget: BudgetName;
  /** The budget's size per window (`q`). */
  limit: number;
  /** Left in this window after this call (`r`). */
  remaining: number;
  /** Seconds until the window starts again (`t`, and `Retry-After` of a refusal). */
  resetSeconds: number;
}

/**
 * Root mutation fields that hold seats or take an order through checkout: a mutation of only these takes
 * from the `orders` budget. REST writes under /v2/orders do the same (orderBudgetOfRoute).
 */
export const ORDER_MUTATIONS: ReadonlySet<string> = new Set([
  'createOrder',
  'updateOrder',
  'addTickets',
  'addBestAvailableTickets',
  'addConcession',
  'removeOrderProduct',
  'updateOrderProduct',
  'addProductModifier',
  'removeProductModifier',
  'addPayment',
  'removePayment',
  'applyLoyaltyDiscounts',
  'refreshOrderExpiration',
  'fulfillOrder',
  'cancelOrder',
  'refundOrder',
]);

/** The budget of a REST request: writes of an order are checkout, everything else is catalog. */
export function budgetOfRoute(method: string, url: string): BudgetName {
  return method !== 'GET' && method !== 'HEAD' && /^\/v2\/orders(\/|$|\?)/.test(url) ? 'orders' : 'catalog';
}

/**
 * Who a budget belongs to: the vendor key (by vendor), else the account, else the address. Credentials
 * that do not verify count as the address, so made-up keys buy no fresh budget.
 */
export function clientOf(principal: Principal | null, address: string): string {
  if (principal?.vendorId != null) return `v${principal.vendorId}`;
  if (principal?.accountId != null) return `a${principal.accountId}`;
  // Addresses go into Redis keys hashed: nothing personal is stored in the shared store.
  return `i${createHash('sha256').update(address).digest('base64url').slice(0, 16)}`;
}

// Takes ARGV[2] from KEYS[1] unless that passes ARGV[3]; the window (ARGV[1] ms) starts with the key's
// first use. Returns {allowed 0/1, used after, ms left}: one round trip, atomic across instances.
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then used = 0; ttl = tonumber(ARGV[1]) end
local amount = tonumber(ARGV[2])
if used + amount > tonumber(ARGV[3]) then return {0, used, ttl} end
local now = redis.call('INCRBY', KEYS[1], amount)
if now == amount then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {1, now, ttl}
`;

interface LocalWindow {
  used: number;
  endsAt: number;
}

export interface CostBudgetOptions {
  catalogPerWindow: number;
  ordersPerWindow: number;
  windowMs?: number;
  redisUrl?: string;
  prefix: string;
  /** A warning and its recovery, once per change of state (Redis lost, Redis back). */
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * The per-client cost budgets (fixed windows of a minute), one function deciding for HTTP and graphql-ws
 * alike. With `redisUrl`, every instance takes from the same counters (one Lua call per decision);
 * without it, or while Redis does not answer, each instance counts on its own: a call is never refused
 * because Redis is down (a log line when that starts and ends, and `marquee_rate_limit_local_decisions_total`).
 */
export class CostBudget {
  private readonly windowMs: number;
  private readonly local = new Map<string, LocalWindow>();
  private readonly redis: Redis | null;
  private redisUp = true;
  private readonly fallbacks: Counter;
  private readonly upGauge: Gauge;

  constructor(private readonly options: CostBudgetOptions) {
    this.windowMs = options.windowMs ?? 60_000;
    this.fallbacks = new Counter({
      name: 'marquee_rate_limit_local_decisions_total',
      help: 'Rate-limit decisions (request and cost budgets) taken per instance because the shared store (Redis) did not answer',
      registers: [],
    });
    this.upGauge = new Gauge({ name: 'marquee_rate_limit_shared_store_up', help: '1 while Redis answers the rate limits (request and cost budgets)', registers: [] });
    this.upGauge.set(options.redisUrl ? 1 : 0);
    this.redis = options.redisUrl
      ? new Redis(options.redisUrl, {
          // A command while disconnected fails at once (and the decision is taken here) instead of queueing.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          commandTimeout: 250,
          connectTimeout: 1000,
          retryStrategy: (times) => Math.min(times * 200, 2000),
          lazyConnect: false,
        })
      : null;
    this.redis?.on('error', (err: Error) => this.redisFailed(err));
    this.redis?.on('ready', () => this.redisBack());
    this.redis?.defineCommand('marqueeTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  /**
   * Waits (at most `ms`) for the first connection to Redis, so that the first requests after start are
   * counted in the shared store rather than per instance with a warning; without Redis, at once.
   */
  async connected(ms = 1000): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      redis.once('ready', done);
    });
  }

  /** Registers the fallback counter and the store gauge on the app's /metrics registry. */
  registerMetrics(registry: Registry): void {
    registry.registerMetric(this.fallbacks);
    registry.registerMetric(this.upGauge);
  }

  sizeOf(budget: BudgetName): number {
    return budget === 'orders' ? this.options.ordersPerWindow : this.options.catalogPerWindow;
  }

  /** `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers): both budgets, quota `q` per window `w` seconds. */
  policyHeader(): string {
    const w = Math.round(this.windowMs / 1000);
    return `"catalog";q=${this.options.catalogPerWindow};w=${w}, "orders";q=${this.options.ordersPerWindow};w=${w}`;
  }

  /** `RateLimit`: what is left (`r`) of the budget this call took from, and seconds until its window ends (`t`). */
  static header(decision: BudgetDecision): string {
    return `"${decision.budget}";r=${decision.remaining};t=${decision.resetSeconds}`;
  }

  /**
   * Takes `cost` from the client's budget, or refuses the call when it would pass the budget (a refused
   * call takes nothing, so a smaller call may still pass in the same window).
   */
  async take(client: string, budget: BudgetName, cost: number, now = Date.now()): Promise<BudgetDecision> {
    const limit = this.sizeOf(budget);
    const { allowed, used, msLeft } = await this.takeFrom(`${this.options.prefix}${budget}:${client}`, Math.max(0, Math.ceil(cost)), limit, now);
    return this.decision(budget, allowed, limit, used, msLeft);
  }

  /**
   * Takes one request from the client's request budget (`RATE_LIMIT_PER_MINUTE`, `limit` a window) in the
   * same store as the cost budgets: shared through Redis, per instance without it or while it is down. In
   * the form of @fastify/rate-limit's store: `current` passes `limit` exactly when the request is refused
   * (a refused request takes nothing).
   */
  async takeRequest(client: string, limit: number, now = Date.now()): Promise<{ current: number; ttl: number; exceeded: boolean }> {
    const { allowed, used, msLeft } = await this.takeFrom(`${this.options.prefix}requests:${client}`, 1, limit, now);
    return { current: allowed ? used : limit + 1, ttl: Math.max(0, msLeft), exceeded: !allowed };
  }

  /** One decision on one counter: the Lua call, or this instance's window when there is no Redis or it does not answer. */
  private async takeFrom(key: string, amount: number, limit: number, now: number): Promise<{ allowed: boolean; used: number; msLeft: number }> {
    if (this.redis) {
      try {
        const [allowed, used, ttl] = (await (
          this.redis as unknown as { marqueeTake(key: string, ms: number, amount: number, max: number): Promise<number[]> }
        ).marqueeTake(key, this.windowMs, amount, limit)) as [number, number, number];
        this.redisBack();
        return { allowed: allowed === 1, used, msLeft: ttl };
      } catch (err) {
        this.redisFailed(err as Error);
        this.fallbacks.inc();
      }
    }
    return this.takeLocally(key, amount, limit, now);
  }

  async close(): Promise<void> {
    if (!this.redis) return;
    this.redis.removeAllListeners('error');
    this.redis.on('error', () => undefined);
    this.redis.disconnect();
  }

  private takeLocally(key: string, amount: number, limit: number, now: number): { allowed: boolean; used: number; msLeft: number } {
    let window = this.local.get(key);
    if (!window || window.endsAt <= now) {
      if (this.local.size >= 100_000) this.prune(now);
      window = { used: 0, endsAt: now + this.windowMs };
      this.local.set(key, window);
    }
    const allowed = window.used + amount <= limit;
    if (allowed) window.used += amount;
    return { allowed, used: window.used, msLeft: window.endsAt - now };
  }

  private decision(budget: BudgetName, allowed: boolean, limit: number, used: number, msLeft: number): BudgetDecision {
    return { allowed, budget, limit, remaining: Math.max(0, limit - used), resetSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
  }

  private redisFailed(err: Error): void {
    if (!this.redisUp) return;
    this.redisUp = false;
    this.upGauge.set(0);
    this.options.log.warn(
      { err: { message: err.message } },
      'rate limits: Redis does not answer; request and cost budgets are counted per instance until it does',
    );
  }

  private redisBack(): void {
    if (this.redisUp) return;
    this.redisUp = true;
    this.upGauge.set(1);
    this.options.log.info({}, 'rate limits: Redis answers again; request and cost budgets are shared between instances');
  }

  private prune(now: number): void {
    for (const [key, window] of this.local) if (window.endsAt <= now) this.local.delete(key);
  }
}

/** What one GraphQL operation or REST request asks of the cost budget. */
export interface BudgetRequest {
  principal: Principal | null;
  address: string;
  budget: BudgetName;
  cost: number;
}

/**
 * The one decision both transports make (HTTP's hooks and plugin, graphql-ws' onSubscribe): which
 * client, which budget, and the headers of the answer. Null when no cost budget is configured.
 */
export async function decide(costBudget: CostBudget | null, request: BudgetRequest): Promise<BudgetDecision | null> {
  if (!costBudget) return null;
  return costBudget.take(clientOf(request.principal, request.address), request.budget, request.cost);
}

/** The headers of an answer under the cost budget (a refusal adds `Retry-After`). */
export function budgetHeaders(costBudget: CostBudget, decision: BudgetDecision | null): Map<string, string> {
  const headers = new Map([['ratelimit-policy', costBudget.policyHeader()]]);
  if (decision) headers.set('ratelimit', CostBudget.header(decision));
  if (decision && !decision.allowed) headers.set('retry-after', String(decision.resetSeconds));
  return headers;
}

/** The GraphQL error of a refused operation: RATE_LIMITED, HTTP 429 with the headers, and the same figures for graphql-ws. */
export function rateLimitedError(costBudget: CostBudget, decision: BudgetDecision): GraphQLError {
  const message = `The ${decision.budget} cost budget of ${decision.limit} a minute is spent; retry in ${decision.resetSeconds} s`;
  // The figures ride in the DomainError too: formatGraphQLError keeps a domain error's details.
  const details = { retryAfter: decision.resetSeconds, rateLimit: CostBudget.header(decision) };
  return new GraphQLError(message, {
    originalError: new DomainError('RATE_LIMITED', message, details),
    extensions: { code: 'RATE_LIMITED', ...details, http: { status: 429, headers: budgetHeaders(costBudget, decision) } },
  });
}
