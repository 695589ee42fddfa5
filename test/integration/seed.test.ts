import { sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { seedDemo, seedIfEmpty } from '../../db/seed';
import { hashVendorKey } from '../../src/auth/principal';
import { useTestApp } from '../helpers/app';
import { databaseUrl, RUN_ENV, withAdmin } from '../helpers/db';

// The spec's lists, written out here so a wrong seed list cannot make its own test pass.
const SPEC_GENRES = [
  'Adventure', 'Animation', 'Comedy', 'Western', 'Special Events', 'Fantasy', 'Musical', 'SCI-FI', 'Film Festival',
  'Suspense', 'Family', 'URBAN', 'Romantic Comedy', 'Action', 'SPECIALTY', 'Documentary', 'Horror', 'Drama', 'Science Fiction',
];
const SPEC_RATINGS = ['G', 'PG', 'PG13', '14A', 'R', 'NC17', '18A', 'X', 'NR'];
const SPEC_REFUND_REASONS =
  'Act of God (Blizzard, Earthquake, Flood, Hurricane, OtherActOfGod, Tornado); Auditorium Closure (SchedulingError, TechnicalIssue, UnforeseenMaintenance); Change of Plans (NotAllInPartyWillBeAttending); Error on Website (DuplicateCharges, ErrorOnWebsite, PaymentError, ShowCancelled); Guest Self Service (ChangedMindCannotMakeShow, TooManyTickets, WrongDay, WrongMovieFormat, WrongSeats, WrongTheatre, WrongTicketType, WrongTime); Oversell due to crossovers (Oversell); Selected Wrong Qty/Item (SelectedWrongQtyItem); Service Shortfall (Disturbances, EnvironmentConcerns, SilenceIsGolden); Theatre Closure (Weather, PowerOutage, UnforeseenMaintenance, WaterMainBreak); Theatre Issues (Emergency, Evacuation, PowerOutage, ProjectionIssues, NeverOpened)';
const SPEC_CONTENT_TYPES =
  'Poster, PosterAlternate, Poster3D, PosterLargeFormat, MovieStill, Publicity, Trailer, TrailerTeaser, TrailerAlternate, MovieClip, News, Interview, Interior, Exterior, Primary, StoreIcon, Promotional, Hero, Digital Gift Card'.split(', ');

const { app } = useTestApp();

async function q<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  return (await app.database.db.execute(query)) as unknown as T[];
}
async function one<T = Record<string, unknown>>(query: SQL): Promise<T> {
  return (await q<T>(query))[0];
}

