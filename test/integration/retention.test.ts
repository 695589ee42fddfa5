import type postgres from 'postgres';
import { useTestApp } from '../helpers/app';
import { pickShowtimes, seatsOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';
import { deliveriesOfOrder, eventually, paidOrder, refund, sleep, subscribe, WEBHOOK_TEST_ENV } from '../helpers/webhooks';

/**
 * Retention (docs/operations.md): two instances on one database both run the retention sweeper every
 * 200 ms with the default retentions (7 days of outbox events, 30 days of finished deliveries, 24 hours
 * of idempotency keys); rows are made old by moving their timestamps back.
 */
let receiver: Receiver;
let st: ShowtimeFixture;
let nextSeat = 0;
const seat = () => seatsOf(st.regular.slice(nextSeat, ++nextSeat));
/** Every error line either instance logs (a failed sweep among them). */
const errors: string[] = [];
const logStream = { write: (line: string) => void errors.push(line) };
const ENV = { ...WEBHOOK_TEST_ENV, RETENTION_SWEEP_INTERVAL: '200ms', LOG_LEVEL: 'error' };

const { app: a, sql } = useTestApp({ env: ENV, logStream });
// A second instance on the same database: its sweeps race the first's.
useTestApp({ sharing: a, env: ENV, logStream });
beforeAll(async () => {
  [st] = await pickShowtimes(sql, 1, 7);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ids = async (table: 'outbox_events' | 'webhook_deliveries', list: number[]) =>
  (await sql<{ id: number }[]>`select id from ${sql(table)} where id in ${sql(list)} order by id`).map((r) => r.id);

/** A refund of a fresh paid order, delivered (succeeded) to `sub`; its event and delivery ids. */
async function deliveredRefund(path: string) {
  const order = await paidOrder(a, st.showtimeId, seat());
  await refund(a, order.id);
  await receiver.waitFor(path, 1);
  const [d] = await eventually(async () => {
    const rows = await deliveriesOfOrder(sql, order.id);
    return rows[0]?.status === 'succeeded' ? rows : undefined;
  });
  const [{ event_id: eventId }] = await sql<{ event_id: number }[]>`select event_id from webhook_deliveries where id = ${d.id}`;
  return { eventId, deliveryId: d.id };
}

/** The test's client or one of its transactions. */
type Client = postgres.Sql | postgres.TransactionSql;

describe('webhook retention', () => {
  it('two instances prune thousands of rows concurrently: everything old goes, nothing fails', async () => {
    // First in the file: ids grow with creation time in production, and the prune walks them in that order.
    const sub = await subscribe(a, receiver.url('/bulk'));
    const [{ id: subId }] = await sql<{ id: number }[]>`select id from webhook_subscriptions where token = ${sub.token}`;
    await sql`insert into outbox_events (type, payload, created_at, delivered_at)
      select 'Orders.Refund', '{"OrderId": 0, "bulk": true}', now() - interval '9 days', now() - interval '9 days' from generate_series(1, 4500)`;
    await sql`insert into webhook_deliveries (subscription_id, message_id, event_type, payload, status, attempts, max_attempts, created_at, completed_at)
      select ${subId}, 'msg_bulk_' || g, 'Orders.Refund', '{}', case when g % 2 = 0 then 'succeeded' else 'failed' end, 1, 1,
        now() - interval '40 days', now() - interval '40 days' from generate_series(1, 3500) g`;
    await eventually(async () => {
      const [{ e, d }] = await sql<{ e: number; d: number }[]>`select
        (select count(*) from outbox_events where payload ? 'bulk')::int as e,
        (select count(*) from webhook_deliveries where message_id like 'msg_bulk_%')::int as d`;
      return e === 0 && d === 0 ? true : undefined;
    }, 20_000, 'bulk rows pruned');
    expect(errors.filter((l) => l.includes('retention sweep failed'))).toEqual([]);
    expect((await a.request('DELETE', `/v1/webhooks/${sub.token}`, undefined, VENDOR)).status).toBe(200);
  });

  it('prunes old finished deliveries and old handed-over events; keeps recent ones, pending ones and events a delivery names', async () => {
    const sub = await subscribe(a, receiver.url('/retention'));
    const [{ id: subId }] = await sql<{ id: number }[]>`select id from webhook_subscriptions where token = ${sub.token}`;
    const event = async (createdDays: number, deliveredDays: number | null, db: Client = sql) => {
      const [row] = await db<{ id: number }[]>`insert into outbox_events (type, payload, created_at, delivered_at)
        values ('Orders.Refund', '{"OrderId": 0}', now() - ${createdDays}::int * interval '1 day',
                now() - ${deliveredDays}::int * interval '1 day') returning id`;
      return row.id;
    };
    const delivery = async (status: string, eventId: number | null, createdDays: number, completedDays: number | null, db: Client = sql) => {
      const [row] = await db<{ id: number }[]>`insert into webhook_deliveries
        (subscription_id, event_id, message_id, event_type, payload, status, attempts, max_attempts, next_attempt_at, created_at, completed_at)
        values (${subId}, ${eventId}, ${`msg_retention_${Math.random().toString(36).slice(2)}`}, 'Orders.Refund', '{}', ${status}, 1, 3,
                ${status === 'pending' ? db`now() + interval '1 day'` : null},
                now() - ${createdDays}::int * interval '1 day', now() - ${completedDays}::int * interval '1 day') returning id`;
      return row.id;
    };
    // Made in creation order, oldest first, as ids grow with time in production.
    // The event and the pending delivery that names it commit together: alone for a moment, a 40-day-old
    // handed-over event is the running sweepers' to prune, and the delivery's insert then fails its key.
    const [heldByPending, pendingOld] = await sql.begin(async (tx) => {
      const held = await event(40, 40, tx);
      return [held, await delivery('pending', held, 40, null, tx)] as const;
    });
    const failedOld = await delivery('failed', null, 31, 31);
    const failedRecent = await delivery('failed', null, 31, 29);
    const old = await deliveredRefund('/retention'); // made 31 days old: both go
    const named = await deliveredRefund('/retention'); // 8 days old: the delivery stays, so its event does
    await sql.begin(async (tx) => {
      for (const [table, days, list] of [
        ['outbox_events', 31, [old.eventId]],
        ['outbox_events', 8, [named.eventId]],
      ] as const) {
        await tx`update ${tx(table)} set created_at = now() - ${days}::int * interval '1 day', delivered_at = now() - ${days}::int * interval '1 day' where id in ${tx(list)}`;
      }
      await tx`update webhook_deliveries set created_at = now() - interval '31 days', completed_at = now() - interval '31 days' where id = ${old.deliveryId}`;
      await tx`update webhook_deliveries set created_at = now() - interval '8 days', completed_at = now() - interval '8 days' where id = ${named.deliveryId}`;
    });
    const handedOverLongAgo = await event(8, 8);
    const handedOverRecently = await event(8, 1);

    await eventually(
      async () => ((await ids('outbox_events', [old.eventId, handedOverLongAgo])).length === 0 ? true : undefined),
      10_000,
      'old events pruned',
    );
    expect(await ids('webhook_deliveries', [old.deliveryId, failedOld])).toEqual([]);
    await sleep(600); // a few more sweeps of both instances
    expect(await ids('outbox_events', [named.eventId, handedOverRecently, heldByPending])).toEqual(
      [named.eventId, handedOverRecently, heldByPending].sort((x, y) => x - y),
    );
    expect(await ids('webhook_deliveries', [named.deliveryId, pendingOld, failedRecent])).toEqual(
      [named.deliveryId, pendingOld, failedRecent].sort((x, y) => x - y),
    );
    // The delivery log still lists (and can redeliver) what is kept.
    const log = await a.get<Json>(`/v1/webhooks/${sub.token}/deliveries?page-size=100`, VENDOR);
    const listed = log.body._embedded.deliveries.map((d: Json) => d.id);
    expect(listed).toEqual(expect.arrayContaining([named.deliveryId, pendingOld, failedRecent]));
    expect(listed).not.toContain(old.deliveryId);
    expect(errors.filter((l) => l.includes('retention sweep failed'))).toEqual([]);
  });

});

describe('idempotency key retention', () => {
  const card = 'INSD000000000002';
  const earn = (key: string, productId: string) =>
    a.request<Json>('POST', `/v4/loyalty-cards/${card}/earn-for-items`, {
      total: 20,
      earnItems: [{ productId, description: 'Adult', ticketType: 'ADULT', price: 10 }],
    }, { ...VENDOR, 'idempotency-key': key });

  it('expired keys are deleted (thousands, by both instances); a live key still replays', async () => {
    const live = await earn('retention-live', 'RET-LIVE');
    const expired = await earn('retention-expired', 'RET-OLD');
    expect([live.status, expired.status]).toEqual([200, 200]);
    await sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'retention-expired'`;
    await sql`insert into idempotency_keys (vendor_id, route, key, fingerprint, response, created_at)
      select 1, 'retention/bulk', 'bulk-' || g, 'x', '{}', now() - interval '2 days' from generate_series(1, 2500) g`;
    await eventually(async () => {
      const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys
        where key = 'retention-expired' or route = 'retention/bulk'`;
      return n === 0 ? true : undefined;
    }, 15_000, 'expired keys pruned');
    const [{ n: kept }] = await sql<{ n: number }[]>`select count(*)::int as n from idempotency_keys where key = 'retention-live'`;
    expect(kept).toBe(1);
    const replay = await earn('retention-live', 'RET-LIVE');
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(replay.body).toEqual(live.body);
    // The pruned key names a new request now, and that is idempotent again.
    const again = await earn('retention-expired', 'RET-OLD-2');
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'false']);
    expect((await earn('retention-expired', 'RET-OLD-2')).headers.get('idempotent-replayed')).toBe('true');
    expect(errors.filter((l) => l.includes('retention sweep failed'))).toEqual([]);
  });
});
