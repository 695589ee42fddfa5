import type postgres from 'postgres';
import { useTestApp, type TestApp } from '../helpers/app';
import { M, must, payAndFulfil, pickShowtimes, seatsOf, VENDOR, type OrderShape, type SeatRef } from '../helpers/orders';

/** A small deterministic PRNG (mulberry32), so a failing race can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickDistinct<T>(pool: readonly T[], n: number, random: () => number): T[] {
  const copy = [...pool];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

interface Attempt {
  orderId: number;
  seats: { row: number; column: number }[];
  outcome: 'won' | 'lost';
}

/**
 * `clients` orders race over real HTTP for `seatsEach` seats out of a pool of `poolSize` (so they
 * overlap heavily); requests alternate over `apps`. Returns each attempt's outcome; any error other
 * than SEAT_UNAVAILABLE fails the test.
 */
async function race(apps: TestApp[], showtimeId: number, pool: SeatRef[], clients: number, seatsEach: number, seed: number) {
  const random = rng(seed);
  const orders = await Promise.all(
    Array.from({ length: clients }, (_, i) => must<OrderShape>(apps[i % apps.length].gql, M.create, { input: {} })),
  );
  const wanted = orders.map(() => seatsOf(pickDistinct(pool, seatsEach, random)));
  const results = await Promise.all(
    orders.map((o, i) =>
      apps[i % apps.length].gql(M.addTickets, { input: { orderId: o.id, showtimeId, seats: wanted[i] } }, VENDOR),
    ),
  );
  return results.map((r, i): Attempt => {
    if (r.errors?.length) {
      expect(r.errors.map((e) => e.extensions?.code)).toEqual(['SEAT_UNAVAILABLE']);
      return { orderId: orders[i].id, seats: wanted[i], outcome: 'lost' };
    }
    return { orderId: orders[i].id, seats: wanted[i], outcome: 'won' };
  });
}

/** What SQL says after a race: no seat claimed twice, every winner holds all its seats, losers nothing. */
async function checkRace(sql: postgres.Sql, showtimeId: number, attempts: Attempt[]) {
  const doubles = await sql`
    select "row", "column", count(*)::int as n from seat_claims
    where showtime_id = ${showtimeId} and status in ('held', 'sold') group by "row", "column" having count(*) > 1`;
  expect(doubles).toEqual([]);
  const claims = await sql<{ order_id: number; row: number; column: number }[]>`
    select order_id, "row", "column" from seat_claims where showtime_id = ${showtimeId} and status in ('held', 'sold')`;
  const products = await sql<{ order_id: number; n: number }[]>`
    select order_id, count(*)::int as n from order_products
    where order_id in ${sql(attempts.map((a) => a.orderId))} group by order_id`;
  const productCount = new Map(products.map((p) => [p.order_id, p.n]));
  const key = (s: { row: number; column: number }) => `${s.row}:${s.column}`;
  for (const a of attempts) {
    const held = claims.filter((c) => c.order_id === a.orderId).map(key).sort();
    if (a.outcome === 'won') {
      expect(held).toEqual(a.seats.map(key).sort());
      expect(productCount.get(a.orderId)).toBe(a.seats.length);
    } else {
      expect(held).toEqual([]);
      expect(productCount.get(a.orderId)).toBeUndefined();
    }
  }
  const winners = attempts.filter((a) => a.outcome === 'won');
  expect(winners.length).toBeGreaterThan(0);
  expect(winners.length).toBeLessThan(attempts.length);
  // Winners' seats never overlap, and together they are exactly the active claims.
  expect(new Set(winners.flatMap((w) => w.seats.map(key))).size).toBe(claims.length);
}

describe('seat holds under contention', () => {
  const { app: a, sql } = useTestApp();
  const { app: b } = useTestApp({ sharing: a });

  it('60 clients racing over HTTP for overlapping seats: each seat once, winners all, losers nothing', async () => {
    const [st] = await pickShowtimes(sql, 1, 0);
    const attempts = await race([a], st.showtimeId, st.regular.slice(0, 16), 60, 3, 42);
    await checkRace(sql, st.showtimeId, attempts);
  });

  it('the same with two instances of the service on one database', async () => {
    const [st] = await pickShowtimes(sql, 1, 1);
    const attempts = await race([a, b], st.showtimeId, st.regular.slice(0, 16), 60, 3, 7);
    await checkRace(sql, st.showtimeId, attempts);
    // And the winners can all be sold, through either instance.
    const winners = attempts.filter((x) => x.outcome === 'won');
    for (const [i, w] of winners.entries()) {
      const app = i % 2 ? a : b;
      const order = await must<OrderShape>(app.gql, `query($id: Int!) { order(id: $id) { id balanceDue } }`, { id: w.orderId });
      const sold = await payAndFulfil(app.gql, order as OrderShape);
      expect(sold.status).toBe('FULFILLED');
    }
    const [{ n }] = await sql<{ n: number }[]>`
      select count(*)::int as n from seat_claims where showtime_id = ${st.showtimeId} and status = 'sold'`;
    expect(n).toBe(winners.reduce((s, w) => s + w.seats.length, 0));
  });
});

