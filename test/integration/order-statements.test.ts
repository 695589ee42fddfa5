import { countingDb, StatementCount } from '../../db/client';
import { forgetVendorKeys } from '../../src/auth/principal';
import { expireDueOrders } from '../../src/services/order';
import { useTestApp } from '../helpers/app';
import { must, ORDER_FIELDS, pickShowtimes, sqlOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';

/**
 * SQL statements per step of a hold's life (issue 9): what `x-sql-statements` reports for each request.
 * A hold is two statements (the lock with its facts; claims, products, bump and seat event) once the
 * layout version is cached, a cancel two (lock; everything else); the order is read back (one
 * statement) only when more than its id is selected, and always by REST, whose body is the whole
 * order — there with the line facts, in the write's own transaction. On postgres.js BEGIN and COMMIT travel with the
 * statements (db/prepared.ts): a hold is two round trips, a cancel one.
 */
let st: ShowtimeFixture;
const JSON_VENDOR = { ...VENDOR, 'content-type': 'application/json' };
/**
 * A vendor key is looked up once per VENDOR_KEY_CACHE_MS per instance (src/auth/principal.ts): each
 * counted request follows a warm-up request that looked the key up, so it costs no lookup.
 */
const AUTH = 0;

const { app, sql } = useTestApp();
beforeAll(async () => {
  [st] = await pickShowtimes(sql, 1, 7);
});

const CREATE = 'mutation { createOrder(input: {}) { id } }';
const ADD = 'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }';
const ADD_FULL = `mutation($input: AddTicketsInput!) { addTickets(input: $input) { ${ORDER_FIELDS} } }`;
const CANCEL = 'mutation($id: Int!) { cancelOrder(orderId: $id) { id } }';

/** Looks the vendor key up afresh, so that the next request (well within the cache time) finds it cached. */
async function freshKey() {
  forgetVendorKeys(app.database.db);
  expect((await app.gql('{ __typename }', undefined, VENDOR)).statements).toBe(1);
}

async function step(query: string, variables?: Record<string, unknown>) {
  await freshKey();
  const res = await app.gql<Record<string, { id: number }>>(query, variables, VENDOR);
  expect(res.errors).toBeUndefined();
  return { id: Object.values(res.data!)[0].id, statements: res.statements };
}

it('create → hold 2 seats → cancel over GraphQL costs 1 + 2 + 2 statements, the vendor key cached', async () => {
  const seats = (i: number) => st.regular.slice(i, i + 2).map(({ row, column }) => ({ row, column }));
  // Warm the layout cache (a cold hold reads the layout version's cells once).
  const warm = await must<{ id: number }>(app.gql, CREATE, {}, VENDOR);
  await must(app.gql, ADD, { input: { orderId: warm.id, showtimeId: st.showtimeId, seats: seats(10) } }, VENDOR);

  const created = await step(CREATE);
    expect(created.statements).toBe(AUTH + 1);
  const held = await step(ADD, { input: { orderId: created.id, showtimeId: st.showtimeId, seats: seats(0) } });
  expect(held.statements).toBe(AUTH + 2);
  await freshKey();
  const full = await app.gql<{ addTickets: { products: unknown[] } }>(ADD_FULL, { input: { orderId: created.id, showtimeId: st.showtimeId, seats: seats(2) } }, VENDOR);
  expect(full.errors).toBeUndefined();
  expect(full.data!.addTickets.products).toHaveLength(4);
  expect(full.statements).toBe(AUTH + 2 + 1);
  const cancelled = await step(CANCEL, { id: created.id });
  expect(cancelled.statements).toBe(AUTH + 2);
});

it('a hold refused for a seat already held costs the lock alone', async () => {
  const seat = { row: st.regular[20].row, column: st.regular[20].column };
  const first = await step(CREATE);
  await step(ADD, { input: { orderId: first.id, showtimeId: st.showtimeId, seats: [seat] } });
  const second = await step(CREATE);
  await freshKey();
  const lost = await app.gql(ADD, { input: { orderId: second.id, showtimeId: st.showtimeId, seats: [seat] } }, VENDOR);
  expect(lost.errors?.[0].extensions?.code).toBe('SEAT_UNAVAILABLE');
  // The lock's facts already show the seat held: refused before any write.
  expect(lost.statements).toBe(AUTH + 1);
});

it('REST create → hold → cancel: the same writes plus the whole order, read in one statement, in each body', async () => {
  await freshKey();
  const created = await app.request<{ id: number }>('POST', '/v2/orders', {}, JSON_VENDOR);
  expect(created.status).toBe(201);  expect(Number(created.headers.get('x-sql-statements'))).toBe(AUTH + 1);
  const seats = st.regular.slice(30, 32).map(({ row, column }) => ({ row, column }));
  await freshKey();
  const held = await app.request('POST', `/v2/orders/${created.body.id}/products`, { showtimeId: st.showtimeId, seats }, JSON_VENDOR);
  expect(held.status).toBe(201);
  // The hold's two statements and the order read back by one statement in the same transaction, with
  // the body's line facts (no catalog loaders).
  expect(Number(held.headers.get('x-sql-statements'))).toBe(AUTH + 2 + 1);
  await freshKey();
  const cancelled = await app.request('DELETE', `/v2/orders/${created.body.id}`, undefined, VENDOR);
  expect(cancelled.status).toBe(200);
  // Lock, cancel and the order read: one round trip (db/prepared.ts pipelinedTransaction).
  expect(Number(cancelled.headers.get('x-sql-statements'))).toBe(AUTH + 2 + 1);
});

it('expires one order with held seats in three statements: probe, lock, one write', async () => {
  const order = await step(CREATE);
  const seats = st.regular.slice(40, 42).map(({ row, column }) => ({ row, column }));
  await step(ADD, { input: { orderId: order.id, showtimeId: st.showtimeId, seats } });
  const store = new StatementCount();
  const expired = await expireDueOrders(countingDb(app.database.db, store), new Date(Date.now() + 3600_000), 1);
  expect(expired).toBe(1);
  expect(store.count).toBe(3);
});

it('adds a payment in five statements; fulfils in one lock, the order read for its totals (one statement), and one write', async () => {
  const order = await step(CREATE);
  const seats = st.regular.slice(50, 52).map(({ row, column }) => ({ row, column }));
  const held = await must<{ balanceDue: number }>(
    app.gql,
    'mutation($input: AddTicketsInput!) { addTickets(input: $input) { balanceDue } }',
    { input: { orderId: order.id, showtimeId: st.showtimeId, seats } },
    VENDOR,
  );
  const paid = await step('mutation($input: AddPaymentInput!) { addPayment(input: $input) { id } }', {
    input: { orderId: order.id, type: 'CREDIT_CARD', amount: held.balanceDue },
  });
  // Lock, the order read for the balance, the insert, the expiry bump, the order read back.
  expect(paid.statements).toBe(AUTH + 1 + 1 + 1 + 1 + 1);
  const fulfilled = await step('mutation($id: Int!) { fulfillOrder(orderId: $id) { id } }', { id: order.id });
  expect(fulfilled.statements).toBe(AUTH + 1 + 1 + 1);
});

it('a seat lost inside the write (a racing claim committed while the hold waited) fails the pipelined write: SEAT_UNAVAILABLE names that seat alone, nothing is kept, no transaction stays open', async () => {
  const sql = sqlOf(app);
  const racing = st.regular[60];
  const other = st.regular[61];
  try {
    const order = await step(CREATE);
    const [{ id: rivalId }] = await sql<{ id: number }[]>`
      insert into orders (vendor_id, expires_at) values (1, now() + interval '1 hour') returning id`;
    // A rival claim, uncommitted: the hold's lock statement does not see it, its write waits on it.
    const reserved = await sql.reserve();
    await reserved`begin`;
    await reserved`insert into seat_claims (showtime_id, "row", "column", order_id, status, expires_at)
                   values (${st.showtimeId}, ${racing.row}, ${racing.column}, ${rivalId}, 'held', now() + interval '1 hour')`;
    const pending = app.gql(ADD, { input: { orderId: order.id, showtimeId: st.showtimeId, seats: [racing, other].map(({ row, column }) => ({ row, column })) } }, VENDOR);
    // Commit the rival once the hold's write waits on its claim (the write, not the check, loses the seat).
    for (let waited = 0; ; waited += 50) {
      const [w] = await sql`select 1 from pg_stat_activity where datname = current_database() and application_name = 'marquee'
                            and wait_event_type = 'Lock' and query like '%insertHold%'`;
      if (w) break;
      if (waited > 10_000) throw new Error('the hold never waited on the rival claim');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await reserved`commit`;
    reserved.release();
    const lost = await pending;
    expect(lost.errors?.[0].extensions?.code).toBe('SEAT_UNAVAILABLE');
    expect(lost.errors?.[0].extensions?.seats).toEqual([{ row: racing.row, column: racing.column, seatName: racing.seatName, seatStatus: 'Taken' }]);
    const kept = await sql`select 1 from seat_claims where order_id = ${order.id}
                           union all select 1 from order_products where order_id = ${order.id}`;
    expect(kept).toHaveLength(0);
    const open = await sql`select 1 from pg_stat_activity where datname = current_database() and application_name = 'marquee' and state like 'idle in transaction%'`;
    expect(open).toHaveLength(0);
    // The same order holds the other seat afterwards (its connection and order are in a clean state).
    const again = await step(ADD, { input: { orderId: order.id, showtimeId: st.showtimeId, seats: [{ row: other.row, column: other.column }] } });
    expect(again.id).toBe(order.id);
  } finally {
    await sql.end();
  }
});