describe('demo chain: theatres and movies', () => {
  it('has at least 40 theatres in at least 8 markets over at least 3 time zones, with real-looking data', async () => {
    const r = await one<{ theatres: number; markets: number; zones: number; slugs: number }>(
      sql`select count(*)::int as theatres, count(distinct market_id)::int as markets,
                 count(distinct timezone)::int as zones, count(distinct slug)::int as slugs from theatres`,
    );
    expect(r.theatres).toBeGreaterThanOrEqual(40);
    expect(r.markets).toBeGreaterThanOrEqual(8);
    expect(r.zones).toBeGreaterThanOrEqual(3);
    expect(r.slugs).toBe(r.theatres);
    const ny = await q<{ latitude: number; longitude: number; state: string; state_name: string; timezone: string }>(
      sql`select t.latitude, t.longitude, t.state, t.state_name, t.timezone from theatres t join markets m on m.id = t.market_id where m.slug = 'new-york'`,
    );
    expect(ny.length).toBeGreaterThan(0);
    for (const t of ny) {
      expect(Math.abs(t.latitude - 40.71)).toBeLessThan(0.2);
      expect(Math.abs(t.longitude + 74.01)).toBeLessThan(0.25);
      expect([t.state, t.state_name, t.timezone]).toEqual(['NY', 'New York', 'America/New_York']);
    }
    const attrs = await one<{ min: number }>(
      sql`select min(n)::int as min from (select count(*) as n from theatre_attributes group by theatre_id) x`,
    );
    expect(attrs.min).toBeGreaterThanOrEqual(2);
  });

  it('has 60+ movies over every spec genre and rating, with now-playing, advance and coming-soon releases', async () => {
    const genres = await q<{ genre: string }>(sql`select distinct genre from movies`);
    expect(genres.map((g) => g.genre).sort()).toEqual([...SPEC_GENRES].sort());
    const ratings = await q<{ mpaa_rating: string }>(sql`select distinct mpaa_rating from movies`);
    expect(ratings.map((g) => g.mpaa_rating).sort()).toEqual([...SPEC_RATINGS].sort());
    const r = await one<{ total: number; now: number; advance: number; soon: number; bad: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where release_date_utc <= now())::int as now,
        count(*) filter (where release_date_utc > now() and release_date_utc < now() + interval '13 days')::int as advance,
        count(*) filter (where release_date_utc > now() + interval '15 days')::int as soon,
        count(*) filter (where run_time not between 80 and 180 or score not between 0 and 1
                           or sortable_name ~ '^(The|A) ' or media->>'posterDynamic' not like 'https://media.marquee.example/%')::int as bad
      from movies`);
    expect(r.total).toBeGreaterThanOrEqual(60);
    expect(r.now).toBeGreaterThan(30);
    expect(r.advance).toBeGreaterThan(0);
    expect(r.soon).toBeGreaterThan(0);
    expect(r.bad).toBe(0);
    const soonWithShows = await one<{ n: number }>(
      sql`select count(*)::int as n from showtimes s join movies m on m.id = s.movie_id where s.show_date_time_utc < m.release_date_utc`,
    );
    expect(soonWithShows.n).toBe(0);
  });

  it('credits every movie with 4–8 actors (with roles), a director, a producer and a writer', async () => {
    const bad = await q(sql`
      select movie_id from movie_credits group by movie_id
      having count(*) filter (where job = 'Actor' and role is not null) not between 4 and 8
          or count(*) filter (where job = 'Director') not between 1 and 2
          or count(*) filter (where job = 'Producer') <> 1 or count(*) filter (where job = 'Writer') <> 1`);
    expect(bad).toEqual([]);
    const r = await one<{ people: number; movies: number; credited: number }>(sql`
      select (select count(*) from people)::int as people, (select count(*) from movies)::int as movies,
             (select count(distinct movie_id) from movie_credits)::int as credited`);
    expect(r.people).toBeGreaterThanOrEqual(200);
    expect(r.credited).toBe(r.movies);
  });
});

describe('demo chain: showtimes', () => {
  it('has 10,000+ showtimes on exactly 14 theatre-local days starting today, 10:00–23:00 local', async () => {
    const total = await one<{ n: number }>(sql`select count(*)::int as n from showtimes`);
    expect(total.n).toBeGreaterThanOrEqual(10000);
    const perTheatre = await q<{ id: number; timezone: string; days: number; first: string; early: number; late: number }>(sql`
      select t.id, t.timezone, count(distinct (s.show_date_time_utc at time zone t.timezone)::date)::int as days,
             to_char(min((s.show_date_time_utc at time zone t.timezone)::date), 'YYYY-MM-DD') as first,
             count(*) filter (where (s.show_date_time_utc at time zone t.timezone)::time < '10:00')::int as early,
             count(*) filter (where (s.show_date_time_utc at time zone t.timezone)::time > '23:00')::int as late
      from theatres t join showtimes s on s.theatre_id = t.id group by t.id, t.timezone`);
    const theatres = await one<{ n: number }>(sql`select count(*)::int as n from theatres`);
    expect(perTheatre).toHaveLength(theatres.n);
    for (const t of perTheatre) {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.timezone }).format(new Date());
      expect({ id: t.id, days: t.days, first: t.first, early: t.early, late: t.late }).toEqual({ id: t.id, days: 14, first: today, early: 0, late: 0 });
    }
  });

  it('keeps performance numbers unique per theatre and points at a layout version of that auditorium', async () => {
    const dup = await q(sql`select theatre_id, performance_number from showtimes group by 1, 2 having count(*) > 1`);
    expect(dup).toEqual([]);
    const mismatched = await one<{ n: number }>(sql`
      select count(*)::int as n from showtimes s
      join layout_versions v on v.id = s.layout_version_id
      join seating_layouts l on l.id = v.layout_id
      join auditoriums a on a.id = l.auditorium_id
      where v.layout_id <> s.layout_id or v.version_number <> s.layout_version_number
         or a.theatre_id <> s.theatre_id or a.number <> s.auditorium`);
    expect(mismatched.n).toBe(0);
    const versions = await q<{ v: number }>(sql`select distinct layout_version_number as v from showtimes order by 1`);
    expect(versions.map((x) => x.v)).toEqual([1, 2]);
    const sellUntil = await one<{ n: number }>(
      sql`select count(*)::int as n from showtimes where sell_until_date_time_utc <> show_date_time_utc + interval '30 minutes'`,
    );
    expect(sellUntil.n).toBe(0);
  });

  it('prices every showtime ADULT/CHILD/SENIOR with tax and sku, matinee-discounted before 16:00', async () => {
    const missing = await one<{ n: number }>(sql`
      select count(*)::int as n from showtimes s
      where (select array_agg(type order by type) from showtime_ticket_prices p where p.showtime_id = s.id) <> array['ADULT','CHILD','SENIOR']`);
    expect(missing.n).toBe(0);
    const bad = await one<{ n: number }>(sql`select count(*)::int as n from showtime_ticket_prices where price <= 0 or tax < 0 or sku = ''`);
    expect(bad.n).toBe(0);
    const matinee = await one<{ wrong: number; matinees: number }>(sql`
      select count(*) filter (where s.is_discount_matinee_priced <> ((s.show_date_time_utc at time zone t.timezone)::time < '16:00')
                              or (s.is_discount_matinee_priced and s.discount_matinee_message is null))::int as wrong,
             count(*) filter (where s.is_discount_matinee_priced)::int as matinees
      from showtimes s join theatres t on t.id = s.theatre_id`);
    expect(matinee.wrong).toBe(0);
    expect(matinee.matinees).toBeGreaterThan(1000);
    const fees = await one<{ n: number }>(sql`
      select count(*)::int as n from showtimes
      where jsonb_array_length(estimated_fees) <> 1 or estimated_fees->0->>'name' <> 'convenience' or languages->>'spoken' is null`);
    expect(fees.n).toBe(0);
    const flags = await one<{ canceled: number; distanced: number }>(
      sql`select count(*) filter (where is_canceled)::int as canceled, count(*) filter (where social_distancing)::int as distanced from showtimes`,
    );
    expect(flags.canceled).toBeGreaterThan(0);
    expect(flags.distanced).toBeGreaterThan(0);
  });

  it('tags showtimes with attributes: premium formats, 3D, reserved seating on most, open caption on a few', async () => {
    const counts = await q<{ code: string; n: number }>(sql`
      select a.code, count(*)::int as n from showtime_attributes sa join attributes a on a.id = sa.attribute_id group by a.code`);
    const by = Object.fromEntries(counts.map((c) => [c.code, c.n]));
    const total = (await one<{ n: number }>(sql`select count(*)::int as n from showtimes`)).n;
    expect(by.IMAX).toBeGreaterThan(0);
    expect(by.DOLBYCINEMA).toBeGreaterThan(0);
    expect(by['3D']).toBeGreaterThan(0);
    expect(by.RESERVEDSEATING / total).toBeGreaterThan(0.5);
    expect(by.OPENCAPTION).toBeGreaterThan(0);
    expect(by.OPENCAPTION / total).toBeLessThan(0.1);
    const premiumPerShowtime = await one<{ n: number }>(sql`
      select count(*)::int as n from (select sa.showtime_id from showtime_attributes sa join attributes a on a.id = sa.attribute_id
      where a.is_premium_format group by 1 having count(*) > 1) x`);
    expect(premiumPerShowtime.n).toBe(0);
  });
});

describe('demo chain: seating layouts', () => {
  it('has every seat kind: aisles, wheelchair + companion, loveseats, Premiere recliners, blocked seats', async () => {
    const kinds = await q<{ type: string; tier: string }>(sql`select distinct type, tier from layout_seats order by 1, 2`);
    expect(kinds).toEqual([
      { type: 'Blocked', tier: 'Regular' },
      { type: 'CanReserve', tier: 'Regular' },
      { type: 'Companion', tier: 'Regular' },
      { type: 'LoveSeatLeft', tier: 'Regular' },
      { type: 'LoveSeatRight', tier: 'Regular' },
      { type: 'NotASeat', tier: '' },
      { type: 'Recliner', tier: 'Premiere' },
      { type: 'Wheelchair', tier: 'Regular' },
    ]);
    const shapes = await one<{ n: number }>(sql`select count(distinct (rows, columns))::int as n from layout_versions`);
    expect(shapes.n).toBeGreaterThanOrEqual(4);
    const wheelchairs = await one<{ off: number; lonely: number }>(sql`
      select count(*) filter (where w.row <> 1)::int as off,
             count(*) filter (where not exists (select 1 from layout_seats c where c.layout_version_id = w.layout_version_id
               and c.row = w.row and abs(c.column - w.column) = 1 and c.type = 'Companion'))::int as lonely
      from layout_seats w where w.type = 'Wheelchair'`);
    expect(wheelchairs).toEqual({ off: 0, lonely: 0 });
    const names = await one<{ bad: number; dup: number }>(sql`
      select count(*) filter (where (type = 'NotASeat') <> (seat_name = '') or (type <> 'NotASeat' and seat_name !~ '^[A-Z][0-9]+$')
                              or (type = 'NotASeat') <> (zone_number is null))::int as bad,
             (select count(*) from (select 1 from layout_seats where seat_name <> '' group by layout_version_id, seat_name having count(*) > 1) d)::int as dup
      from layout_seats`);
    expect(names).toEqual({ bad: 0, dup: 0 });
    const zones = await one<{ missing: number; premiere: number }>(sql`
      select count(*) filter (where z.layout_version_id is null)::int as missing,
             (select count(*) from layout_zones where surcharge_amount > 0 and description ilike '%premiere%')::int as premiere
      from layout_seats s left join layout_zones z on z.layout_version_id = s.layout_version_id and z.zone_number = s.zone_number
      where s.zone_number is not null`);
    expect(zones.missing).toBe(0);
    expect(zones.premiere).toBeGreaterThan(0);
  });
});

describe('demo chain: reference data, media, concessions, accounts', () => {
  it("has exactly the spec's refund reasons", async () => {
    const expected = SPEC_REFUND_REASONS.split('; ').flatMap((part) => {
      const [, type, names] = /^(.+) \((.+)\)$/.exec(part)!;
      return names.split(', ').map((name) => `${type}/${name}`);
    });
    const rows = await q<{ type_description: string; name: string; description: string }>(
      sql`select type_description, name, description from refund_reasons order by id`,
    );
    expect(rows.map((r) => `${r.type_description}/${r.name}`)).toEqual(expected);
    expect(rows.find((r) => r.name === 'OtherActOfGod')?.description).toBe('Other act of god');
  });

  it("has exactly the spec's content types, with the spec's Poster and Interior sizes", async () => {
    const types = await q<{ name: string }>(sql`select name from content_types`);
    expect(types.map((t) => t.name).sort()).toEqual([...SPEC_CONTENT_TYPES].sort());
    const sizes = async (ct: string) =>
      (await q<{ s: string }>(sql`select i.name || ' ' || i.width || 'x' || i.height as s from image_size_types i
        join content_types c on c.id = i.content_type_id where c.name = ${ct} order by i.width`)).map((r) => r.s);
    expect(await sizes('Poster')).toEqual(['Thumb 100x150', 'Standard 200x300', 'Large 400x600', 'FullRes 1080x1620']);
    expect(await sizes('Interior')).toEqual(['Thumb 317x133', 'Standard 650x273', 'Large 1300x546']);
  });

  it('has media for every kind of resource, with renditions at the sizes of their content type', async () => {
    const kinds = await q<{ resource_type: string }>(sql`select distinct resource_type from media_items order by 1`);
    expect(kinds.map((k) => k.resource_type)).toEqual(['attribute', 'movie', 'person', 'product', 'product-category', 'promotion', 'theatre']);
    const wrong = await one<{ n: number }>(sql`
      select count(*)::int as n from renditions r join media_items m on m.id = r.media_item_id
      join content_types c on c.id = m.content_type_id
      left join image_size_types i on i.content_type_id = c.id and i.name = r.size
      where (c.media_type = 'image' and (i.id is null or i.width <> r.width or i.height <> r.height))
         or (c.media_type = 'video' and (r.bit_rate is null or r.duration is null))`);
    expect(wrong.n).toBe(0);
    const attributeKeys = await one<{ n: number }>(sql`
      select count(*)::int as n from media_items m where m.resource_type = 'attribute'
      and not exists (select 1 from attributes a where a.code = m.resource_key)`);
    expect(attributeKeys.n).toBe(0);
  });

  it('has a nested menu with modifiers, combos and upsells, sold by every theatre, with pickup slots', async () => {
    const r = await one<Record<string, number>>(sql`select
      (select count(*) from concessions where not is_modifier_only)::int as products,
      (select count(*) from concession_categories where level = 2 and parent_id is not null)::int as subcategories,
      (select count(*) from modifiers m join concessions c on c.id = m.concession_id where not c.is_modifier_only)::int as bad_modifiers,
      (select count(*) from combo_components where type = 'Group')::int as group_components,
      (select count(*) from combo_group_items)::int as group_items,
      (select count(*) from upsell_items)::int as upsells,
      (select count(distinct name) from concession_groups)::int as groups,
      (select count(*) from theatres t where not exists (select 1 from theatre_concessions tc where tc.theatre_id = t.id))::int as theatres_without,
      (select min(n) from (select count(*) as n from pickup_time_slots group by theatre_id) x)::int as min_slots,
      (select count(*) from pickup_time_slots where time_local < '10:00' or time_local > '23:00' or extract(minute from time_local)::int % 15 <> 0)::int as bad_slots`);
    expect(r.products).toBeGreaterThanOrEqual(40);
    expect(r.subcategories).toBeGreaterThan(0);
    expect(r.bad_modifiers).toBe(0);
    expect(r.group_components).toBeGreaterThan(0);
    expect(r.group_items).toBeGreaterThan(r.group_components);
    expect(r.upsells).toBeGreaterThan(0);
    expect(r.groups).toBeGreaterThanOrEqual(3);
    expect(r.theatres_without).toBe(0);
    expect(r.min_slots).toBe(53);
    expect(r.bad_slots).toBe(0);
  });

  it('has the demo vendors (hashed keys) and loyalty cards of accounts 1 and 2, and one unlinked card', async () => {
    const vendors = await q<{ name: string; key_hash: string }>(sql`select name, key_hash from vendors order by id`);
    expect(vendors.map((v) => v.key_hash)).toEqual([hashVendorKey('demo-vendor-key'), hashVendorKey('demo-vendor-key-2')]);
    expect(vendors[0].name).toBe('Demo vendor');
    const cards = await q<{ site_account_id: number | null; card_number: string; account_type: string }>(
      sql`select site_account_id, card_number, account_type from loyalty_cards order by id`,
    );
    expect(cards.find((c) => c.site_account_id === 1)).toMatchObject({ card_number: 'PREM000000000001', account_type: 'Premiere' });
    expect(cards.find((c) => c.site_account_id === 2)).toMatchObject({ card_number: 'INSD000000000002', account_type: 'Insider' });
    expect(cards.filter((c) => c.site_account_id === null)).toHaveLength(1);
    expect(new Set(cards.map((c) => c.account_type)).size).toBeGreaterThanOrEqual(4);
    const accounts = await q<{ id: number }>(sql`select id from site_accounts order by id`);
    expect(accounts.map((a) => a.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('moved every id sequence past the seeded ids', async () => {
    const next = await one<{ id: number }>(sql`insert into markets (name, slug) values ('Test market', 'test-market-seq') returning id`);
    const max = await one<{ n: number }>(sql`select max(id)::int as n from markets where slug <> 'test-market-seq'`);
    expect(next.id).toBe(max.n + 1);
  });
});

describe('seedDemo determinism and seedIfEmpty', () => {
  const created: string[] = [];
  afterAll(async () => {
    await withAdmin(async (admin) => {
      for (const name of created) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  });

  async function freshDatabase(suffix: string) {
    const name = `marquee_seed_${process.env[RUN_ENV]}_${suffix}`;
    await withAdmin((admin) => admin.unsafe(`CREATE DATABASE "${name}"`));
    created.push(name);
    const database = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: '' });
    await database.migrate();
    return database;
  }

  it('gives identical showtimes for the same today, across a DST change (2025-03-09)', async () => {
    const today = new Date('2025-03-02T17:00:00Z');
    const rowsOf = async (suffix: string) => {
      const database = await freshDatabase(suffix);
      try {
        await seedDemo(database.db, { scale: 1, today });
        // Every column of every row, in id order, digested by Postgres: as strict as comparing the rows,
        // without moving 40,000 of them into the test to compare them there.
        const [digest] = (await database.db.execute(sql`
          select (select count(*)::int from showtimes) as shows,
                 (select md5(string_agg(s::text, E'\n' order by s.id)) from showtimes s) as show_rows,
                 (select md5(string_agg(p::text, E'\n' order by p.showtime_id, p.type)) from showtime_ticket_prices p) as price_rows`)) as unknown as {
          shows: number;
          show_rows: string;
          price_rows: string;
        }[];
        const local = (await database.db.execute(sql`
          select count(*) filter (where (s.show_date_time_utc at time zone t.timezone)::time not between '10:00' and '23:00')::int as outside
          from showtimes s join theatres t on t.id = s.theatre_id`)) as unknown as { outside: number }[];
        const vendors = (await database.db.execute(sql`select count(*)::int as n from vendors`)) as unknown as { n: number }[];
        return { ...digest, outside: local[0].outside, vendors: vendors[0].n };
      } finally {
        await database.close();
      }
    };
    // Two databases seeded side by side (each seed is one connection; the machine has two cores).
    const [a, b] = await Promise.all([rowsOf('a'), rowsOf('b')]);
    expect(a.shows).toBeGreaterThanOrEqual(10000);
    expect(b.show_rows).toBe(a.show_rows);
    expect(b.price_rows).toBe(a.price_rows);
    expect(a.outside).toBe(0);
    // seedDemo without demoCredentials creates no vendor.
    expect(a.vendors).toBe(0);
  }, 180000);

  it('seedIfEmpty seeds an empty database once (with demo credentials by default) and then does nothing', async () => {
    const database = await freshDatabase('c');
    try {
      const small = { scale: 0.1, today: new Date('2025-06-10T12:00:00Z') };
      expect(await seedIfEmpty(database.db, small)).toBe(true);
      expect(await seedIfEmpty(database.db, small)).toBe(false);
      const r = (await database.db.execute(
        sql`select (select count(*) from theatres)::int as theatres, (select count(*) from vendors)::int as vendors`,
      )) as unknown as { theatres: number; vendors: number }[];
      expect(r[0]).toEqual({ theatres: 4, vendors: 2 });
    } finally {
      await database.close();
    }
  }, 120000);
});