describe('expiry', () => {
  const { app, sql } = useTestApp({ env: { ORDER_HOLD_SECONDS: '2' } });
  const { app: other } = useTestApp({ sharing: app, env: { ORDER_HOLD_SECONDS: '2' } });

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('an order expires 2 s after its last change; refresh extends it; then ORDER_EXPIRED', async () => {
    const [st] = await pickShowtimes(sql, 1, 2);
    const seats = seatsOf(st.regular.slice(0, 2));
    const order = await must<OrderShape>(app.gql, M.create, { input: {} });
    const held = await must<OrderShape>(app.gql, M.addTickets, { input: { orderId: order.id, showtimeId: st.showtimeId, seats } });
    const expires = Date.parse(held.expirationDateUtc!);
    expect(expires - Date.now()).toBeGreaterThan(1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(2000);
    await sleep(1200);
    const refreshed = await must<OrderShape>(app.gql, M.refresh, { id: order.id });
    expect(Date.parse(refreshed.expirationDateUtc!)).toBeGreaterThan(expires + 1000);
    await sleep(1200);
    // Past the first expiry, still held thanks to the refresh.
    const [mid] = await sql<{ status: string }[]>`select status from orders where id = ${order.id}`;
    expect(mid.status).toBe('Pending');
    await sleep(2500);
    const [after] = await sql<{ status: string }[]>`select status from orders where id = ${order.id}`;
    expect(after.status).toBe('Abandonded');
    const claims = await sql<{ status: string }[]>`select status from seat_claims where order_id = ${order.id}`;
    expect(claims.map((c) => c.status)).toEqual(['expired', 'expired']);
    const products = await sql<{ status: string }[]>`select status from order_products where order_id = ${order.id}`;
    expect(products.map((p) => p.status)).toEqual(['Abandoned', 'Abandoned']);
    const late = await app.gql(M.addPayment, { input: { orderId: order.id, type: 'CREDIT_CARD', amount: 1 } }, VENDOR);
    expect(late.errors?.[0].extensions?.code).toBe('ORDER_EXPIRED');
    // The seats are free again.
    const again = await must<OrderShape>(app.gql, M.create, { input: {} });
    await must(app.gql, M.addTickets, { input: { orderId: again.id, showtimeId: st.showtimeId, seats } });
  });

  it('fulfilment racing expiry ends sold or expired, never both (two sweeping instances)', async () => {
    const [st] = await pickShowtimes(sql, 1, 3);
    const n = 12;
    const orders: OrderShape[] = [];
    for (let i = 0; i < n; i++) {
      const o = await must<OrderShape>(app.gql, M.create, { input: {} });
      const held = await must<OrderShape>(app.gql, M.addTickets, {
        input: { orderId: o.id, showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(2 * i, 2 * i + 2)) },
      });
      orders.push(
        await must<OrderShape>(app.gql, M.addPayment, { input: { orderId: held.id, type: 'CREDIT_CARD', amount: held.balanceDue } }),
      );
    }
    // Fire each fulfilment at a different moment around its order's expiry (−600 ms … +500 ms).
    const outcomes = await Promise.all(
      orders.map(async (o, i) => {
        const at = Date.parse(o.expirationDateUtc!) - 600 + i * 100;
        await sleep(Math.max(0, at - Date.now()));
        const res = await (i % 2 ? other : app).gql(M.fulfil, { id: o.id }, VENDOR);
        return res.errors?.length ? res.errors[0].extensions?.code : 'FULFILLED';
      }),
    );
    await sleep(2500);
    const rows = await sql<{ id: number; status: string; claims: string[]; products: string[] }[]>`
      select o.id, o.status,
        (select array_agg(distinct c.status) from seat_claims c where c.order_id = o.id) as claims,
        (select array_agg(distinct p.status) from order_products p where p.order_id = o.id) as products
      from orders o where o.id in ${sql(orders.map((o) => o.id))} order by o.id`;
    rows.forEach((r, i) => {
      if (outcomes[i] === 'FULFILLED') {
        expect([r.status, r.claims, r.products]).toEqual(['Fulfilled', ['sold'], ['Fulfilled']]);
      } else {
        expect(outcomes[i]).toBe('ORDER_EXPIRED');
        expect([r.status, r.claims, r.products]).toEqual(['Abandonded', ['expired'], ['Abandoned']]);
      }
    });
    // Both outcomes happened (the timings straddle the expiry).
    expect(new Set(outcomes)).toEqual(new Set(['FULFILLED', 'ORDER_EXPIRED']));
  });
});
