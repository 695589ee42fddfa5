import { Webhook } from 'standardwebhooks';
import { useTestApp } from '../helpers/app';
import { OTHER_VENDOR, pickShowtimes, seatsOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { clearSubscriptions, deliveriesOfOrder, eventually, paidOrder, refund, sleep, subscribe, WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/** Webhooks against a real loopback receiver: signing, retries, timeouts, 410, the test ping, rights. */
let receiver: Receiver;
let st: ShowtimeFixture;
let nextSeat = 0;
/** A fresh regular seat of the test showtime for each order. */
const seat = () => seatsOf(st.regular.slice(nextSeat, ++nextSeat));

const { app, sql } = useTestApp({ env: WEBHOOK_TEST_ENV });
beforeAll(async () => {
  [st] = await pickShowtimes(sql, 1, 5);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
afterEach(async () => {
  await clearSubscriptions(sql);
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('subscriptions over REST', () => {
  it('create: 201 with Location and the secret once; list, get and the event types never show it', async () => {
    const events = await app.get<Json>('/v1/webhook-events');
    expect(events.body.events.map((e: Json) => e.type)).toEqual(['Orders.Refund', 'Orders.BatchRefund']);

    const sub = await subscribe(app, receiver.url('/crud'));
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(sub.location).toBe(`${app.url}/v1/webhooks/${sub.token}`);
    const list = await app.get<Json>('/v1/webhooks', VENDOR);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body._embedded.events[0]).toMatchObject({
      token: sub.token,
      eventType: 'Orders.Refund',
      href: receiver.url('/crud'),
      status: 'Active',
      _links: { self: { href: sub.location } },
    });
    const one = await app.get<Json>(`/v1/webhooks/${sub.token}`, VENDOR);
    expect(one.status).toBe(200);
    for (const body of [JSON.stringify(list.body), JSON.stringify(one.body)]) expect(body).not.toContain(sub.secret.slice(6, 30));
    const [stored] = await sql<{ secret_sealed: string }[]>`select secret_sealed from webhook_subscriptions where token = ${sub.token}`;
    expect(stored.secret_sealed).not.toContain(sub.secret.slice(6, 30));
  });

  it('another vendor cannot see or delete it (404); without a vendor key 401; bad bodies 400', async () => {
    const sub = await subscribe(app, receiver.url('/mine'));
    expect((await app.get(`/v1/webhooks/${sub.token}`, OTHER_VENDOR)).status).toBe(404);
    expect((await app.request('DELETE', `/v1/webhooks/${sub.token}`, undefined, OTHER_VENDOR)).status).toBe(404);
    expect((await app.request('POST', `/v1/webhooks/${sub.token}/test`, undefined, OTHER_VENDOR)).status).toBe(404);
    expect((await app.get<Json>('/v1/webhooks', OTHER_VENDOR)).body.count).toBe(0);
    expect((await app.get('/v1/webhooks')).status).toBe(401);
    expect((await app.get(`/v1/webhooks/not-a-token`, VENDOR)).status).toBe(404);
    expect((await app.request('POST', '/v1/webhooks', { eventType: 'Orders.Nope', href: receiver.url() }, VENDOR)).status).toBe(400);
    expect((await app.request('POST', '/v1/webhooks', { eventType: 'Orders.Refund', href: 'ftp://x/y' }, VENDOR)).status).toBe(400);
    expect((await app.request('POST', '/v1/webhooks', { eventType: 'Orders.Refund', href: '/relative' }, VENDOR)).status).toBe(400);
    // Still there for its owner; then deleted by its owner.
    expect((await app.get(`/v1/webhooks/${sub.token}`, VENDOR)).status).toBe(200);
    expect((await app.request('DELETE', `/v1/webhooks/${sub.token}`, undefined, VENDOR)).status).toBe(200);
    expect((await app.get(`/v1/webhooks/${sub.token}`, VENDOR)).status).toBe(404);
  });
});

describe('delivery', () => {
  it('a refund produces one signed callback in the spec body that verifies with standardwebhooks', async () => {
    const sub = await subscribe(app, receiver.url('/signed'));
    const other = await subscribe(app, receiver.url('/other-vendor'), 'Orders.Refund', OTHER_VENDOR);
    const order = await paidOrder(app, st.showtimeId, seat());
    await refund(app, order.id);
    const [got] = await receiver.waitFor('/signed', 1);
    const verified = new Webhook(sub.secret).verify(got.body, got.headers as Record<string, string>) as Json;
    expect(verified).toEqual({
      eventType: 'Orders.Refund',
      eventDateUtc: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      details: {
        OrderId: order.id,
        OrderToken: order.token,
        RefundAmount: order.total,
        OrderTotal: order.total,
        RefundReason: 'WrongSeats',
        CreationDateUTC: expect.any(String),
        LastUpdateDateUTC: expect.any(String),
      },
    });
    expect(Object.keys(JSON.parse(got.body))).toEqual(['eventType', 'eventDateUtc', 'details']);
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(() => new Webhook(other.secret).verify(got.body, got.headers as Record<string, string>)).toThrow();
    // Tampered body: refused.
    expect(() => new Webhook(sub.secret).verify(got.body.replace('WrongSeats', 'Other'), got.headers as Record<string, string>)).toThrow();
    // Only the creating vendor's subscriptions hear of it.
    await sleep(600);
    expect(receiver.received('/other-vendor')).toHaveLength(0);
    expect(receiver.received('/signed')).toHaveLength(1);
    const log = await app.get<Json>(`/v1/webhooks/${sub.token}/deliveries`, VENDOR);
    expect(log.body._embedded.deliveries[0]).toMatchObject({ status: 'Succeeded', attempts: 1, lastResponseStatus: 200, webhookId: got.headers['webhook-id'] });
  });

  it('fails twice then 200: the same webhook-id three times, a second apart, and the delivery succeeded', async () => {
    receiver.setBehaviour('/flaky', (n) => (n < 2 ? 500 : 200));
    await subscribe(app, receiver.url('/flaky'));
    const order = await paidOrder(app, st.showtimeId, seat());
    await refund(app, order.id);
    const calls = await receiver.waitFor('/flaky', 3);
    expect(new Set(calls.map((c) => c.headers['webhook-id'])).size).toBe(1);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(850);
    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOfOrder(sql, order.id);
      return rows[0]?.status === 'succeeded' ? rows : undefined;
    });
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, message_id: calls[0].headers['webhook-id'] });
    await sleep(1500);
    expect(receiver.received('/flaky')).toHaveLength(3);
  });

  it('a 410 disables the subscription at once, with the reason visible', async () => {
    receiver.setBehaviour('/gone', () => 410);
    const sub = await subscribe(app, receiver.url('/gone'));
    const order = await paidOrder(app, st.showtimeId, seat());
    await refund(app, order.id);
    await receiver.waitFor('/gone', 1);
    const view = await eventually(async () => {
      const res = await app.get<Json>(`/v1/webhooks/${sub.token}`, VENDOR);
      return res.body.status === 'Disabled' ? res.body : undefined;
    });
    expect(view.disabledReason).toMatch(/410/);
    await sleep(1500);
    expect(receiver.received('/gone')).toHaveLength(1);
  });

  it('a receiver that never answers is timed out and retried; failing the whole schedule disables', async () => {
    receiver.setBehaviour('/silent', () => 'hang');
    const sub = await subscribe(app, receiver.url('/silent'));
    const order = await paidOrder(app, st.showtimeId, seat());
    await refund(app, order.id);
    const calls = await receiver.waitFor('/silent', 3, 20_000);
    expect(new Set(calls.map((c) => c.headers['webhook-id'])).size).toBe(1);
    // 1 s timeout, then a ~1 s delay.
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(1500);
    const view = await eventually(async () => {
      const res = await app.get<Json>(`/v1/webhooks/${sub.token}`, VENDOR);
      return res.body.status === 'Disabled' ? res.body : undefined;
    });
    expect(view.disabledReason).toMatch(/every attempt of 3 failed.*timeout/);
    const log = await app.get<Json>(`/v1/webhooks/${sub.token}/deliveries`, VENDOR);
    expect(log.body._embedded.deliveries[0]).toMatchObject({ status: 'Failed', attempts: 3, lastResponseStatus: null, lastError: expect.stringMatching(/timeout/) });
    // A disabled subscription cannot be redelivered to.
    const again = await app.request('POST', `/v1/webhooks/${sub.token}/deliveries/${log.body._embedded.deliveries[0].id}/redeliver`, undefined, VENDOR);
    expect(again.status).toBe(409);
  });

  it('a redirect is a failure and is not followed', async () => {
    receiver.setBehaviour('/moved', () => 307);
    await subscribe(app, receiver.url('/moved'));
    const order = await paidOrder(app, st.showtimeId, seat());
    await refund(app, order.id);
    await receiver.waitFor('/moved', 3);
    const rows = await eventually(async () => {
      const r = await deliveriesOfOrder(sql, order.id);
      return r[0]?.status === 'failed' ? r : undefined;
    });
    expect(rows[0].last_error).toBe('HTTP 307');
  });

  it('a refund whose transaction rolls back sends nothing', async () => {
    await subscribe(app, receiver.url('/rollback'));
    const order = await paidOrder(app, st.showtimeId, seat());
    // Fails the refund's transaction at commit, after its outbox row was written.
    await sql.unsafe(`
      create or replace function fail_refund_commit() returns trigger language plpgsql as $$
      begin if (new.payload->>'OrderId')::int = ${order.id} then raise exception 'injected commit failure'; end if; return new; end $$;
      create constraint trigger fail_refund_commit after insert on outbox_events deferrable initially deferred
        for each row execute function fail_refund_commit();`);
    try {
      const res = await app.gql('mutation($input: RefundOrderInput!) { refundOrder(input: $input) { id } }', { input: { orderId: order.id, reason: 'WrongSeats' } }, VENDOR);
      expect(res.errors?.length).toBe(1);
    } finally {
      await sql.unsafe('drop trigger fail_refund_commit on outbox_events; drop function fail_refund_commit();');
    }
    await sleep(1000);
    expect(receiver.received('/rollback')).toHaveLength(0);
    expect(await sql`select 1 from outbox_events where (payload->>'OrderId')::int = ${order.id}`).toHaveLength(0);
    expect(await deliveriesOfOrder(sql, order.id)).toHaveLength(0);
    const [row] = await sql<{ status: string }[]>`select status from orders where id = ${order.id}`;
    expect(row.status).toBe('Fulfilled');
  });
});

describe('test ping, rotation, redelivery', () => {
  it('the test endpoint calls every active endpoint of the vendor once, with the empty template', async () => {
    const a = await subscribe(app, receiver.url('/ping-a'));
    const b = await subscribe(app, receiver.url('/ping-b'), 'Orders.BatchRefund');
    await subscribe(app, receiver.url('/ping-other'), 'Orders.Refund', OTHER_VENDOR);
    const res = await app.request<Json>('POST', `/v1/webhooks/${a.token}/test`, undefined, VENDOR);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    const [pa] = await receiver.waitFor('/ping-a', 1);
    const [pb] = await receiver.waitFor('/ping-b', 1);
    expect(new Webhook(a.secret).verify(pa.body, pa.headers as Record<string, string>)).toMatchObject({ eventType: 'Orders.Refund', details: { OrderId: 0 } });
    expect(new Webhook(b.secret).verify(pb.body, pb.headers as Record<string, string>)).toMatchObject({ eventType: 'Orders.BatchRefund' });
    await sleep(500);
    expect(receiver.received('/ping-other')).toHaveLength(0);
  });

  it('after a rotation callbacks carry both signatures; each secret verifies; redeliver resends the same webhook-id', async () => {
    const sub = await subscribe(app, receiver.url('/rotated'));
    const rotated = await app.request<Json>('POST', `/v1/webhooks/${sub.token}/secret/rotate`, undefined, VENDOR);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(sub.secret);
    const order = await paidOrder(app, st.showtimeId, seat());
    await refund(app, order.id);
    const [got] = await receiver.waitFor('/rotated', 1);
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [sub.secret, rotated.body.secret]) {
      expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ details: { OrderId: order.id } });
    }
    const log = await eventually(async () => {
      const res = await app.get<Json>(`/v1/webhooks/${sub.token}/deliveries?page-size=1`, VENDOR);
      return res.body._embedded.deliveries[0]?.status === 'Succeeded' ? res.body : undefined;
    });
    expect(log).toMatchObject({ pageSize: 1, pageNumber: 1, count: 1 });
    const redo = await app.request<Json>('POST', `/v1/webhooks/${sub.token}/deliveries/${log._embedded.deliveries[0].id}/redeliver`, undefined, VENDOR);
    expect(redo.status).toBe(200);
    const calls = await receiver.waitFor('/rotated', 2);
    expect(calls[1].headers['webhook-id']).toBe(got.headers['webhook-id']);
    expect((await app.request('POST', `/v1/webhooks/${sub.token}/deliveries/999999/redeliver`, undefined, VENDOR)).status).toBe(404);
  });
});

