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
const { app, sql, bearer } = useTestApp({ env: { DB_POOL_SIZE: '1' }, accounts: { a1: 1 } });
// The loader path (every level through the loaders), as a diagnostic runs it and as the planner's reference.
const { app: loaders } = useTestApp({ sharing: app, env: { DB_POOL_SIZE: '1', READ_PLANNER: 'off' }, accounts: { a1: 1 } });
let st: ShowtimeFixture;
const JSON_VENDOR = { ...VENDOR, 'content-type': 'application/json' };

let theatreId: number;
let movieId: number;
let date: string;
let point: string;

beforeAll(async () => {
  [st] = await pickShowtimes(sql, 1, 3);
  [{ theatreId, movieId, date, point }] = await sql<{ theatreId: number; movieId: number; date: string; point: string }[]>`
    select s.theatre_id as "theatreId", s.movie_id as "movieId",
      to_char((s.show_date_time_utc at time zone t.timezone)::date, 'YYYY-MM-DD') as date, t.latitude || '/' || t.longitude as point
    from showtimes s join theatres t on t.id = s.theatre_id where s.id = ${st.showtimeId}`;
});

/** A dozen order lives and catalog reads of both surfaces through `target`; the seats of round `from` + i. */
async function lives(target: typeof app, from: number) {
  for (let i = 0; i < 12; i++) {
    const seats = seatsOf(st.regular.slice(2 * (from + i), 2 * (from + i) + 2));
    const created = await target.gql<{ createOrder: { id: number } }>('mutation { createOrder(input: {}) { id } }', {}, VENDOR);
    const orderId = created.data!.createOrder.id;
    const held = await target.gql('mutation($input: AddTicketsInput!) { addTickets(input: $input) { id total products { lineNumber } } }', { input: { orderId, showtimeId: st.showtimeId, seats } }, VENDOR);
    expect(held.errors).toBeUndefined();
    expect((await target.gql('mutation($id: Int!) { cancelOrder(orderId: $id) { id } }', { id: orderId }, VENDOR)).errors).toBeUndefined();

    const order = await target.request<{ id: number }>('POST', '/v2/orders', {}, JSON_VENDOR);
    expect(order.status).toBe(201);
    const products = await target.request('POST', `/v2/orders/${order.body.id}/products`, { showtimeId: st.showtimeId, seats }, JSON_VENDOR);
    expect(products.status).toBe(201);
    expect((await target.request('GET', `/v2/orders/${order.body.id}`, undefined, VENDOR)).status).toBe(200);
    expect((await target.request('DELETE', `/v2/orders/${order.body.id}`, undefined, VENDOR)).status).toBe(200);

    // Catalog reads of both surfaces: a theatre's day of showtimes, a movie with its cast, a theatre by id.
    const day = await target.gql('query($id: Int!, $date: String!) { theatre(id: $id) { name showtimes(date: $date) { id movie { name castAndCrew { person { name } } } attributes { code } } showtimesPage(date: $date) { totalCount items { id } } } }', { id: theatreId, date });
    expect(day.errors).toBeUndefined();
    expect((await target.get(`/v2/theatres/${theatreId}/showtimes/${date}`)).status).toBe(200);
    expect((await target.get(`/v2/movies/${movieId}`)).status).toBe(200);
    // Fields outside the planner (occupancy, the seat map) and a theatre's concessions and markets.
    const outside = await target.gql(
      'query($id: Int!, $t: Int!) { showtime(id: $id) { isSoldOut seatingLayout { seats { row column seatStatus } } } theatre(id: $t) { concessions { items { name } } } markets { items { name theatres { name } } } }',
      { id: st.showtimeId, t: theatreId },
    );
    expect(outside.errors).toBeUndefined();
    expect((await target.get(`/v1/theatres/${theatreId}/concessions`)).status).toBe(200);
    expect((await target.get(`/v2/showtimes/${st.showtimeId}`)).status).toBe(200);
    // Lists with computed values and ranked lists: showtimes near a point, an account's movies, the earliest showtime.
    expect((await target.get(`/v2/showtimes/views/current-location/${date}/${point}`)).status).toBe(200);
    expect((await target.get('/v2/site-accounts/1/personalized-movies/views/active', bearer('a1'))).status).toBe(200);
    expect((await target.get(`/v2/theatres/${theatreId}/movies/${movieId}/earliest-showtime`)).status).toBeLessThan(500);
    const near = await target.gql('query($d: String!) { showtimesNear(date: $d, latitude: 40, longitude: -74, radius: 500) { totalCount items { id } } me { personalizedMovies(view: ACTIVE) { items { id name } } } }', { d: date }, bearer('a1'));
    expect(near.errors).toBeUndefined();
  }
}

/** The statements of `target`'s one connection executed eight times or more, with those planned anew at every execution. */
async function plans(target: typeof app) {
  const rows = (await target.database.db.execute(drizzleSql`
    select statement, generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where generic_plans + custom_plans >= 8`)) as unknown as { statement: string; generic: number; custom: number }[];
  const tagOf = (text: string) => /\/\*\s*(\w+)\s*\*\//.exec(text)?.[1] ?? text.replace(/\s+/g, ' ').slice(-300);
  return { rows, tags: rows.map((r) => tagOf(r.statement)), replanned: rows.filter((r) => r.generic === 0).map((r) => `${tagOf(r.statement)} (${r.custom} custom plans)`) };
}

it('every statement of an order’s life and of catalog reads, executed eight times or more, runs on its generic plan', async () => {
  await lives(app, 0);
  const { rows, tags, replanned } = await plans(app);
  // The write path's statements are among those checked (the test would pass vacuously without them).
  expect(tags).toEqual(expect.arrayContaining(['orderView', 'createOrder', 'lockForHold', 'insertHold', 'cancelOrder']));
  // And the read planner's statements (src/read-planner: each reads the reference version beside its JSON).
  expect(rows.filter((r) => r.statement.includes('from reference_version where id = 1) as version')).length).toBeGreaterThan(0);
  expect(replanned).toEqual([]);
});

it('so does every statement of the loader path (READ_PLANNER=off)', async () => {
  await lives(loaders, 12);
  const { rows, tags, replanned } = await plans(loaders);
  expect(tags).toEqual(expect.arrayContaining(['orderView', 'createOrder', 'lockForHold', 'insertHold', 'cancelOrder']));
  // GraphQL's levels read through the loaders' statements (REST's fixed reads stay planned: the switch is GraphQL's).
  expect(rows.filter((r) => /where \("showtimes"\."theatre_id" = (any\()?\$1/.test(r.statement)).length).toBeGreaterThan(0);
  expect(replanned).toEqual([]);
});
