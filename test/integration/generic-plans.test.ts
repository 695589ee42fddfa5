import { sql as drizzleSql } from 'drizzle-orm';
import { useTestApp } from '../helpers/app';
import { pickShowtimes, seatsOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';

/**
 * Postgres plans a prepared statement for its parameters five times, then keeps one generic plan when
 * that plan costs no more than the custom ones did; a statement whose generic plan looks dearer is
 * planned anew at every execution (the order reader's `o.id = any($1)` of one id was, on every write of
 * an order: its bind about four times its execution in the Postgres log, seen by hand). Through one
 * database connection (so the test can read that session's `pg_prepared_statements`), a dozen order
 * lives and catalog reads over GraphQL and REST; then every statement executed at least eight times must
 * run on its generic plan.
 */
const { app, sql } = useTestApp({ env: { DB_POOL_SIZE: '1' } });
let st: ShowtimeFixture;
const JSON_VENDOR = { ...VENDOR, 'content-type': 'application/json' };

let theatreId: number;
let movieId: number;
let date: string;

beforeAll(async () => {
  [st] = await pickShowtimes(sql, 1, 3);
  [{ theatreId, movieId, date }] = await sql<{ theatreId: number; movieId: number; date: string }[]>`
    select s.theatre_id as "theatreId", s.movie_id as "movieId",
      to_char((s.show_date_time_utc at time zone t.timezone)::date, 'YYYY-MM-DD') as date
    from showtimes s join theatres t on t.id = s.theatre_id where s.id = ${st.showtimeId}`;
});

it('every statement of an order’s life and of catalog reads, executed eight times or more, runs on its generic plan', async () => {
  for (let i = 0; i < 12; i++) {
    const seats = seatsOf(st.regular.slice(2 * i, 2 * i + 2));
    const created = await app.gql<{ createOrder: { id: number } }>('mutation { createOrder(input: {}) { id } }', {}, VENDOR);
    const orderId = created.data!.createOrder.id;
    const held = await app.gql('mutation($input: AddTicketsInput!) { addTickets(input: $input) { id total products { lineNumber } } }', { input: { orderId, showtimeId: st.showtimeId, seats } }, VENDOR);
    expect(held.errors).toBeUndefined();
    expect((await app.gql('mutation($id: Int!) { cancelOrder(orderId: $id) { id } }', { id: orderId }, VENDOR)).errors).toBeUndefined();

    const order = await app.request<{ id: number }>('POST', '/v2/orders', {}, JSON_VENDOR);
    expect(order.status).toBe(201);
    const products = await app.request('POST', `/v2/orders/${order.body.id}/products`, { showtimeId: st.showtimeId, seats }, JSON_VENDOR);
    expect(products.status).toBe(201);
    expect((await app.request('GET', `/v2/orders/${order.body.id}`, undefined, VENDOR)).status).toBe(200);
    expect((await app.request('DELETE', `/v2/orders/${order.body.id}`, undefined, VENDOR)).status).toBe(200);

    // Catalog reads of both surfaces: a theatre's day of showtimes, a movie with its cast, a theatre by id.
    const day = await app.gql('query($id: Int!, $date: String!) { theatre(id: $id) { name showtimes(date: $date) { id movie { name castAndCrew { person { name } } } attributes { code } } } }', { id: theatreId, date });
    expect(day.errors).toBeUndefined();
    expect((await app.get(`/v2/theatres/${theatreId}/showtimes/${date}`)).status).toBe(200);
    expect((await app.get(`/v2/movies/${movieId}`)).status).toBe(200);
    // Fields outside the planner (occupancy, the seat map) and a theatre's concessions and markets.
    const outside = await app.gql(
      'query($id: Int!, $t: Int!) { showtime(id: $id) { isSoldOut seatingLayout { seats { row column seatStatus } } } theatre(id: $t) { concessions { items { name } } } markets { items { name theatres { name } } } }',
      { id: st.showtimeId, t: theatreId },
    );
    expect(outside.errors).toBeUndefined();
    expect((await app.get(`/v1/theatres/${theatreId}/concessions`)).status).toBe(200);
    expect((await app.get(`/v2/showtimes/${st.showtimeId}`)).status).toBe(200);
  }
  const rows = (await app.database.db.execute(drizzleSql`
    select statement, generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where generic_plans + custom_plans >= 8`)) as unknown as { statement: string; generic: number; custom: number }[];
  const tagOf = (text: string) => /\/\*\s*(\w+)\s*\*\//.exec(text)?.[1] ?? text.replace(/\s+/g, ' ').slice(0, 120);
  const replanned = rows.filter((r) => r.generic === 0).map((r) => `${tagOf(r.statement)} (${r.custom} custom plans)`);
  const tags = rows.map((r) => tagOf(r.statement));
  // The write path's statements are among those checked (the test would pass vacuously without them).
  expect(tags).toEqual(expect.arrayContaining(['orderView', 'createOrder', 'lockForHold', 'insertHold', 'cancelOrder']));
  // And the read planner's statements (src/read-planner: each reads the reference version beside its JSON).
  expect(rows.filter((r) => r.statement.includes('from reference_version where id = 1) as version')).length).toBeGreaterThan(0);
  expect(replanned).toEqual([]);
});
