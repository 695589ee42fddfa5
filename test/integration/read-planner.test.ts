import { useTestApp } from '../helpers/app';

/**
 * The read planner (src/read-planner/, docs/read-planner.md) on the bench's nested read: one statement
 * for a theatre's day whatever its size, one for a page's items' relations whatever their number, and
 * the reference version read by that statement (an admin write is seen by the next request).
 * Equality with the loader path over generated selections: planner-generated.test.ts.
 */
const FIELDS = `id performanceNumber movieId theatreId auditorium showDateTimeUtc movieName __typename
  movie { id name synopsis __typename }
  m2: movie { id }
  attributes { id code name }`;
const lean = (inner: string) => `query($id: Int!, $date: String!) { theatre(id: $id) { id showtimes(date: $date) { ${inner} } } }`;

const { app, sql } = useTestApp();

async function busiestDay() {
  const [pick] = await sql<{ theatreId: number; day: string; n: number }[]>`
    select s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day, count(*)::int as n
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '1 day'
    group by 1, 2 order by count(*) desc, 1, 2 limit 1`;
  return pick;
}

it('reads a theatre and its busiest day in 1 statement, and a page of theatres with their days in 1', async () => {
  const pick = await busiestDay();
  expect(pick.n).toBeGreaterThan(10);
  const a = await app.gql<{ theatre: { showtimes: unknown[] } }>(lean(FIELDS), { id: pick.theatreId, date: pick.day });
  expect(a.errors).toBeUndefined();
  expect(a.data!.theatre.showtimes).toHaveLength(pick.n);
  expect(a.statements).toBe(1);
  const many = `query($date: String!) { theatres(pageSize: 20) { items { id showtimes(date: $date) { id movie { name } attributes { code } } } } }`;
  const b = await app.gql(many, { date: pick.day });
  expect(b.errors).toBeUndefined();
  // The page's rows, its total and the relations of all 20 theatres: one statement.
  expect(b.statements).toBe(1);
  const empty = await app.gql(lean('id'), { id: pick.theatreId, date: '2099-01-01' });
  expect(empty.data).toEqual({ theatre: { id: pick.theatreId, showtimes: [] } });
  const unknown = await app.gql(lean('id'), { id: 999999, date: pick.day });
  expect(unknown.data).toEqual({ theatre: null });
  expect(unknown.statements).toBe(1);
});

it('sees an attribute renamed by an admin write on the next request (the version read with the subtree)', async () => {
  const pick = await busiestDay();
  const [attr] = await sql<{ id: number; name: string }[]>`
    select a.id, a.name from attributes a join showtime_attributes sa on sa.attribute_id = a.id
    join showtimes s on s.id = sa.showtime_id join theatres t on t.id = s.theatre_id
    where s.theatre_id = ${pick.theatreId} and a.is_active
      and to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') = ${pick.day}
    limit 1`;
  const query = lean('id attributes { id name }');
  const names = async () => {
    const res = await app.gql<{ theatre: { showtimes: { attributes: { id: number; name: string }[] }[] } }>(query, {
      id: pick.theatreId,
      date: pick.day,
    });
    expect(res.errors).toBeUndefined();
    const seen = new Set(res.data!.theatre.showtimes.flatMap((s) => s.attributes.filter((x) => x.id === attr.id).map((x) => x.name)));
    return { seen, statements: res.statements };
  };
  expect(await names()).toEqual({ seen: new Set([attr.name]), statements: 1 });
  await sql`update attributes set name = ${`${attr.name} (renamed)`} where id = ${attr.id}`;
  try {
    // The request that sees the new version reloads the attributes (statements of their own) ...
    const after = await names();
    expect(after.seen).toEqual(new Set([`${attr.name} (renamed)`]));
    expect(after.statements).toBeGreaterThan(1);
    // ... and the next one is back to the subtree's statements.
    expect(await names()).toEqual({ seen: new Set([`${attr.name} (renamed)`]), statements: 1 });
  } finally {
    await sql`update attributes set name = ${attr.name} where id = ${attr.id}`;
  }
});

