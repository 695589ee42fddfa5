import { haversineMiles } from '../../src/services/shared/geo';
import { useTestApp } from '../helpers/app';

const { app, sql } = useTestApp();

interface ShowtimeItem {
  id: number;
  showDateTimeLocal: string;
  showDateTimeUtc: string;
  theatreId: number;
}

const localDay = (alias = 's', tz = 't.timezone') =>
  `to_char(${alias}.show_date_time_utc at time zone ${tz}, 'YYYY-MM-DD')`;

/** The busiest theatre-local day of a theatre from tomorrow on (stable while the test runs). */
async function busyTheatreDay(): Promise<{ theatreId: number; day: string; n: number }> {
  const [row] = await sql.unsafe(`
    select s.theatre_id as "theatreId", ${localDay()} as day, count(*)::int as n
    from showtimes s join theatres t on t.id = s.theatre_id
    where s.show_date_time_utc > now() + interval '2 days'
    group by 1, 2 order by 3 desc, 1, 2 limit 1`);
  return row as never;
}

describe('Showtime fields', () => {
  it('answers every spec field from the database', async () => {
    const [row] = await sql`
      select s.id, s.performance_number, s.auditorium, s.layout_id, s.layout_version_number, s.theatre_id, s.movie_id,
             m.name as movie_name, m.sortable_name, m.genre, m.mpaa_rating, m.run_time, m.media->>'posterDynamic' as poster,
             to_char(s.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD"T"HH24:MI:SS') as local,
             s.languages->>'spoken' as spoken,
             (select a.name from showtime_attributes sa join attributes a on a.id = sa.attribute_id
               where sa.showtime_id = s.id and a.is_premium_format order by a.sort, a.name, a.id limit 1) as premium,
             (select count(*)::int from showtime_ticket_prices p where p.showtime_id = s.id) as prices,
             (select array_agg(a.code order by a.code) from showtime_attributes sa join attributes a on a.id = sa.attribute_id
               where sa.showtime_id = s.id and a.is_active) as codes
      from showtimes s join theatres t on t.id = s.theatre_id join movies m on m.id = s.movie_id
      where exists (select 1 from showtime_attributes sa join attributes a on a.id = sa.attribute_id
                    where sa.showtime_id = s.id and a.is_premium_format)
      order by s.id limit 1`;
    const res = await app.gql<{ showtime: Record<string, unknown> & { attributes: { code: string }[] } }>(
      `query($id: Int!) { showtime(id: $id) {
        id performanceNumber internalReleaseNumber vendorReleaseNumber movieId movieName sortableMovieName genre movieUrl
        theatreId auditorium showDateTimeUtc showDateTimeLocal sellUntilDateTimeUtc layoutId layoutVersionNumber
        isSoldOut isAlmostSoldOut isCanceled inTheatreTicketingOnly utcOffset purchaseUrl mobilePurchaseUrl runTime
        mpaaRating premiumFormat ticketPrices { price type sku agePolicy tax } lastUpdatedDateUtc
        media { posterDynamic heroDesktopDynamic posterDynamic120x74 } isEmbargoed isComingSoon isDiscountMatineePriced
        discountMatineeMessage visibilityDateTimeUtc attributes { code name } estimatedFees { name cost tax quantity }
        languages { spoken } movie { id name } theatre { id timezone } } }`,
      { id: row.id },
    );
    expect(res.errors).toBeUndefined();
    const s = res.data!.showtime;
    expect(s).toMatchObject({
      id: row.id,
      performanceNumber: row.performance_number,
      movieId: row.movie_id,
      movieName: row.movie_name,
      sortableMovieName: row.sortable_name,
      genre: row.genre,
      mpaaRating: row.mpaa_rating,
      runTime: row.run_time,
      theatreId: row.theatre_id,
      auditorium: row.auditorium,
      layoutId: row.layout_id,
      layoutVersionNumber: row.layout_version_number,
      showDateTimeLocal: row.local,
      premiumFormat: row.premium,
      isSoldOut: false,
      movie: { id: row.movie_id, name: row.movie_name },
      theatre: { id: row.theatre_id },
      languages: { spoken: row.spoken },
      media: { posterDynamic: row.poster },
    });
    expect(s.premiumFormat).toEqual(expect.any(String));
    expect(s.showDateTimeLocal).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(s.utcOffset).toMatch(/^[+-]\d{2}:\d{2}$/);
    expect(s.ticketPrices).toHaveLength(row.prices);
    expect(s.attributes.map((a) => a.code).sort()).toEqual(row.codes);
    expect(String(s.purchaseUrl)).toContain(String(row.id));
  });

  it('answers null for an unknown showtime id', async () => {
    const res = await app.gql<{ showtime: unknown }>(`{ showtime(id: 987654321) { id } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data!.showtime).toBeNull();
  });

  it('finds the earliest future showtime of a movie at a theatre', async () => {
    const [row] = await sql`
      select theatre_id, movie_id, min(show_date_time_utc) as first from showtimes
      where show_date_time_utc > now() + interval '1 hour' and not is_canceled group by 1, 2 order by 1, 2 limit 1`;
    const res = await app.gql<{ earliestShowtime: ShowtimeItem }>(
      `query($t: Int!, $m: Int!) { earliestShowtime(theatreId: $t, movieId: $m) { id showDateTimeUtc } }`,
      { t: row.theatre_id, m: row.movie_id },
    );
    expect(res.data!.earliestShowtime.showDateTimeUtc).toBe(new Date(row.first).toISOString());
    const none = await app.gql<{ earliestShowtime: unknown }>(`{ earliestShowtime(theatreId: 1, movieId: 987654) { id } }`);
    expect(none.data!.earliestShowtime).toBeNull();
  });
});

describe('Theatre.showtimes(date)', () => {
  it('takes the theatre-local calendar day, also for late shows whose UTC date is the next day', async () => {
    const [late] = await sql.unsafe(`
      select s.id, s.theatre_id as "theatreId", ${localDay()} as day from showtimes s join theatres t on t.id = s.theatre_id
      where s.show_date_time_utc > now() + interval '1 day'
        and ${localDay()} <> ${localDay('s', "'UTC'")}
      order by s.id limit 1`);
    const [{ n }] = await sql.unsafe(
      `select count(*)::int as n from showtimes s join theatres t on t.id = s.theatre_id
       where s.theatre_id = $1 and (s.show_date_time_utc at time zone t.timezone)::date = $2::date`,
      [late.theatreId, late.day],
    );
    const res = await app.gql<{ theatre: { showtimes: ShowtimeItem[] } }>(
      `query($id: Int!, $d: String) { theatre(id: $id) { showtimes(date: $d) { id showDateTimeLocal showDateTimeUtc } } }`,
      { id: late.theatreId, d: late.day },
    );
    expect(res.errors).toBeUndefined();
    const list = res.data!.theatre.showtimes;
    expect(list).toHaveLength(n);
    expect(list.every((s) => s.showDateTimeLocal.startsWith(late.day))).toBe(true);
    const lateOne = list.find((s) => s.id === late.id)!;
    expect(lateOne).toBeDefined();
    expect(lateOne.showDateTimeUtc.slice(0, 10)).not.toBe(late.day);
    const times = list.map((s) => s.showDateTimeUtc);
    expect([...times].sort()).toEqual(times);
  });

  it('pages the same list with showtimesPage', async () => {
    const { theatreId, day, n } = await busyTheatreDay();
    const res = await app.gql<{ theatre: { showtimes: { id: number }[]; showtimesPage: { items: { id: number }[]; totalCount: number; hasNextPage: boolean } } }>(
      `query($id: Int!, $d: String) { theatre(id: $id) { showtimes(date: $d) { id }
         showtimesPage(date: $d, pageNumber: 2, pageSize: 5) { items { id } totalCount hasNextPage } } }`,
      { id: theatreId, d: day },
    );
    expect(res.data!.theatre.showtimesPage.totalCount).toBe(n);
    expect(res.data!.theatre.showtimesPage.items.map((s) => s.id)).toEqual(
      res.data!.theatre.showtimes.slice(5, 10).map((s) => s.id),
    );
  });

  it('filters by attributes with AND / OR and exclusion, as SQL says', async () => {
    const { theatreId, day, n } = await busyTheatreDay();
    const codes = (await sql.unsafe(
      `select a.code, count(*)::int as n from showtimes s join theatres t on t.id = s.theatre_id
       join showtime_attributes sa on sa.showtime_id = s.id join attributes a on a.id = sa.attribute_id
       where s.theatre_id = $1 and ${localDay()} = $2 group by 1 order by abs(count(*) - $3::int / 3), 1 limit 2`,
      [theatreId, day, n],
    )).map((r) => r.code as string);
    expect(codes).toHaveLength(2);
    const truth = async (cond: string) =>
      (await sql.unsafe(
        `select s.id from showtimes s join theatres t on t.id = s.theatre_id where s.theatre_id = $1
         and ${localDay()} = $2 and ${cond} order by s.show_date_time_utc, s.id`,
        [theatreId, day, codes[0], codes[1]],
      )).map((r) => r.id as number);
    const has = (p: string) =>
      `exists (select 1 from showtime_attributes sa join attributes a on a.id = sa.attribute_id where sa.showtime_id = s.id and a.code = ${p})`;
    const ask = async (args: string) => {
      const res = await app.gql<{ theatre: { showtimes: { id: number }[] } }>(
        `query($id: Int!, $d: String) { theatre(id: $id) { showtimes(date: $d, ${args}) { id } } }`,
        { id: theatreId, d: day },
      );
      expect(res.errors).toBeUndefined();
      return res.data!.theatre.showtimes.map((s) => s.id);
    };
    const list = JSON.stringify(codes);
    const and = await truth(`${has('$3')} and ${has('$4')}`);
    const or = await truth(`(${has('$3')} or ${has('$4')})`);
    expect(or.length).toBeGreaterThan(and.length);
    expect(await ask(`includeAttributes: ${list}`)).toEqual(and);
    expect(await ask(`includeAttributes: ${list}, attributeOperator: OR`)).toEqual(or);
    expect(await ask(`excludeAttributes: ${list}`)).toEqual(await truth(`not ${has('$3')} and not ${has('$4')}`));
    expect(await ask(`includeAttributes: ["${codes[0]}"], excludeAttributes: ["${codes[1]}"]`)).toEqual(
      await truth(`${has('$3')} and not ${has('$4')}`),
    );
  });

  it('lists a movie’s showtimes at a theatre on a date', async () => {
    const { theatreId, day } = await busyTheatreDay();
    const [row] = await sql.unsafe(
      `select s.movie_id as "movieId", array_agg(s.id order by s.show_date_time_utc, s.id) as ids
       from showtimes s join theatres t on t.id = s.theatre_id where s.theatre_id = $1 and ${localDay()} = $2
       group by 1 order by count(*) desc, 1 limit 1`,
      [theatreId, day],
    );
    const res = await app.gql<{ movie: { showtimes: { id: number }[] } }>(
      `query($m: Int!, $t: Int, $d: String) { movie(id: $m) { showtimes(theatreId: $t, date: $d) { id } } }`,
      { m: row.movieId, t: theatreId, d: day },
    );
    expect(res.data!.movie.showtimes.map((s) => s.id)).toEqual(row.ids);
  });

  it('rejects a malformed date and an oversized page naming the argument', async () => {
    const bad = await app.gql(`{ theatre(id: 1) { showtimes(date: "2024-13-45") { id } } }`);
    expect(bad.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'date' });
    expect(bad.errors![0].message).toBe('date must be YYYY-MM-DD');
    const big = await app.gql(`{ theatre(id: 1) { showtimesPage(pageSize: 1000) { totalCount } } }`);
    expect(big.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(big.errors![0].message).toContain('pageSize');
  });
});

describe('showtimesNear', () => {
  it('lists showtimes of theatres within the radius on the local date, nearest first', async () => {
    const { theatreId, day } = await busyTheatreDay();
    const [origin] = await sql`select latitude, longitude from theatres where id = ${theatreId}`;
    const theatres = await sql`select id, latitude, longitude from theatres`;
    const radius = 60;
    const distance = new Map(theatres.map((t) => [t.id as number, haversineMiles(origin as never, t as never)]));
    const within = [...distance].filter(([, d]) => d <= radius).map(([id]) => id);
    const [{ n }] = await sql.unsafe(
      `select count(*)::int as n from showtimes s join theatres t on t.id = s.theatre_id
       where s.theatre_id = any($1::int[]) and ${localDay()} = $2`,
      [within, day],
    );
    const res = await app.gql<{ showtimesNear: { items: ShowtimeItem[]; totalCount: number } }>(
      `query($d: String!, $lat: Float!, $lon: Float!) { showtimesNear(date: $d, latitude: $lat, longitude: $lon,
         radius: ${radius}, pageSize: 100) { items { id theatreId showDateTimeLocal showDateTimeUtc } totalCount } }`,
      { d: day, lat: origin.latitude, lon: origin.longitude },
    );
    expect(res.errors).toBeUndefined();
    const { items, totalCount } = res.data!.showtimesNear;
    expect(totalCount).toBe(n);
    expect(items[0].theatreId).toBe(theatreId);
    expect(items.every((s) => within.includes(s.theatreId) && s.showDateTimeLocal.startsWith(day))).toBe(true);
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [distance.get(items[i - 1].theatreId)!, distance.get(items[i].theatreId)!];
      expect(b).toBeGreaterThanOrEqual(a - 1e-9);
      if (items[i - 1].theatreId === items[i].theatreId) {
        expect(items[i].showDateTimeUtc >= items[i - 1].showDateTimeUtc).toBe(true);
      }
    }
  });

  it('rejects an out-of-range radius', async () => {
    const res = await app.gql(`{ showtimesNear(date: "2030-01-01", latitude: 40, longitude: -74, radius: 5000) { totalCount } }`);
    expect(res.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'radius' });
  });
});
