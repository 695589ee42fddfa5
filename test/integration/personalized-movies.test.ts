import { useTestApp } from '../helpers/app';
import { VENDOR } from '../helpers/orders';

/**
 * Personalized movies v2 (docs/accounts.md, "Personalized movies"): the four views, paging, the 404
 * rules, the rights, and the ranking rule itself checked against the account's order history in SQL.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const VIEWS = ['now-playing', 'advance', 'coming-soon', 'active'];

const { app, sql, bearer } = useTestApp({ accounts: { a1: 1, a2: 2, a7: 7, admin: { id: 20, admin: true } } });

const ids = (body: Json) => body._embedded.movies.map((m: Json) => m.id as number);

test.each(VIEWS)('account 1: %s is the public view, ranked, non-empty, in the movie list shape', async (view) => {
  const mine = await app.get<Json>(`/v2/site-accounts/1/personalized-movies/views/${view}?page-size=100`, bearer('a1'));
  const all = await app.get<Json>(`/v2/movies/views/${view}?page-size=100`);
  expect([mine.status, all.status]).toEqual([200, 200]);
  expect(mine.body).toMatchObject({ pageNumber: 1, pageSize: 100, count: all.body.count });
  expect(mine.body.count).toBeGreaterThan(0);
  expect([...ids(mine.body)].sort()).toEqual([...ids(all.body)].sort());
  const shape = (m: Json) => Object.keys(m).sort();
  expect(shape(mine.body._embedded.movies[0])).toEqual(shape(all.body._embedded.movies[0]));
  expect(mine.body._links.self.href).toBe(`${app.url}/v2/site-accounts/1/personalized-movies/views/${view}?page-size=100`);
});

test("the ranking follows account 1's history: unseen first, then genre tickets, then its theatre, then score", async () => {
  const history = await sql<{ genre: string; n: number; seen: number[]; theatre: number }[]>`
    select m.genre, count(*)::int n, array_agg(distinct m.id) seen, min(p.theatre_id) theatre
      from order_products p join orders o on o.id = p.order_id join movies m on m.id = p.movie_id
     where o.site_account_id = 1 and p.kind = 'Ticket' and p.status = 'Fulfilled' group by m.genre`;
  expect(history.length).toBeGreaterThan(0);
  const genreTickets = new Map(history.map((h) => [h.genre, h.n]));
  const seen = new Set(history.flatMap((h) => h.seen));
  const body = (await app.get<Json>('/v2/site-accounts/1/personalized-movies/views/now-playing?page-size=100', bearer('a1'))).body;
  const atTheatre = new Set(
    (await sql<{ id: number }[]>`select distinct movie_id id from showtimes where theatre_id = ${history[0].theatre} and not is_canceled and show_date_time_utc >= now()`).map((r) => r.id),
  );
  const keys = body._embedded.movies.map((m: Json) => [seen.has(m.id) ? 1 : 0, -(genreTickets.get(m.genre) ?? 0), atTheatre.has(m.id) ? 0 : 1, -(m.score ?? -1)]);
  for (let i = 1; i < keys.length; i++) {
    const [a, b] = [keys[i - 1], keys[i]];
    const cmp = a.findIndex((v: number, k: number) => v !== b[k]);
    if (cmp !== -1) expect([i, a[cmp] <= b[cmp]]).toEqual([i, true]);
  }
  // The favourite genre leads when the account has an unseen movie in it.
  const first = body._embedded.movies[0];
  const favourite = [...genreTickets].sort((x, y) => y[1] - x[1])[0][0];
  const unseenInFavourite = body._embedded.movies.some((m: Json) => m.genre === favourite && !seen.has(m.id));
  if (unseenInFavourite) expect(first.genre).toBe(favourite);
  expect(seen.has(first.id)).toBe(false);
});

test('without history the view is ordered by popularity (score)', async () => {
  const res = await app.get<Json>('/v2/site-accounts/7/personalized-movies/views/now-playing?page-size=100', bearer('a7'));
  expect([res.status, res.body]).toEqual([200, expect.anything()]);
  const body = res.body;
  const scores = body._embedded.movies.map((m: Json) => m.score ?? -1);
  expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
});

test('paging: page-size, next and previous links, a page past the end is empty', async () => {
  const base = '/v2/site-accounts/1/personalized-movies/views/active';
  const p1 = (await app.get<Json>(`${base}?page-size=2`, bearer('a1'))).body;
  expect(p1._embedded.movies).toHaveLength(2);
  expect(p1._links.previous).toBeUndefined();
  expect(p1._links.next.href).toBe(`${app.url}${base}?page-size=2&page-number=2`);
  const p2 = (await app.get<Json>(`${base}?page-size=2&page-number=2`, bearer('a1'))).body;
  expect(p2._links.previous.href).toBe(`${app.url}${base}?page-size=2&page-number=1`);
  expect(ids(p2).some((id: number) => ids(p1).includes(id))).toBe(false);
  const all = (await app.get<Json>(`${base}?page-size=100`, bearer('a1'))).body;
  expect([...ids(p1), ...ids(p2)]).toEqual(ids(all).slice(0, 4));
  const past = (await app.get<Json>(`${base}?page-number=9999`, bearer('a1'))).body;
  expect(past._embedded.movies).toEqual([]);
  expect((await app.get(`${base}?page-size=0`, bearer('a1'))).status).toBe(400);
  expect((await app.get(`${base}?page-number=abc`, bearer('a1'))).status).toBe(400);
});

test('unknown view names and accounts are 404; rights: own token or admin', async () => {
  expect((await app.get('/v2/site-accounts/1/personalized-movies/views/trending', bearer('a1'))).status).toBe(404);
  expect((await app.get('/v2/site-accounts/1/personalized-movies/views/NOW-PLAYING', bearer('a1'))).status).toBe(404);
  expect((await app.get('/v2/site-accounts/999999/personalized-movies/views/active', bearer('admin'))).status).toBe(404);
  expect((await app.get('/v2/site-accounts/0/personalized-movies/views/active', bearer('admin'))).status).toBe(404);
  const p = '/v2/site-accounts/1/personalized-movies/views/now-playing';
  expect((await app.get(p, bearer('a2'))).status).toBe(403);
  expect((await app.get(p, VENDOR)).status).toBe(401);
  expect((await app.get(p)).status).toBe(401);
  const own = await app.get<Json>(p, bearer('a1'));
  const admin = await app.get<Json>(p, bearer('admin'));
  expect(ids(admin.body)).toEqual(ids(own.body));
});

test('the public movie views now include active = every movie with a future showtime', async () => {
  const get = async (v: string) => ids((await app.get<Json>(`/v2/movies/views/${v}?page-size=100`)).body);
  const [active, now, advance, soon] = await Promise.all(['active', 'now-playing', 'advance', 'coming-soon'].map(get));
  for (const id of [...now, ...advance]) expect(active).toContain(id);
  for (const id of soon) expect(active).not.toContain(id);
  const [{ n }] = await sql<{ n: number }[]>`select count(distinct movie_id)::int n from showtimes where not is_canceled and show_date_time_utc >= now()`;
  expect(active).toHaveLength(n);
});

test('the SQL statements of a personalized page do not grow with its size', async () => {
  const p = '/v2/site-accounts/1/personalized-movies/views/active';
  const one = await app.get<Json>(`${p}?page-size=5`, bearer('a1'));
  const many = await app.get<Json>(`${p}?page-size=50`, bearer('a1'));
  expect(many.body._embedded.movies.length).toBeGreaterThan(one.body._embedded.movies.length);
  expect(Number(many.headers.get('x-sql-statements'))).toBe(Number(one.headers.get('x-sql-statements')));
});

describe('GraphQL: the ranked list read by the planner answers as the loader path', () => {
  const { app: reference } = useTestApp({ sharing: app, env: { READ_PLANNER: 'off' } });
  const QUERY = `query ($view: MovieView!, $n: Int!) { account(id: 1) { personalizedMovies(view: $view, pageSize: 7, pageNumber: $n) {
    totalCount hasNextPage items { id name score genre attributes { code } castAndCrew { name role } mediaItems { contentType } showtimes { id theatre { name } } } } } }`;

  test.each(['NOW_PLAYING', 'ACTIVE', 'COMING_SOON'])('%s, pages 1 and 2: same answer, one statement for the page and its relations', async (view) => {
    for (const n of [1, 2]) {
      const planned = await app.gql<Json>(QUERY, { view, n }, bearer('a1'));
      const loaders = await reference.gql<Json>(QUERY, { view, n }, bearer('a1'));
      expect(planned.errors).toBeUndefined();
      expect(planned.data).toEqual(loaders.data);
      // The account (the root), its existence and history (the ranking's signals), then the page with its
      // total and every relation under its items in one statement (the loader path: 10–11).
      expect(planned.statements).toBe(4);
      expect(loaders.statements).toBeGreaterThan(4);
    }
    const { data } = await app.gql<Json>(QUERY, { view, n: 1 }, bearer('a1'));
    expect(data?.account.personalizedMovies.items.length).toBeGreaterThan(0);
  });

  test('a page size past the limit is refused before any list is read, on both paths alike', async () => {
    const query = '{ account(id: 1) { personalizedMovies(view: ACTIVE, pageSize: 1000) { totalCount } } }';
    for (const target of [app, reference]) {
      const r = await target.gql(query, {}, bearer('a1'));
      expect(r.status).toBe(200);
      expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});
