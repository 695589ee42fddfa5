import type { FastifyInstance } from 'fastify';
import type postgres from 'postgres';

const PAGE_SIZE = 100;
const WEBSITE_URL = 'https://www.marquee-cinemas.example';
const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
/** An offset from UTC in minutes as `-05:00` / `+00:00`. */
function utcOffsetOf(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

interface RestShowtimeRow {
  id: number | null;
  total: number;
  performance_number: number;
  movie_id: number;
  theatre_id: number;
  auditorium: number;
  layout_id: number;
  layout_version_number: number;
  show_utc: string;
  show_local: string;
  offset_minutes: number;
  sell_until_utc: string;
  is_canceled: boolean;
  in_theatre_ticketing_only: boolean;
  is_embargoed: boolean | null;
  is_coming_soon: boolean | null;
  visibility_utc: string | null;
  is_discount_matinee_priced: boolean;
  discount_matinee_message: string | null;
  languages: { spoken?: string };
  estimated_fees: { cost: number; tax: number; name: string; quantity: number }[];
  last_updated_utc: string;
  movie_name: string;
  sortable_name: string;
  slug: string;
  genre: string;
  mpaa_rating: string;
  run_time: number;
  vendor_release_number: number | null;
  internal_release_number: number | null;
  heroDesktopDynamic: string | null;
  heroMobileDynamic: string | null;
  posterDynamic: string | null;
  posterDynamic120x74: string | null;
  posterAlternateDynamic: string | null;
  poster3DDynamic: string | null;
  posterLargeFormatDynamic: string | null;
  trailerTeaserDynamic: string | null;
  trailerAlternateDynamic: string | null;
  taken: number;
  capacity: number;
  attributes: { code: string; name: string; description: string | null }[] | null;
  premium_format: string | null;
}

interface RestPriceRow {
  showtime_id: number;
  type: string;
  price: string;
  tax: string;
  sku: string;
  age_policy: string | null;
}

/**
 * Baseline of the REST case: the page `GET /v2/theatres/{id}/showtimes/{date}?page-size=100` by hand,
 * answering the same JSON as the app — every field, link and order (bench/run.ts checks the bodies are
 * deep-equal before loading) — with 2 prepared postgres.js statements and plain JS objects:
 * 1. the page: the theatre (none: 404), its showtimes of the local day (the day's UTC bounds in the
 *    theatre's zone, widened 3 hours for a DST change at midnight, then the exact local-date test, so the
 *    (theatre, time) index reads the day), first 100 by start time and id with the total as a window count;
 *    each with its movie (the 9 media keys as text), theatre-local time and UTC offset, its active
 *    attributes as JSON in display order (sort, name, id) and the first premium one's name, its taken
 *    seats, and — only for showtimes with a taken seat, as neither sold-out flag can hold without one — its
 *    layout version's sellable seats, counted once per version;
 * 2. the ticket prices of the page's showtimes (`= any($ids)`), by showtime, price and type, as the app
 *    orders them.
 * Links use the `origin` query parameter (bench passes the app's origin), else this server's own.
 */
export function restBaselineRoutes(app: FastifyInstance, sql: postgres.Sql): void {
  app.get<{ Querystring: { theatreId: string; date: string; origin?: string } }>('/baseline/rest-showtimes', async (req, reply) => {
    const theatreId = Number(req.query.theatreId);
    const date = req.query.date;
    if (!Number.isInteger(theatreId) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      return reply.code(400).send({ errors: [{ code: 400, message: 'theatreId and date (YYYY-MM-DD) required' }] });
    }
    // One row per showtime of the page, or one row of nulls for a day without showtimes; none: no theatre.
    const rows = await sql<RestShowtimeRow[]>`
      with t as (select id, timezone from theatres where id = ${theatreId}),
      page as (
        select s.*, count(*) over ()::int as total
        from t join showtimes s on s.theatre_id = t.id
        where s.show_date_time_utc >= (${date}::date::timestamp at time zone t.timezone) - interval '3 hours'
          and s.show_date_time_utc < ((${date}::date + 1)::timestamp at time zone t.timezone) + interval '3 hours'
          and (s.show_date_time_utc at time zone t.timezone)::date = ${date}::date
        order by s.show_date_time_utc, s.id
        limit ${PAGE_SIZE}
      ),
      taken as (
        select c.showtime_id, count(*)::int as seats
        from seat_claims c
        where c.showtime_id in (select id from page) and c.status in ('held', 'sold')
        group by 1
      ),
      capacity as (
        select ls.layout_version_id, count(*)::int as seats
        from layout_seats ls
        where ls.layout_version_id in (select p.layout_version_id from page p join taken on taken.showtime_id = p.id)
          and ls.type not in ('NotASeat', 'Blocked')
        group by 1
      )
      select p.id, p.total, p.performance_number, p.movie_id, p.theatre_id, p.auditorium, p.layout_id, p.layout_version_number,
        to_char(p.show_date_time_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as show_utc,
        to_char(p.show_date_time_utc at time zone t.timezone, 'YYYY-MM-DD"T"HH24:MI:SS') as show_local,
        (extract(epoch from (p.show_date_time_utc at time zone t.timezone) - (p.show_date_time_utc at time zone 'UTC')) / 60)::int
          as offset_minutes,
        to_char(p.sell_until_date_time_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sell_until_utc,
        p.is_canceled, p.in_theatre_ticketing_only, p.is_embargoed, p.is_coming_soon,
        to_char(p.visibility_date_time_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as visibility_utc,
        p.is_discount_matinee_priced, p.discount_matinee_message, p.languages, p.estimated_fees,
        to_char(p.last_updated_date_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_updated_utc,
        m.name as movie_name, m.sortable_name, m.slug, m.genre, m.mpaa_rating, m.run_time,
        m.vendor_release_number, m.internal_release_number,
        m.media->>'heroDesktopDynamic' as "heroDesktopDynamic",
        m.media->>'heroMobileDynamic' as "heroMobileDynamic",
        m.media->>'posterDynamic' as "posterDynamic",
        m.media->>'posterDynamic120x74' as "posterDynamic120x74",
        m.media->>'posterAlternateDynamic' as "posterAlternateDynamic",
        m.media->>'poster3DDynamic' as "poster3DDynamic",
        m.media->>'posterLargeFormatDynamic' as "posterLargeFormatDynamic",
        m.media->>'trailerTeaserDynamic' as "trailerTeaserDynamic",
        m.media->>'trailerAlternateDynamic' as "trailerAlternateDynamic",
        coalesce(taken.seats, 0) as taken, coalesce(cap.seats, 0) as capacity,
        attrs.attributes, attrs.premium_format
      from t
      left join page p on true
      left join movies m on m.id = p.movie_id
      left join taken on taken.showtime_id = p.id
      left join capacity cap on cap.layout_version_id = p.layout_version_id
      left join lateral (
        select json_agg(json_build_object('code', a.code, 'name', a.name, 'description', a.short_description)
                        order by a.sort, a.name, a.id) as attributes,
               (array_agg(a.name order by a.sort, a.name, a.id) filter (where a.is_premium_format))[1] as premium_format
        from showtime_attributes sa join attributes a on a.id = sa.attribute_id
        where sa.showtime_id = p.id and a.is_active
      ) attrs on true
      order by p.show_date_time_utc, p.id`;
    if (!rows.length) return reply.code(404).send({ errors: [{ code: 404, message: `Theatre ${theatreId} not found` }] });
    const showtimes = rows[0].id === null ? [] : rows;
    const ids = showtimes.map((r) => r.id as number);
    const prices = ids.length
      ? await sql<RestPriceRow[]>`
          select showtime_id, type, price, tax, sku, age_policy from showtime_ticket_prices
          where showtime_id = any(${ids}) order by showtime_id, price, type`
      : [];
    const pricesBy = new Map<number, { price: number; type: string; sku: string; agePolicy: string | null; tax: number }[]>();
    for (const p of prices) {
      const price = { price: Number(p.price), type: p.type, sku: p.sku, agePolicy: p.age_policy, tax: Number(p.tax) };
      const list = pricesBy.get(p.showtime_id);
      if (list) list.push(price);
      else pricesBy.set(p.showtime_id, [price]);
    }
    const origin = req.query.origin ?? `${req.protocol}://${req.host}`;
    const rel = {
      movie: `${origin}/rels/v2/movie`,
      theatre: `${origin}/rels/v2/theatre`,
      seating: `${origin}/rels/v2/seating-layout`,
      seatingV1: `${origin}/rels/v1/seating-layout`,
      rentals: `${origin}/rels/v2/showtimes/private-theatre-rental-movies`,
    };
    const rentals = `${origin}/v2/showtimes/private-theatre-rental-movies`;
    let lastUpdated: string | null = null;
    const embedded = showtimes.map((r) => {
      const id = r.id as number;
      if (lastUpdated === null || r.last_updated_utc > lastUpdated) lastUpdated = r.last_updated_utc;
      const soldOut = r.capacity > 0 && r.taken >= r.capacity;
      return {
        id,
        performanceNumber: r.performance_number,
        internalReleaseNumber: r.internal_release_number,
        vendorReleaseNumber: r.vendor_release_number,
        movieId: r.movie_id,
        movieName: r.movie_name,
        sortableMovieName: r.sortable_name,
        genre: r.genre,
        movieUrl: `${WEBSITE_URL}/movies/${r.slug}`,
        theatreId: r.theatre_id,
        auditorium: r.auditorium,
        showDateTimeUtc: r.show_utc,
        showDateTimeLocal: r.show_local,
        sellUntilDateTimeUtc: r.sell_until_utc,
        layoutId: r.layout_id,
        layoutVersionNumber: r.layout_version_number,
        isSoldOut: soldOut,
        isAlmostSoldOut: r.capacity > 0 && !soldOut && r.taken >= 0.9 * r.capacity,
        isCanceled: r.is_canceled,
        inTheatreTicketingOnly: r.in_theatre_ticketing_only,
        utcOffset: utcOffsetOf(r.offset_minutes),
        purchaseUrl: `${WEBSITE_URL}/showtimes/${id}/purchase`,
        mobilePurchaseUrl: `${WEBSITE_URL}/m/showtimes/${id}/purchase`,
        runTime: r.run_time,
        mpaaRating: r.mpaa_rating,
        premiumFormat: r.premium_format,
        ticketPrices: pricesBy.get(id) ?? [],
        lastUpdatedDateUtc: r.last_updated_utc,
        media: {
          heroDesktopDynamic: r.heroDesktopDynamic,
          heroMobileDynamic: r.heroMobileDynamic,
          posterDynamic: r.posterDynamic,
          posterDynamic120x74: r.posterDynamic120x74,
          posterAlternateDynamic: r.posterAlternateDynamic,
          poster3DDynamic: r.poster3DDynamic,
          posterLargeFormatDynamic: r.posterLargeFormatDynamic,
          trailerTeaserDynamic: r.trailerTeaserDynamic,
          trailerAlternateDynamic: r.trailerAlternateDynamic,
        },
        isEmbargoed: r.is_embargoed,
        isComingSoon: r.is_coming_soon,
        isDiscountMatineePriced: r.is_discount_matinee_priced,
        discountMatineeMessage: r.discount_matinee_message,
        visibilityDateTimeUtc: r.visibility_utc,
        attributes: r.attributes ?? [],
        estimatedFees: r.estimated_fees.map((f) => ({ cost: f.cost, tax: f.tax, name: f.name, quantity: f.quantity })),
        languages: { spoken: r.languages.spoken ?? null },
        _links: {
          self: { href: `${origin}/v2/showtimes/${id}`, templated: false },
          [rel.movie]: { href: `${origin}/v2/movies/${r.movie_id}`, templated: false },
          [rel.theatre]: { href: `${origin}/v2/theatres/${r.theatre_id}`, templated: false },
          [rel.seating]: { href: `${origin}/v2/seating-layouts/${r.theatre_id}/${r.performance_number}`, templated: false },
          [rel.seatingV1]: { href: `${origin}/v3/seating-layouts/${r.theatre_id}/${r.performance_number}`, templated: false },
          [rel.rentals]: { href: rentals, templated: false },
        },
      };
    });
    const count = showtimes.length ? rows[0].total : 0;
    const self = `${origin}/v2/theatres/${theatreId}/showtimes/${date}?page-size=${PAGE_SIZE}`;
    const links: Record<string, { href: string; templated: boolean }> = { self: { href: self, templated: false } };
    if (PAGE_SIZE < count) links.next = { href: `${self}&page-number=2`, templated: false };
    return {
      pageSize: PAGE_SIZE,
      pageNumber: 1,
      count,
      lastUpdatedDateUtc: lastUpdated,
      _embedded: { showtimes: embedded },
      _links: links,
    };
  });
}