it('reads REST theatres through the same planner: the statements of the GraphQL query of the same fields', async () => {
  const pick = await busiestDay();
  // Warm: the test above moved the reference version, which reloads the cached attributes once.
  await app.get(`/v2/theatres/${pick.theatreId}`);
  const rest = await app.get<{ id: number; attributes: unknown[] }>(`/v2/theatres/${pick.theatreId}`);
  expect(rest.status).toBe(200);
  const gql = await app.gql(`{ theatre(id: ${pick.theatreId}) { id attributes { id code } media { id } } }`);
  expect(gql.errors).toBeUndefined();
  // The theatre with its attribute ids and media: one planned statement (before media were edges: 2).
  expect(Number(rest.headers.get('x-sql-statements'))).toBe(1);
  expect(gql.statements).toBe(1);
  const list = await app.get('/v2/theatres?page-size=20');
  expect(list.status).toBe(200);
  // The page's rows, total and items' attribute ids and media: one planned statement (before: 2).
  expect(Number(list.headers.get('x-sql-statements'))).toBe(1);
  const gqlList = await app.gql(`{ theatres(pageSize: 20) { items { id attributes { id } media { id } } } }`);
  expect(gqlList.statements).toBe(1);
});

it('reads REST movies through the same planner: attributes and cast with the movie, the earliest showtime by its loader', async () => {
  const [movie] = await sql<{ id: number }[]>`select movie_id as id from movie_credits group by 1 order by count(*) desc, 1 limit 1`;
  await app.get(`/v2/movies/${movie.id}`);
  const one = await app.get<{ id: number; starringActors: string | null; attributes: unknown[] }>(`/v2/movies/${movie.id}`);
  expect(one.status).toBe(200);
  expect(one.body.starringActors).toBeTruthy();
  expect(Number(one.headers.get('x-sql-statements'))).toBe(2);
  // The same answer as GraphQL's fields of the movie, which read the credits summary through its loaders.
  const gql = await app.gql<{ movie: { starringActors: string | null; directors: string | null } }>(`{ movie(id: ${movie.id}) { starringActors directors } }`);
  expect(gql.data!.movie.starringActors).toBe(one.body.starringActors);
  const view = await app.get<{ _embedded: { movies: unknown[] } }>('/v2/movies/views/now-playing?page-size=20');
  expect(view.status).toBe(200);
  expect(view.body._embedded.movies.length).toBeGreaterThan(0);
  // The page with every movie's attributes and cast (one planned statement), their earliest showtimes (a loader).
  expect(Number(view.headers.get('x-sql-statements'))).toBe(2);
});

it('keeps a compiled plan, not the moment it was compiled: "future showtimes" end at the database\'s now', async () => {
  // A showtime two seconds ahead: listed as future, then gone once it starts, by the same document
  // (its plan and statement kept across requests: src/read-planner/memo.ts).
  const [theatre] = await sql<{ id: number }[]>`select id from theatres order by id limit 1`;
  const [soon] = await sql<{ id: number }[]>`
    insert into showtimes (theatre_id, movie_id, auditorium, performance_number, layout_id, layout_version_number, layout_version_id,
      show_date_time_utc, sell_until_date_time_utc, is_canceled, in_theatre_ticketing_only, is_discount_matinee_priced, estimated_fees, last_updated_date_utc)
    select theatre_id, movie_id, auditorium, performance_number + 100000, layout_id, layout_version_number, layout_version_id,
      now() + interval '2 seconds', now() + interval '2 seconds', false, in_theatre_ticketing_only, is_discount_matinee_priced, estimated_fees, now()
    from showtimes where theatre_id = ${theatre.id} order by id limit 1
    returning id`;
  const query = `query($id: Int!) { theatre(id: $id) { showtimes { id } } }`;
  const ids = async () => (await app.gql<{ theatre: { showtimes: { id: number }[] } }>(query, { id: theatre.id })).data!.theatre.showtimes.map((s) => s.id);
  expect(await ids()).toContain(soon.id);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(await ids()).not.toContain(soon.id);
});

it("reads REST concession categories through the same planner: the theatre and its categories' page in one statement", async () => {
  const [menu] = await sql<{ id: number }[]>`select theatre_id as id from theatre_concessions group by 1 order by count(*) desc, 1 limit 1`;
  const path = `/v1/theatres/${menu.id}/concessions/categories?page-size=3&page-number=2`;
  await app.get(path);
  const rest = await app.get<{ count: number; _embedded: { concessionsCategories: { categoryId: number }[] } }>(path);
  expect(rest.status).toBe(200);
  expect(rest.body._embedded.concessionsCategories).toHaveLength(3);
  // Before: the theatre (a loader), the pairs of products and categories, every category: 3.
  expect(Number(rest.headers.get('x-sql-statements'))).toBe(1);
  expect((await app.get('/v1/theatres/999999/concessions/categories')).status).toBe(404);
});

