import { useTestApp } from '../helpers/app';
import { eq, inArray, sql as drizzleSql } from 'drizzle-orm';
import { movies, showtimes, theatres } from '../../db/schema';
import { getShowtimesByIds, SHOWTIME_MEDIA_KEYS } from '../../src/services/showtime';

/**
 * One showtimes listing (theatreShowtimeList) behind REST's theatre showtimes routes and GraphQL's
 * `Theatre.showtimesPage`: the same page has the same items and total on both, filtered or not, with
 * or without a date, and a page past the end still counts the whole list.
 */

const { app, sql } = useTestApp();

const PAGE = `query($id: Int!, $date: String, $include: [String!], $n: Int!) {
  theatre(id: $id) { showtimesPage(date: $date, includeAttributes: $include, pageNumber: $n, pageSize: 5) { totalCount items { id } } }
}`;

interface RestPage {
  count: number;
  _embedded: { showtimes: { id: number }[] };
}

async function both(theatreId: number, opts: { date?: string; include?: string; page: number }) {
  const g = await app.gql<{ theatre: { showtimesPage: { totalCount: number; items: { id: number }[] } } }>(PAGE, {
    id: theatreId,
    date: opts.date ?? null,
    include: opts.include ? [opts.include] : null,
    n: opts.page,
  });
  expect(g.errors).toBeUndefined();
  const path = `/v2/theatres/${theatreId}/showtimes${opts.date ? `/${opts.date}` : ''}`;
  const query = `?page-size=5&page-number=${opts.page}${opts.include ? `&include-attributes=${opts.include}` : ''}`;
  const r = await app.get<RestPage>(path + query);
  expect(r.status).toBe(200);
  const graphql = { total: g.data!.theatre.showtimesPage.totalCount, ids: g.data!.theatre.showtimesPage.items.map((s) => s.id) };
  expect({ total: r.body.count, ids: r.body._embedded.showtimes.map((s) => s.id) }).toEqual(graphql);
  return graphql;
}

it('pages the same list on both surfaces, and counts it past the end', async () => {
  const [day] = await sql<{ theatreId: number; day: string; n: number }[]>`
    select s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day,
           count(*)::int as n
    from showtimes s join theatres t on t.id = s.theatre_id
    where (s.show_date_time_utc at time zone t.timezone)::date >= (now() at time zone t.timezone)::date + 2
    group by 1, 2 having count(*) > 10 order by 1, 2 limit 1`;
  const second = await both(day.theatreId, { date: day.day, page: 2 });
  expect(second.total).toBe(day.n);
  expect(second.ids).toHaveLength(5);
  const beyond = await both(day.theatreId, { date: day.day, page: Math.ceil(day.n / 5) + 1 });
  expect(beyond).toEqual({ total: day.n, ids: [] });

  const future = await both(day.theatreId, { page: 3 });
  expect(future.total).toBeGreaterThan(day.n);
  const filtered = await both(day.theatreId, { include: 'RESERVEDSEATING', page: 1 });
  expect(filtered.total).toBeGreaterThan(0);
  expect(filtered.total).toBeLessThanOrEqual(future.total);
});

it('pages a list of theatres in one statement, each page as its theatre alone would have it', async () => {
  const [{ day }] = await sql<{ day: string }[]>`select to_char(now() + interval '2 days', 'YYYY-MM-DD') as day`;
  const LIST = `query($n: Int!, $date: String) {
    theatres(pageSize: $n) { items { id showtimesPage(date: $date, pageNumber: 2, pageSize: 3) { totalCount items { id } } } }
  }`;
  type Answer = { theatres: { items: { id: number; showtimesPage: { totalCount: number; items: { id: number }[] } }[] } };
  const one = await app.gql<Answer>(LIST, { n: 1, date: day });
  const five = await app.gql<Answer>(LIST, { n: 5, date: day });
  expect(one.errors).toBeUndefined();
  expect(five.errors).toBeUndefined();
  expect(five.data!.theatres.items).toHaveLength(5);
  expect(five.statements).toBe(one.statements);
  for (const t of five.data!.theatres.items) {
    const r = await app.get<RestPage>(`/v2/theatres/${t.id}/showtimes/${day}?page-size=3&page-number=2`);
    expect({ total: t.showtimesPage.totalCount, ids: t.showtimesPage.items.map((s) => s.id) }).toEqual({
      total: r.body.count,
      ids: r.body._embedded.showtimes.map((s) => s.id),
    });
  }
  expect(five.data!.theatres.items.some((t) => t.showtimesPage.items.length > 0)).toBe(true);
});

