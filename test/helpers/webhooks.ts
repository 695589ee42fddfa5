import type postgres from 'postgres';
import type { TestApp } from './app';
import { holdSeats, M, must, payAndFulfil, VENDOR, type OrderShape } from './orders';

/**
 * Webhook settings of test instances: loopback http receivers allowed, a short schedule (two retries a
 * second apart: three attempts), a 1 s timeout, a 3 s lease and a quick poll.
 */
export const WEBHOOK_TEST_ENV: Record<string, string> = {
  WEBHOOK_ALLOW_HTTP: 'true',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_RETRY_SCHEDULE: '1s,1s',
  WEBHOOK_TIMEOUT: '1s',
  WEBHOOK_LEASE: '3s',
  WEBHOOK_POLL_INTERVAL: '200ms',
};

export interface Subscribed {
  token: string;
  secret: string;
  status: number;
  location: string | null;
  body: Record<string, unknown>;
}

/** POST /v1/webhooks; throws unless 201. */
export async function subscribe(
  app: TestApp,
  href: string,
  eventType = 'Orders.Refund',
  headers: Record<string, string> = VENDOR,
): Promise<Subscribed> {
  const res = await app.request<Record<string, unknown>>('POST', '/v1/webhooks', { eventType, href }, headers);
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: String(res.body.token),
    secret: String(res.body.secret),
    status: res.status,
    location: res.headers.get('location'),
    body: res.body,
  };
}

/** A fulfilled order of `seats` of a showtime. */
export async function paidOrder(app: TestApp, showtimeId: number, seats: { row: number; column: number }[], headers = VENDOR): Promise<OrderShape> {
  return payAndFulfil(app.gql, await holdSeats(app.gql, showtimeId, seats, headers), headers);
}

/** Refunds a whole order over GraphQL. */
export async function refund(app: TestApp, orderId: number, headers = VENDOR): Promise<OrderShape> {
  return must<OrderShape>(app.gql, M.refund, { input: { orderId, reason: 'WrongSeats' } }, headers);
}

/** Deletes every subscription (and so every delivery), so one test's events reach no other test's receiver. */
export async function clearSubscriptions(sql: postgres.Sql): Promise<void> {
  await sql`delete from webhook_subscriptions`;
}

/** Delivery rows of one order's events, as the database holds them. */
export async function deliveriesOfOrder(sql: postgres.Sql, orderId: number) {
  return sql<{ id: number; status: string; attempts: number; event_type: string; message_id: string; last_error: string | null }[]>`
    select d.id, d.status, d.attempts, d.event_type, d.message_id, d.last_error from webhook_deliveries d
    join outbox_events o on o.id = d.event_id where (o.payload->>'OrderId')::int = ${orderId} order by d.id`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000, label = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${label} not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}