it("reads REST concessions through the same planner: a theatre's page of products with every relation, and one product, in one statement each", async () => {
  const [menu] = await sql<{ id: number }[]>`select theatre_id as id from theatre_concessions group by 1 order by count(*) desc, 1 limit 1`;
  const [combo] = await sql<{ id: number; theatreId: number; productId: number }[]>`
    select tc.id, tc.theatre_id as "theatreId", tc.concession_id as "productId" from theatre_concessions tc
    join concessions c on c.id = tc.concession_id where c.is_combo order by 1 limit 1`;
  const count = (r: { headers: Headers }) => Number(r.headers.get('x-sql-statements'));
  const page = await app.get<{ count: number; _embedded: { concessions: { _embedded: { modifierGroups: unknown[] } }[] } }>(
    `/v1/theatres/${menu.id}/concessions?page-size=100`,
  );
  expect(page.status).toBe(200);
  expect(page.body._embedded.concessions.length).toBeGreaterThan(10);
  // Before: the theatre (a loader), the page and its count, then a loader per relation and level: 12.
  expect(count(page)).toBe(1);
  const filtered = await app.get(`/v1/theatres/${menu.id}/concessions?category=popcorn&page-size=50`);
  expect(filtered.status).toBe(200);
  expect(count(filtered)).toBe(1);
  // Before: the offer, then a loader per relation and level: 7 or 8.
  const byOffer = await app.get<{ _embedded: { comboComponents?: unknown[] } }>(`/v1/concessions/${combo.id}`);
  expect(byOffer.body._embedded.comboComponents).toBeDefined();
  expect(count(byOffer)).toBe(1);
  const atTheatre = await app.get(`/v1/theatres/${combo.theatreId}/concessions/${combo.productId}`);
  expect(atTheatre.body).toEqual(byOffer.body);
  expect(count(atTheatre)).toBe(1);
  expect((await app.get('/v1/theatres/999999/concessions')).status).toBe(404);
  expect((await app.get(`/v1/theatres/${menu.id}/concessions/999999`)).status).toBe(404);
  expect((await app.get('/v1/concessions/999999')).status).toBe(404);
});

it('reads REST locations by state and by name through the same planner: the page with attributes and media in one statement', async () => {
  const [t] = await sql<{ state: string }[]>`select state from theatres group by 1 order by count(*) desc, 1 limit 1`;
  const count = (r: { headers: Headers }) => Number(r.headers.get('x-sql-statements'));
  const byState = await app.get<{ count: number; _embedded: { locations: { rank: number }[] } }>(`/v2/locations/states/${t.state}?page-size=100`);
  expect(byState.status).toBe(200);
  expect(byState.body._embedded.locations.length).toBeGreaterThan(1);
  // Before: the page, its count, attributes and media by their loaders: 5 (2 for an empty page).
  expect(count(byState)).toBe(1);
  const byName = await app.get(`/v2/locations/theatres/a?page-size=2&page-number=2`);
  expect(byName.status).toBe(200);
  expect(count(byName)).toBe(1);
});