describe('metrics', () => {
  it('/metrics counts outcomes and shows the age of the oldest pending event', async () => {
    const res = await fetch(`${app.url}/metrics`);
    const text = await res.text();
    expect(text).toMatch(/marquee_webhook_deliveries_total\{outcome="sent"\} [1-9]/);
    expect(text).toMatch(/marquee_webhook_deliveries_total\{outcome="retried"\} [1-9]/);
    expect(text).toMatch(/marquee_webhook_deliveries_total\{outcome="failed"\} [1-9]/);
    expect(text).toMatch(/marquee_webhook_oldest_pending_event_age_seconds \d/);
  });
});

describe('GraphQL mirror for vendor apps', () => {
  it('create, list, read, test, the delivery log and delete — the same service, the same rights', async () => {
    const created = await app.gql<{ createWebhook: Json }>(
      'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret subscription { token eventType href status } } }',
      { input: { eventType: 'Orders.Refund', href: receiver.url('/gql') } },
      VENDOR,
    );
    expect(created.errors).toBeUndefined();
    const { secret, subscription } = created.data!.createWebhook;
    expect(secret).toMatch(/^whsec_/);
    expect(subscription).toMatchObject({ eventType: 'Orders.Refund', href: receiver.url('/gql'), status: 'ACTIVE' });
    const token = subscription.token as string;

    const read = `query($t: String!) { webhook(token: $t) { token } webhooks { token } webhookEventTypes { type description } }`;
    const mine = await app.gql<Json>(read, { t: token }, VENDOR);
    expect(mine.data).toMatchObject({ webhook: { token }, webhooks: [{ token }] });
    expect(mine.data!.webhookEventTypes).toHaveLength(2);
    const theirs = await app.gql<Json>(read, { t: token }, OTHER_VENDOR);
    expect(theirs.data).toMatchObject({ webhook: null, webhooks: [] });
    const anonymous = await app.gql<Json>('{ webhooks { token } }');
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const tested = await app.gql<{ testWebhooks: Json[] }>('mutation($t: String!) { testWebhooks(token: $t) { id test status } }', { t: token }, VENDOR);
    expect(tested.data!.testWebhooks).toEqual([{ id: expect.any(Number), test: true, status: 'PENDING' }]);
    const [ping] = await receiver.waitFor('/gql', 1);
    expect(new Webhook(secret).verify(ping.body, ping.headers as Record<string, string>)).toMatchObject({ eventType: 'Orders.Refund' });
    const log = await eventually(async () => {
      const res = await app.gql<{ webhookDeliveries: Json }>(
        'query($t: String!) { webhookDeliveries(token: $t, pageSize: 5) { totalCount items { status attempts lastResponseStatus messageId } } }',
        { t: token },
        VENDOR,
      );
      return res.data?.webhookDeliveries.items[0]?.status === 'SUCCEEDED' ? res.data.webhookDeliveries : undefined;
    });
    expect(log).toEqual({ totalCount: 1, items: [{ status: 'SUCCEEDED', attempts: 1, lastResponseStatus: 200, messageId: ping.headers['webhook-id'] }] });

    const denied = await app.gql('mutation($t: String!) { deleteWebhook(token: $t) { token } }', { t: token }, OTHER_VENDOR);
    expect(denied.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const deleted = await app.gql<Json>('mutation($t: String!) { deleteWebhook(token: $t) { token } }', { t: token }, VENDOR);
    expect(deleted.data).toEqual({ deleteWebhook: { token } });
    expect((await app.gql<Json>(read, { t: token }, VENDOR)).data).toMatchObject({ webhook: null, webhooks: [] });
  });
});
