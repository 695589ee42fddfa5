import { piiKeys, seal } from '../../src/pii';
import { useTestApp } from '../helpers/app';
import { pickShowtimes, seatsOf, VENDOR } from '../helpers/orders';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { deliveriesOfOrder, eventually, paidOrder, refund, WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/**
 * Target safety with private targets NOT allowed (plain http allowed, so the loopback receiver can be
 * named): refused at subscription time, and again at delivery time for a subscription whose host
 * has come to resolve to loopback since (DNS rebinding, simulated by writing the row directly).
 */
let receiver: Receiver;

const { app, sql } = useTestApp({ env: { ...WEBHOOK_TEST_ENV, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

it('loopback, private and metadata hosts are refused at subscription time', async () => {
  const port = new URL(receiver.url()).port;
  for (const href of [receiver.url('/x'), `http://localhost:${port}/x`, 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://10.0.0.1/x']) {
    const res = await app.request<{ errors: { message: string }[] }>('POST', '/v1/webhooks', { eventType: 'Orders.Refund', href }, VENDOR);
    expect({ href, status: res.status }).toEqual({ href, status: 400 });
    expect(res.body.errors[0].message).toMatch(/private|loopback/);
  }
  expect(await sql`select 1 from webhook_subscriptions`).toHaveLength(0);
});

it('and again at delivery time: nothing reaches the receiver, the attempts record why', async () => {
  const port = new URL(receiver.url()).port;
  const [vendor] = await sql<{ id: number }[]>`select id from vendors order by id limit 1`;
  const sealed = seal(piiKeys(app.config.PII_KEY), `whsec_${Buffer.alloc(32, 7).toString('base64')}`);
  for (const href of [receiver.url('/literal'), `http://localhost:${port}/named`]) {
    await sql`insert into webhook_subscriptions (vendor_id, event_type, href, secret_sealed) values (${vendor.id}, 'Orders.Refund', ${href}, ${sealed})`;
  }
  const [st] = await pickShowtimes(sql, 1, 7);
  const order = await paidOrder(app, st.showtimeId, seatsOf(st.regular.slice(0, 1)));
  await refund(app, order.id);
  const rows = await eventually(async () => {
    const r = await deliveriesOfOrder(sql, order.id);
    return r.length === 2 && r.every((d) => d.attempts >= 2) ? r : undefined;
  });
  for (const d of rows) expect(d.last_error).toMatch(/private address/);
  expect(receiver.received()).toHaveLength(0);
});