it('reads the lists near a point through the planner: the page ordered by the distance, with it and every nested relation, in one statement', async () => {
  const pick = await busiestDay();
  const [t] = await sql<{ latitude: number; longitude: number }[]>`select latitude, longitude from theatres where id = ${pick.theatreId}`;
  const point = `latitude: ${t.latitude}, longitude: ${t.longitude}, radius: 500`;
  // Before: the page and its count, then a loader per relation and level.
  const locations = await app.gql<{ locationsNear: { totalCount: number; items: { rank: number; distance: number; theatre: { id: number } }[] } }>(
    `{ locationsNear(${point}, pageSize: 20) { totalCount items { rank distance theatre { id name attributes { code } media { id } market { name }
      concessions(pageSize: 3) { items { id categories { name } } } } } } }`,
  );
  expect(locations.errors).toBeUndefined();
  const items = locations.data!.locationsNear.items;
  expect(items.length).toBeGreaterThan(1);
  expect(items[0]).toMatchObject({ rank: 1, distance: 0, theatre: { id: pick.theatreId } });
  expect(items.map((i) => i.distance)).toEqual(items.map((i) => i.distance).sort((a, b) => a - b));
  expect(locations.statements).toBe(1);
  // Before: the page and its count, then the movie, attributes, theatre and price loaders.
  const showtimes = await app.gql<{ showtimesNear: { items: { theatreId: number }[] } }>(
    `{ showtimesNear(date: "${pick.day}", ${point}, pageSize: 50) { totalCount items { id theatreId movie { name attributes { code } } theatre { name } attributes { code } ticketPrices { price } } } }`,
  );
  expect(showtimes.errors).toBeUndefined();
  expect(showtimes.data!.showtimesNear.items[0].theatreId).toBe(pick.theatreId);
  expect(showtimes.statements).toBe(1);
  // REST: the page with each theatre's attribute ids and media and its distance (before: 5; 2 for an empty page).
  const count = (r: { headers: Headers }) => Number(r.headers.get('x-sql-statements'));
  const rest = await app.get<{ count: number; _embedded: { locations: { rank: number; distance: number }[] } }>(
    `/v2/locations?latitude=${t.latitude}&longitude=${t.longitude}&radius=500&page-size=100`,
  );
  expect(rest.status).toBe(200);
  expect(rest.body._embedded.locations.slice(0, items.length).map((l) => l.distance)).toEqual(items.map((i) => i.distance));
  expect(count(rest)).toBe(1);
  const none = await app.get(`/v2/locations?latitude=-60&longitude=0`);
  expect(none.status).toBe(200);
  expect(count(none)).toBe(1);
});

it('reads REST movie lists and private-rental movies through the same planner: one statement per route (two with the earliest showtimes)', async () => {
  const count = (r: { headers: Headers }) => Number(r.headers.get('x-sql-statements'));
  // Movie lists are not seeded: a current list of three movies and a past one.
  const [list] = await sql<{ id: number }[]>`
    insert into movie_lists (name, type_name, start_date, end_date) values ('Planned', 'PlannedType', now() - interval '1 day', now() + interval '9 days') returning id`;
  await sql`insert into movie_lists (name, type_name, start_date, end_date) values ('Past', 'PlannedType', now() - interval '9 days', now() - interval '2 days')`;
  await sql`insert into movie_list_items (movie_list_id, movie_id, sequence) select ${list.id}, id, row_number() over (order by id)::int from (select id from movies order by id limit 3) m`;
  const all = await app.get<{ count: number }>('/v1/movie-lists');
  expect(all.body.count).toBe(2);
  // Before as now: the lists, one statement (each with the number of its movies now).
  expect(count(all)).toBe(1);
  const byType = await app.get<{ count: number }>(`/v1/movie-lists?type=plannedtype&start-date=${encodeURIComponent(new Date().toISOString().slice(0, 10))}`);
  expect(byType.body.count).toBe(1);
  expect(count(byType)).toBe(1);
  // Before: the list, then its entries with their movies: 2.
  const one = await app.get<{ count: number; _embedded: { movies: unknown[] } }>(`/v1/movie-lists/${list.id}`);
  expect(one.body.count).toBe(3);
  expect(one.body._embedded.movies).toHaveLength(3);
  expect(count(one)).toBe(1);
  // Before: the current list's id, the list, its entries: 3.
  const view = await app.get<{ id: number }>('/v1/movie-lists/views/PlannedType');
  expect(view.body.id).toBe(list.id);
  expect(count(view)).toBe(1);
  const gql = await app.gql(`{ movieList(id: ${list.id}) { count movies { sequence movie { id name } } } currentMovieList(typeName: "PlannedType") { id } }`);
  expect(gql.errors).toBeUndefined();
  expect(gql.statements).toBe(2);
  // Before: the page, its count, then credits, people, attributes and earliest showtimes by their loaders: 6.
  const rental = await app.get<{ _embedded: { movies: unknown[] } }>('/v2/showtimes/private-theatre-rental-movies?page-size=20');
  expect(rental.body._embedded.movies.length).toBeGreaterThan(0);
  expect(count(rental)).toBe(2);
  const empty = await app.get('/v2/showtimes/private-theatre-rental-movies?page-number=1000');
  expect(count(empty)).toBe(1);
});
