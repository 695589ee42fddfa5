import type postgres from 'postgres';
import { startTestApp, type TestApp } from '../helpers/app';
import { pickShowtimes, seatsOf, sqlOf, type ShowtimeFixture } from '../helpers/orders';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { deliveriesOfOrder, eventually, paidOrder, refund, sleep, subscribe, WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/** Dispatchers of several instances on one database: no event twice, none lost when an instance dies. */
let a: TestApp;
let b: TestApp;
let sql: postgres.Sql;
let receiver: Receiver;
let st: ShowtimeFixture;
const extra: TestApp[] = [];

beforeAll(async () => {
  a = await startTestApp({ env: WEBHOOK_TEST_ENV });
  b = await startTestApp({ databaseUrl: a.databaseUrl, env: WEBHOOK_TEST_ENV });
  sql = sqlOf(a);
  [st] = await pickShowtimes(sql, 1, 6);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await sql?.end();
  for (const app of [...extra, b, a]) await app?.close().catch(() => undefined);
});

const idsOf = (calls: { body: string }[]) => calls.map((c) => (JSON.parse(c.body) as { details: { OrderId: number } }).details.OrderId);

it('two instances deliver each event exactly once per subscription (counted at the receiver)', async () => {
  await subscribe(a, receiver.url('/one'));
  await subscribe(b, receiver.url('/two'));
  const orders = [];
  for (let i = 0; i < 8; i++) orders.push(await paidOrder(i % 2 ? b : a, st.showtimeId, seatsOf(st.regular.slice(i, i + 1))));
  // Refunds through both instances at once, so both dispatchers race for the same events.
  await Promise.all(orders.map((o, i) => refund(i % 2 ? a : b, o.id)));
  const one = await receiver.waitFor('/one', 8);
  const two = await receiver.waitFor('/two', 8);
  await sleep(2000); // several more polls of both dispatchers
  for (const calls of [receiver.received('/one'), receiver.received('/two')]) {
    expect(calls).toHaveLength(8);
    expect(idsOf(calls).sort()).toEqual(orders.map((o) => o.id).sort());
    expect(new Set(calls.map((c) => c.headers['webhook-id'])).size).toBe(8);
  }
  expect(one.length + two.length).toBe(16);
  await sql`delete from webhook_subscriptions`;
}, 60_000);

it('an instance closed while the receiver holds its request loses nothing: another delivers it after the lease', async () => {
  await b.close();
  await a.close();
  // A lone instance with a long timeout (so it is still waiting when closed) and a 6 s lease.
  const first = await startTestApp({ databaseUrl: a.databaseUrl, env: { ...WEBHOOK_TEST_ENV, WEBHOOK_TIMEOUT: '5s', WEBHOOK_LEASE: '6s' } });
  extra.push(first);
  receiver.setBehaviour('/held', (n) => (n === 0 ? 'hang' : 200));
  await subscribe(first, receiver.url('/held'));
  const order = await paidOrder(first, st.showtimeId, seatsOf(st.regular.slice(20, 21)));
  await refund(first, order.id);
  const [held] = await receiver.waitFor('/held', 1);
  expect(receiver.hanging()).toBe(1);
  const second = await startTestApp({ databaseUrl: a.databaseUrl, env: WEBHOOK_TEST_ENV });
  extra.push(second);
  await first.close();
  const calls = await receiver.waitFor('/held', 2, 15_000);
  expect(calls[1].headers['webhook-id']).toBe(held.headers['webhook-id']);
  // Not before the first claim's lease ran out.
  expect(calls[1].at - held.at).toBeGreaterThanOrEqual(4000);
  const [delivery] = await eventually(async () => {
    const rows = await deliveriesOfOrder(sql, order.id);
    return rows[0]?.status === 'succeeded' ? rows : undefined;
  });
  expect(delivery.attempts).toBe(2);
  await sleep(1000);
  expect(receiver.received('/held')).toHaveLength(2);
}, 60_000);
