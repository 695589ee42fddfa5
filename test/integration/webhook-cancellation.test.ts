import { signAccountToken } from '../../src/auth/principal';
import { CANCELLATION_CHUNK } from '../../src/services/showtime';
import { useTestApp } from '../helpers/app';
import { activeClaims, holdSeats, M, must, OTHER_VENDOR, pickShowtimes, seatsOf, statusIn, VENDOR, watchSeats, type ShowtimeFixture } from '../helpers/orders';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { eventually, paidOrder, sleep, subscribe, WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/**
 * Showtime cancellation: seats released live, every paid order refunded in one batch (chunked), one
 * Orders.BatchRefund and one Orders.Refund callback per refunded order, and a re-run that changes nothing.
 */
let receiver: Receiver;
let show: ShowtimeFixture;
let other: ShowtimeFixture;
let admin: Record<string, string>;

const { app, sql } = useTestApp({ env: WEBHOOK_TEST_ENV });
beforeAll(async () => {
  [show, other] = await pickShowtimes(sql, 2, 8);
  receiver = await startReceiver();
  admin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1, { admin: true })}` };
});
afterAll(async () => {
  await receiver?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const detailsOf = (calls: { body: string }[]) => calls.map((c) => (JSON.parse(c.body) as Json).details as Json);

async function snapshot(showtimeId: number) {
  const [row] = await sql`select
    (select count(*)::int from order_refunds) as refunds,
    (select count(*)::int from outbox_events) as events,
    (select count(*)::int from webhook_deliveries) as deliveries,
    (select count(*)::int from seat_events where showtime_id = ${showtimeId}) as seat_events,
    (select json_agg(o.status order by o.id) from orders o) as statuses`;
  return row;
}

it('N paid orders → N refunds, N BatchRefund callbacks, seats Available live; running it again changes nothing', async () => {
  const N = CANCELLATION_CHUNK + 5; // more than one chunk
  await subscribe(app, receiver.url('/batch'), 'Orders.BatchRefund');
  await subscribe(app, receiver.url('/single'), 'Orders.Refund');
  await subscribe(app, receiver.url('/batch-other'), 'Orders.BatchRefund', OTHER_VENDOR);

  const seats = show.regular.slice(0, N + 4);
  const paid = [];
  for (let i = 0; i < N; i++) paid.push(await paidOrder(app, show.showtimeId, seatsOf(seats.slice(i, i + 1))));
  const othersOrder = await paidOrder(app, show.showtimeId, seatsOf(seats.slice(N, N + 1)), OTHER_VENDOR);
  const pending = await holdSeats(app.gql, show.showtimeId, seatsOf(seats.slice(N + 1, N + 3)));
  // An order with tickets for this showtime and another: only this showtime's ticket is refunded.
  const mixedHold = await holdSeats(app.gql, show.showtimeId, seatsOf(seats.slice(N + 3, N + 4)));
  await app.gql(M.addTickets, { input: { orderId: mixedHold.id, showtimeId: other.showtimeId, seats: seatsOf(other.regular.slice(0, 1)) } }, VENDOR);
  const mixedOrder = await (async () => {
    const view = (await app.gql<{ order: Json }>(`query($id: Int!) { order(id: $id) { id balanceDue } }`, { id: mixedHold.id }, VENDOR)).data!.order;
    await app.gql(M.addPayment, { input: { orderId: view.id, type: 'CREDIT_CARD', amount: view.balanceDue, cardNumber: '4111111111111111' } }, VENDOR);
    const res = await app.gql<{ fulfillOrder: Json }>(M.fulfil, { id: view.id }, VENDOR);
    return res.data!.fulfillOrder;
  })();
  expect(mixedOrder.status).toBe('FULFILLED');

  const watcher = watchSeats(app.url, show.showtimeId);
  try {
    await watcher.ready;
    // Only an admin cancels.
    expect((await app.request('POST', `/v2/showtimes/${show.showtimeId}/cancellation`, {}, VENDOR)).status).toBe(401);
    const notAdmin = { authorization: `Bearer ${await signAccountToken(app.config.JWT_SECRET, 1)}` };
    expect((await app.request('POST', `/v2/showtimes/${show.showtimeId}/cancellation`, {}, notAdmin)).status).toBe(403);
    expect((await app.request('POST', `/v2/showtimes/2147483647/cancellation`, {}, admin)).status).toBe(404);
    expect((await app.request('POST', `/v2/showtimes/${show.showtimeId}/cancellation`, { reason: 'NotAReason' }, admin)).status).toBe(400);

    const res = await app.request<Json>('POST', `/v2/showtimes/${show.showtimeId}/cancellation`, {}, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      showtimeId: show.showtimeId,
      isCanceled: true,
      status: 'Completed',
      reason: 'ShowCancelled',
      refundedOrders: N + 2,
      releasedSeats: N + 4,
    });
    const batchId = res.body.batchId as string;

    // Live: every seat of the showtime that was held or sold ends Available.
    const latest = (seat: { row: number; column: number }) =>
      [...watcher.events].reverse().map((e) => statusIn(e, seat)).find((s) => s !== undefined);
    await eventually(async () => (seats.every((s) => latest(s) === 'AVAILABLE') ? true : undefined), 10_000, 'seats Available live');

    const batch = await receiver.waitFor('/batch', N + 1);
    const single = await receiver.waitFor('/single', N + 1);
    const batchOther = await receiver.waitFor('/batch-other', 1);
    await sleep(1500);
    expect(receiver.received('/batch')).toHaveLength(N + 1);
    expect(receiver.received('/single')).toHaveLength(N + 1);
    expect(receiver.received('/batch-other')).toHaveLength(1);
    const expectedIds = [...paid.map((o) => o.id), mixedOrder.id].sort((x, y) => x - y);
    expect(detailsOf(batch).map((d) => d.OrderId).sort((x, y) => x - y)).toEqual(expectedIds);
    expect(detailsOf(single).map((d) => d.OrderId).sort((x, y) => x - y)).toEqual(expectedIds);
    for (const d of detailsOf(batch)) expect(d).toMatchObject({ BatchId: batchId, RefundReason: 'ShowCancelled', ShowtimeId: show.showtimeId });
    expect(JSON.parse(batch[0].body).eventType).toBe('Orders.BatchRefund');
    expect(detailsOf(batchOther)[0]).toMatchObject({ OrderId: othersOrder.id, BatchId: batchId });
    const mixedDetails = detailsOf(batch).find((d) => d.OrderId === mixedOrder.id)!;
    expect(mixedDetails.RefundAmount).toBeLessThan(mixedDetails.OrderTotal);

    const orders = await sql<{ id: number; status: string }[]>`
      select id, status from orders where id in ${sql([...expectedIds, othersOrder.id, pending.id])} order by id`;
    const statusOf = new Map(orders.map((o) => [o.id, o.status]));
    for (const o of paid) expect(statusOf.get(o.id)).toBe('Refunded');
    expect(statusOf.get(othersOrder.id)).toBe('Refunded');
    expect(statusOf.get(mixedOrder.id)).toBe('PartialyRefunded');
    expect(statusOf.get(pending.id)).toBe('Pending');
    const pendingLines = await sql`select status from order_products where order_id = ${pending.id}`;
    expect(pendingLines.map((l) => l.status)).toEqual(['Cancelled', 'Cancelled']);
    expect((await activeClaims(sql, show.showtimeId)).size).toBe(0);
    expect((await activeClaims(sql, other.showtimeId)).size).toBe(1);
    const [st] = await sql`select is_canceled from showtimes where id = ${show.showtimeId}`;
    expect(st.is_canceled).toBe(true);
    // No new hold on a canceled showtime.
    const fresh = await app.gql(M.create, { input: {} }, VENDOR);
    const hold = await app.gql(M.addTickets, { input: { orderId: (fresh.data as Json).createOrder.id, showtimeId: show.showtimeId, seats: seatsOf(seats.slice(0, 1)) } }, VENDOR);
    expect(hold.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    // Again, over REST and GraphQL: the same batch, nothing refunded or sent twice.
    const before = await snapshot(show.showtimeId);
    const again = await app.request<Json>('POST', `/v2/showtimes/${show.showtimeId}/cancellation`, { reason: 'ShowCancelled' }, admin);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ batchId, refundedOrders: N + 2, releasedSeats: N + 4, status: 'Completed' });
    const gql = await app.gql<{ cancelShowtime: Json }>(
      'mutation($id: Int!) { cancelShowtime(id: $id) { showtimeId batchId completed refundedOrders } }',
      { id: show.showtimeId },
      admin,
    );
    expect(gql.data?.cancelShowtime).toEqual({ showtimeId: show.showtimeId, batchId, completed: true, refundedOrders: N + 2 });
    await sleep(1500);
    expect(await snapshot(show.showtimeId)).toEqual(before);
    expect(receiver.received('/batch')).toHaveLength(N + 1);
    expect(receiver.received('/single')).toHaveLength(N + 1);
  } finally {
    await watcher.close();
  }
}, 120_000);

it('cancelShowtime over GraphQL needs an admin; a showtime without orders completes with nothing refunded', async () => {
  const [empty] = await pickShowtimes(sql, 1, 12);
  const denied = await app.gql('mutation($id: Int!) { cancelShowtime(id: $id) { batchId } }', { id: empty.showtimeId }, VENDOR);
  expect(denied.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const res = await app.gql<{ cancelShowtime: Json }>(
    'mutation($id: Int!) { cancelShowtime(id: $id, reason: "ShowCancelled") { completed refundedOrders releasedSeats } }',
    { id: empty.showtimeId },
    admin,
  );
  expect(res.data?.cancelShowtime).toEqual({ completed: true, refundedOrders: 0, releasedSeats: 0 });
});

it('a batch whose instance died after canceling the showtime is resumed and finished by a running instance', async () => {
  const [st] = await pickShowtimes(sql, 1, 14);
  const orders = [];
  for (let i = 0; i < 2; i++) orders.push(await paidOrder(app, st.showtimeId, seatsOf(st.regular.slice(i, i + 1))));
  // What the first step of a cancellation commits, left with a lease that has run out.
  await sql`update showtimes set is_canceled = true where id = ${st.showtimeId}`;
  await sql`insert into refund_batches (showtime_id, reason, lease_until) values (${st.showtimeId}, 'ShowCancelled', now() - interval '1 second')`;
  const batch = await eventually(async () => {
    const [row] = await sql<{ status: string; refunded_orders: number }[]>`select status, refunded_orders from refund_batches where showtime_id = ${st.showtimeId}`;
    return row.status === 'completed' ? row : undefined;
  }, 15_000, 'batch resumed');
  expect(batch.refunded_orders).toBe(2);
  const statuses = await sql<{ status: string }[]>`select status from orders where id in ${sql(orders.map((o) => o.id))}`;
  expect(statuses.map((s) => s.status)).toEqual(['Refunded', 'Refunded']);
  expect((await activeClaims(sql, st.showtimeId)).size).toBe(0);
}, 30_000);

it('a hold waiting behind a cancellation of its showtime is refused once the cancellation commits, and holds nothing', async () => {
  const [target] = await pickShowtimes(sql, 1, 12);
  const order = await must<{ id: number }>(app.gql, M.create, { input: {} });
  const seat = seatsOf(target.regular.slice(0, 1));
  let settled = false;
  // The first step of cancelShowtime, by hand: the showtime locked FOR UPDATE, then marked canceled.
  const { hold } = await sql.begin(async (tx) => {
    await tx`select id from showtimes where id = ${target.showtimeId} for update`;
    const hold = app.gql(M.addTickets, { input: { orderId: order.id, showtimeId: target.showtimeId, seats: seat } }, VENDOR);
    void hold.finally(() => (settled = true));
    await sleep(500);
    expect(settled).toBe(false); // the hold waits for the showtime's lock
    await tx`update showtimes set is_canceled = true where id = ${target.showtimeId}`;
    return { hold }; // wrapped: begin() would await a returned promise before committing
  });
  const result = await hold;
  expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(result.errors?.[0]?.message).toMatch(/canceled/);
  expect((await activeClaims(sql, target.showtimeId)).size).toBe(0);
});