it('builds the same records from its one JSON value per row as drizzle maps the columns', async () => {
  // Every showtime read builds its record as one positional JSON array (SHOWTIME_RECORD_COLUMNS, decoded by
  // showtimeRecordOf): the planner's and getShowtimesByIds'. The reference here is drizzle's own mapping of
  // the same columns, selected one by one. Every field of every record must agree, Dates included — a day of
  // a few theatres, unfiltered and filtered. The day's rows themselves (GraphQL's `Theatre.showtimes`, the
  // theatre's list) are checked against plain SQL here.
  const days = await sql<{ theatre_id: number; day: string }[]>`
    select s.theatre_id, to_char((s.show_date_time_utc at time zone t.timezone)::date, 'YYYY-MM-DD') as day
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '1 day'
    group by 1, 2 order by count(*) desc limit 3`;
  expect(days).toHaveLength(3);
  const db = app.database.db;
  let compared = 0;
  for (const { theatre_id: theatreId, day } of days) {
    for (const filters of [{}, { includeAttributes: ['RESERVEDSEATING'] }]) {
      const listed = await app.gql<{ theatre: { showtimes: { id: number }[] } }>(
        'query($id: Int!, $date: String, $include: [String!]) { theatre(id: $id) { showtimes(date: $date, includeAttributes: $include) { id } } }',
        { id: theatreId, date: day, include: filters.includeAttributes ?? null },
      );
      expect(listed.errors).toBeUndefined();
      const expected = await sql<{ id: number }[]>`
        select s.id from showtimes s join theatres t on t.id = s.theatre_id
        where s.theatre_id = ${theatreId} and to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') = ${day}
          and (${!filters.includeAttributes} or exists (select 1 from showtime_attributes sa join attributes a on a.id = sa.attribute_id
            where sa.showtime_id = s.id and lower(a.code) = 'reservedseating'))
        order by s.show_date_time_utc, s.id`;
      const ids = listed.data!.theatre.showtimes.map((s) => s.id);
      expect(ids).toEqual(expected.map((r) => r.id));
      const { media, ...movie } = { ...movieColumns, media: movies.media };
      const columns = await db
        .select({ showtime: showtimes, movie, media, timezone: theatres.timezone, attributeIds: ATTRIBUTE_IDS, localDate: LOCAL_DATE })
        .from(showtimes)
        .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
        .innerJoin(movies, eq(movies.id, showtimes.movieId))
        .where(inArray(showtimes.id, ids.length ? ids : [0]));
      const byId = new Map(
        columns.map(({ media: whole, ...r }) => {
          const keys = Object.fromEntries(SHOWTIME_MEDIA_KEYS.map((key) => [key, (whole as Record<string, string | undefined> | null)?.[key] ?? null]));
          return [r.showtime.id, { ...r, movie: { ...r.movie, media: keys } }];
        }),
      );
      const decoded = await getShowtimesByIds(db, ids);
      expect(decoded).toHaveLength(ids.length);
      for (const record of decoded) {
        expect(record).toEqual(byId.get(record.showtime.id));
        expect(record.showtime.showDateTimeUtc).toBeInstanceOf(Date);
      }
      compared += decoded.length;
    }
  }
  expect(compared).toBeGreaterThan(100);
});

/** The reference columns of a showtime record (drizzle maps them): the movie data a showtime shows, its day and attribute ids. */
const movieColumns = {
  name: movies.name,
  sortableName: movies.sortableName,
  slug: movies.slug,
  genre: movies.genre,
  mpaaRating: movies.mpaaRating,
  runTime: movies.runTime,
  vendorReleaseNumber: movies.vendorReleaseNumber,
  internalReleaseNumber: movies.internalReleaseNumber,
};
const LOCAL_DATE = drizzleSql<string>`to_char(${showtimes.showDateTimeUtc} at time zone ${theatres.timezone}, 'YYYY-MM-DD')`;
const ATTRIBUTE_IDS = drizzleSql<number[]>`array(select sa.attribute_id from showtime_attributes sa where sa.showtime_id = ${showtimes.id})`;

