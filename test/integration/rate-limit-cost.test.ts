import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { startTestApp, useTestApp, type TestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';
import { wsOperation } from '../helpers/ws';

/**
 * Cost budgets (issue 28, item 4): GraphQL operations take their estimated cost, REST requests a flat
 * RATE_LIMIT_REST_COST, from one budget per client shared by HTTP and graphql-ws, and by instances through
 * Redis; order writes have their own budget; every answer carries the draft's RateLimit headers.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
const CATALOG = '{ refundReasons { name } }';
const CREATE_ORDER = 'mutation { createOrder(input: {}) { id } }';

interface Answer {
  status: number;
  body: { data?: unknown; errors?: { extensions?: Record<string, unknown> }[] };
  headers: Headers;
}

async function post(app: TestApp, query: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers };
}

/** The `r` and `t` of a `RateLimit` field, and the budget it names. */
function rateLimit(headers: Headers): { budget: string; r: number; t: number } {
  const value = headers.get('ratelimit') ?? '';
  const match = /^"(\w+)";r=(\d+);t=(\d+)$/.exec(value);
  if (!match) throw new Error(`RateLimit header not in the draft's form: ${value}`);
  return { budget: match[1], r: Number(match[2]), t: Number(match[3]) };
}

/** Sends the query until it is refused; returns the answers. */
async function spend(app: TestApp, query: string, headers: Record<string, string> = {}, max = 50): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < max; i += 1) {
    const answer = await post(app, query, headers);
    answers.push(answer);
    if (answer.status === 429) return answers;
  }
  throw new Error(`not refused after ${max} requests`);
}

const prefixes: string[] = [];
const newPrefix = () => {
  const prefix = `marquee-test:rl:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
};

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});

describe('cost budget on one instance', () => {
  const { app } = useTestApp({ env: { RATE_LIMIT_COST_PER_MINUTE: '100', RATE_LIMIT_ORDER_COST_PER_MINUTE: '50', RATE_LIMIT_REST_COST: '10' } });

  it('takes each operation\'s estimated cost, says so in RateLimit headers, and answers 429 with Retry-After', async () => {
    const answers = await spend(app, CATALOG);
    const first = answers[0];
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"catalog";q=100;w=60, "orders";q=50;w=60');
    const { budget, r, t } = rateLimit(first.headers);
    expect(budget).toBe('catalog');
    const cost = 100 - r;
    expect(cost).toBe(20); // refundReasons: an unpaged list, 20 assumed items of 1 each
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThanOrEqual(60);
    // 100 / 20: five pass, the sixth is refused, and every answer said what was left.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.slice(0, 5).map((a) => rateLimit(a.headers).r)).toEqual([80, 60, 40, 20, 0]);
    const refused = answers[5];
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"catalog";r=0;t=\d+$/);

    // REST takes from the same budget: refused too, with the REST error body.
    const rest = await app.get<{ errors: { code: number }[] }>('/v1/refund-reasons');
    expect(rest.status).toBe(429);
    expect(rest.body.errors[0].code).toBe(4290);
    expect(rest.headers.get('retry-after')).toBeTruthy();
    expect(rest.headers.get('ratelimit-policy')).toContain('"catalog";q=100');

    // And graphql-ws, for the same client (its address): RATE_LIMITED with the figures.
    const overWs = await wsOperation(app.url, CATALOG);
    expect(overWs.errors?.[0]?.extensions).toEqual(
      expect.objectContaining({ code: 'RATE_LIMITED', retryAfter: expect.any(Number), rateLimit: expect.stringMatching(/^"catalog";r=0;t=\d+$/) }),
    );
  });

  it('order writes have their own budget: a vendor that spent its catalog budget still creates orders', async () => {
    const browsing = await spend(app, CATALOG, VENDOR);
    expect(browsing.at(-1)!.status).toBe(429);
    const order = await post(app, CREATE_ORDER, VENDOR);
    expect(order.status).toBe(200);
    expect(order.body.errors).toBeUndefined();
    expect(rateLimit(order.headers).budget).toBe('orders');
    // REST order writes too, at the flat REST cost, while a REST catalog read stays refused.
    const restOrder = await app.request('POST', '/v2/orders', {}, VENDOR);
    expect(restOrder.status).toBe(201);
    expect(rateLimit(restOrder.headers)).toEqual(expect.objectContaining({ budget: 'orders', r: rateLimit(order.headers).r - 10 }));
    expect((await app.get('/v2/theatres/1', VENDOR)).status).toBe(429);
    // And the order budget is spent by order writes alone: the catalog stays refused meanwhile.
    const orders = await spend(app, CREATE_ORDER, VENDOR);
    expect(orders.length).toBeGreaterThan(1);
    expect(orders.at(-1)!.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(rateLimit(orders.at(-1)!.headers).budget).toBe('orders');
  });

  it('counts a REST request at RATE_LIMIT_REST_COST, per vendor key (not the address)', async () => {
    const other = { 'x-vendor-key': 'demo-vendor-key-2' };
    const first = await app.get('/v2/theatres/1', other);
    expect(first.status).toBe(200);
    expect(rateLimit(first.headers)).toEqual(expect.objectContaining({ budget: 'catalog', r: 90 }));
    // A page of another origin may read them (CORS exposes both).
    const fromPage = await fetch(`${app.url}/v2/theatres/1`, { headers: { ...other, origin: 'http://localhost:5173' } });
    const exposed = (fromPage.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['ratelimit-policy', 'ratelimit', 'retry-after']));
  });
});

describe('the request budget (RATE_LIMIT_PER_MINUTE) by the same client', () => {
  it('counts per vendor key, then account, then address: two vendors behind one address do not share', async () => {
    const app = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses = async (headers: Record<string, string>) => {
        const out: number[] = [];
        for (let i = 0; i < 4; i += 1) out.push((await app.get('/v2/theatres/1', headers)).status);
        return out;
      };
      expect(await statuses(VENDOR)).toEqual([200, 200, 200, 429]);
      // graphql-ws with that vendor's key: the upgrade takes from the address's budget (no credential yet),
      // the operation from the vendor's, spent over HTTP.
      const overWs = await wsOperation(app.url, CATALOG, {}, { vendorKey: 'demo-vendor-key' });
      expect(overWs.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(await statuses({ 'x-vendor-key': 'demo-vendor-key-2' })).toEqual([200, 200, 200, 429]);
      // A key that does not verify counts as the address (one left after the upgrade): made-up keys buy no fresh budget.
      expect(await statuses({ 'x-vendor-key': 'made-up-1' })).toEqual([401, 401, 429, 429]);
      expect((await app.get('/v2/theatres/1', { 'x-vendor-key': 'made-up-2' })).status).toBe(429);
      expect((await app.get('/v2/theatres/1')).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('cost budget over graphql-ws first', () => {
  it('operations over a socket spend the budget HTTP then answers 429 for', async () => {
    const app = await startTestApp({ env: { RATE_LIMIT_COST_PER_MINUTE: '60' } });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 4; i += 1) codes.push(String((await wsOperation(app.url, CATALOG)).errors?.[0]?.extensions?.code ?? 'ok'));
      expect(codes).toEqual(['ok', 'ok', 'ok', 'RATE_LIMITED']);
      const http = await post(app, CATALOG);
      expect(http.status).toBe(429);
      expect(http.headers.get('retry-after')).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});

describe('cost budget shared between instances through Redis', () => {
  it('a client spent on instance A is refused on instance B', async () => {
    const env = { RATE_LIMIT_COST_PER_MINUTE: '100', REDIS_URL, RATE_LIMIT_REDIS_PREFIX: newPrefix() };
    const lines: string[] = [];
    const a = await startTestApp({ env: { ...env, LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
    const b = await startTestApp({ env, databaseUrl: a.databaseUrl });
    try {
      const onA = [await post(a, CATALOG), await post(a, CATALOG), await post(a, CATALOG)];
      expect(onA.map((x) => rateLimit(x.headers).r)).toEqual([80, 60, 40]);
      const onB = await spend(b, CATALOG);
      // B went on from A's count: 40 left, two more, then refused.
      expect(onB.map((x) => x.status)).toEqual([200, 200, 429]);
      expect(rateLimit(onB[0].headers).r).toBe(20);
      expect((await post(a, CATALOG)).status).toBe(429);
      expect(await wsOperation(b.url, CATALOG)).toEqual({ errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'RATE_LIMITED' }) })] });
      // Counted in Redis from the first request: no per-instance fallback at start.
      expect(lines.filter((l) => l.includes('Redis does not answer'))).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('with Redis unreachable, counts per instance: nothing refused for it, a log line and a metric', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const app = await startTestApp({
      env: { RATE_LIMIT_COST_PER_MINUTE: '100', REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info', RATE_LIMIT_REDIS_PREFIX: newPrefix() },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const answers = await spend(app, CATALOG);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
      expect(rateLimit(answers[0].headers).r).toBe(80);
      expect(lines.some((l) => l.includes('Redis does not answer; request and cost budgets are counted per instance'))).toBe(true);
      const metrics = await app.get<string>('/metrics');
      expect(metrics.body).toMatch(/marquee_rate_limit_shared_store_up 0/);
      const fallbacks = Number(/marquee_rate_limit_local_decisions_total (\d+)/.exec(metrics.body)?.[1]);
      expect(fallbacks).toBeGreaterThanOrEqual(6);
    } finally {
      await app.close();
    }
  });
});

describe('the request budget (RATE_LIMIT_PER_MINUTE) shared between instances through Redis', () => {
  /** The statuses of `n` REST reads on `app` as the demo vendor. */
  const statuses = async (app: TestApp, n: number): Promise<number[]> => {
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) out.push((await app.get('/v2/theatres/1', VENDOR)).status);
    return out;
  };

  it('a client spent on instance A is refused on instance B, over HTTP and graphql-ws, in the same store as the cost budgets', async () => {
    const prefix = newPrefix();
    const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL, RATE_LIMIT_REDIS_PREFIX: prefix };
    const lines: string[] = [];
    const a = await startTestApp({ env: { ...env, LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
    const b = await startTestApp({ env, databaseUrl: a.databaseUrl });
    const redis = new Redis(REDIS_URL);
    try {
      expect(await statuses(a, 2)).toEqual([200, 200]);
      // B goes on from A's count: two more, then @fastify/rate-limit's 429 (RATE_LIMITED, Retry-After).
      expect(await statuses(b, 2)).toEqual([200, 200]);
      const refused = await b.get<unknown>('/v2/theatres/1', VENDOR);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.stringify(refused.body)).toContain('4290');
      expect((await a.get('/v2/theatres/1', VENDOR)).status).toBe(429);
      // graphql-ws on B with that vendor's key: the operation takes from the vendor's budget, spent on A and B.
      const overWs = await wsOperation(b.url, CATALOG, {}, { vendorKey: 'demo-vendor-key' });
      expect(overWs.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      // The counter is in Redis (a refused request takes nothing): the vendor's, at the limit.
      const keys = await redis.keys(`${prefix}requests:v*`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0])).toBe('4');
      expect(lines.filter((l) => l.includes('Redis does not answer'))).toEqual([]);
    } finally {
      redis.disconnect();
      await b.close();
      await a.close();
    }
  });

  it('with Redis unreachable, each instance counts alone: nothing refused for it, the log line and the metric', async () => {
    const port = await closedPort();
    const env = { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_REDIS_PREFIX: newPrefix() };
    const lines: string[] = [];
    const a = await startTestApp({ env: { ...env, LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
    const b = await startTestApp({ env, databaseUrl: a.databaseUrl });
    try {
      expect(await statuses(a, 4)).toEqual([200, 200, 200, 429]);
      // B's own count: the same client gets a whole budget there.
      expect(await statuses(b, 4)).toEqual([200, 200, 200, 429]);
      expect(lines.some((l) => l.includes('Redis does not answer; request and cost budgets are counted per instance'))).toBe(true);
      const metrics = await a.get<string>('/metrics');
      expect(metrics.body).toMatch(/marquee_rate_limit_shared_store_up 0/);
      expect(Number(/marquee_rate_limit_local_decisions_total (\d+)/.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(4);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