it('lists ticket prices by price, then type, on a showtime and on its day page alike', async () => {
  // Days holding showtimes with two equal prices (the seed has such pairs, CHILD = SENIOR): equal
  // prices must not come out in whatever order the plan of the moment gives.
  const days = await sql<{ id: number; theatreId: number; day: string }[]>`
    select s.id, s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day
    from showtimes s join theatres t on t.id = s.theatre_id
    where exists (select 1 from showtime_ticket_prices a join showtime_ticket_prices b
                  on b.showtime_id = a.showtime_id and b.price = a.price and b.type > a.type where a.showtime_id = s.id)
    order by s.id limit 3`;
  expect(days.length).toBeGreaterThan(0);
  type Price = { price: number; type: string };
  const sorted = (prices: Price[]) => [...prices].sort((a, b) => a.price - b.price || (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  for (const d of days) {
    const one = await app.get<{ ticketPrices: Price[] }>(`/v2/showtimes/${d.id}`);
    expect(one.status).toBe(200);
    expect(one.body.ticketPrices.map((p) => p.type)).toEqual(sorted(one.body.ticketPrices).map((p) => p.type));
    const page = await app.get<{ _embedded: { showtimes: { id: number; ticketPrices: Price[] }[] } }>(
      `/v2/theatres/${d.theatreId}/showtimes/${d.day}?page-size=100`,
    );
    expect(page.status).toBe(200);
    for (const s of page.body._embedded.showtimes) expect(s.ticketPrices.map((p) => p.type)).toEqual(sorted(s.ticketPrices).map((p) => p.type));
    expect(page.body._embedded.showtimes.find((s) => s.id === d.id)?.ticketPrices).toEqual(one.body.ticketPrices);
  }
});

it('flags a showtime almost sold out and sold out alike on its day page (relations read with the page) and alone', async () => {
  const [st] = await sql<{ id: number; theatreId: number; day: string; layoutVersionId: number }[]>`
    select s.id, s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day,
           s.layout_version_id as "layoutVersionId"
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '2 days'
      and not exists (select 1 from seat_claims c where c.showtime_id = s.id)
    order by s.id desc limit 1`;
  const sellable = await sql<{ row: number; column: number }[]>`
    select "row", "column" from layout_seats where layout_version_id = ${st.layoutVersionId}
      and type not in ('NotASeat', 'Blocked') order by "row", "column"`;
  const claim = (seats: { row: number; column: number }[]) =>
    sql`insert into seat_claims ${sql(seats.map((s) => ({ showtime_id: st.id, row: s.row, column: s.column, status: 'sold' })))}`;
  type Flags = { isSoldOut: boolean; isAlmostSoldOut: boolean };
  const flags = async (): Promise<{ page: Flags; alone: Flags }> => {
    const page = await app.get<{ _embedded: { showtimes: ({ id: number } & Flags)[] } }>(
      `/v2/theatres/${st.theatreId}/showtimes/${st.day}?page-size=100`,
    );
    const alone = await app.get<Flags>(`/v2/showtimes/${st.id}`);
    expect(page.status).toBe(200);
    expect(alone.status).toBe(200);
    const item = page.body._embedded.showtimes.find((s) => s.id === st.id)!;
    return {
      page: { isSoldOut: item.isSoldOut, isAlmostSoldOut: item.isAlmostSoldOut },
      alone: { isSoldOut: alone.body.isSoldOut, isAlmostSoldOut: alone.body.isAlmostSoldOut },
    };
  };
  const ninety = Math.ceil(sellable.length * 0.9);
  expect(await flags()).toEqual({ page: { isSoldOut: false, isAlmostSoldOut: false }, alone: { isSoldOut: false, isAlmostSoldOut: false } });
  await claim(sellable.slice(0, ninety));
  expect(await flags()).toEqual({ page: { isSoldOut: false, isAlmostSoldOut: true }, alone: { isSoldOut: false, isAlmostSoldOut: true } });
  await claim(sellable.slice(ninety));
  expect(await flags()).toEqual({ page: { isSoldOut: true, isAlmostSoldOut: false }, alone: { isSoldOut: true, isAlmostSoldOut: false } });
});

it('checks the theatre of a REST day page only when the page is empty or refused: unknown theatres are 404 first', async () => {
  const [day] = await sql<{ theatreId: number; day: string }[]>`
    select s.theatre_id as "theatreId", to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD') as day
    from showtimes s join theatres t on t.id = s.theatre_id
    where (s.show_date_time_utc at time zone t.timezone)::date >= (now() at time zone t.timezone)::date + 2
    order by 1, 2 limit 1`;
  const [{ unknown }] = await sql<{ unknown: number }[]>`select coalesce(max(id), 0) + 1000 as unknown from theatres`;
  // A page of showtimes: the list statement alone (its theatre exists: the showtimes' foreign key). The
  // first request of a process may read the reference version once more (reference cache).
  await app.get(`/v2/theatres/${day.theatreId}/showtimes/${day.day}?page-size=5`);
  const page = await app.get<RestPage>(`/v2/theatres/${day.theatreId}/showtimes/${day.day}?page-size=5`);
  expect(page.status).toBe(200);
  expect(page.body._embedded.showtimes.length).toBeGreaterThan(0);
  expect(page.headers.get('x-sql-statements')).toBe('1');
  // An empty day of a theatre that exists: 200, the list and the check.
  const empty = await app.get<RestPage>(`/v2/theatres/${day.theatreId}/showtimes/2001-01-01`);
  expect(empty.status).toBe(200);
  expect(empty.body.count).toBe(0);
  expect(empty.headers.get('x-sql-statements')).toBe('2');
  // An unknown theatre is a 404, with a good date, a bad one or a bad filter alike; a known one with a bad date is a 400.
  for (const path of [`/${day.day}`, '/2001-02-30', `/${day.day}?attribute-operator=xor`, '?attribute-operator=xor', '']) {
    const r = await app.get<{ errors: { code: number }[] }>(`/v2/theatres/${unknown}/showtimes${path}`);
    expect({ path, status: r.status }).toEqual({ path, status: 404 });
  }
  expect((await app.get(`/v2/theatres/${day.theatreId}/showtimes/2001-02-30`)).status).toBe(400);
  expect((await app.get(`/v2/theatres/${day.theatreId}/showtimes?attribute-operator=xor`)).status).toBe(400);
});
