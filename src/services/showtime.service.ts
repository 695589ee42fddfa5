import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { movies, showtimes, showtimeTicketPrices, theatres } from '../../db/schema';
import { EARTH_RADIUS_MILES, validateNearQuery } from './geo';
import { pageOfRows, pageWindow, toPage, type Page, type PageRequest } from './page';
import { anyOf, prepared } from './prepared';
import {
  filterConditions,
  futureCondition,
  localDatesCondition,
  localDatesWindow,
  preparedLocalDatesCondition,
  optionalDate,
  showtimeColumns,
  validateFilters,
  type ShowtimeFilters,
} from './showtime-query';

export type ShowtimeRow = typeof showtimes.$inferSelect;
export type TicketPriceRow = typeof showtimeTicketPrices.$inferSelect;
export type { AttributeRow } from './attribute.service';
export type { ShowtimeFilters } from './showtime-query';

/** A showtime with the movie data it shows and its theatre's timezone (one joined row). */
export interface ShowtimeRecord {
  showtime: ShowtimeRow;
  movie: {
    name: string;
    sortableName: string;
    slug: string;
    genre: string;
    mpaaRating: string;
    runTime: number;
    vendorReleaseNumber: number | null;
    internalReleaseNumber: number | null;
    media: Record<string, string | undefined>;
  };
  timezone: string;
  /** Theatre-local calendar day of the start (YYYY-MM-DD). */
  localDate: string;
  /** Ids of its attributes (any order); rows and display order come from the reference cache. */
  attributeIds: number[];
}

/**
 * The share of sellable seats taken (held or sold) from which a showtime is "almost sold out".
 * A sold-out showtime is not also almost sold out.
 */
export const ALMOST_SOLD_OUT_RATIO = 0.9;

const order = [asc(showtimes.showDateTimeUtc), asc(showtimes.id)];

function selectShowtimes(db: Db) {
  return db
    .select(showtimeColumns)
    .from(showtimes)
    .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId));
}

/** Showtimes of the given ids (loaders reorder). */
export async function getShowtimesByIds(db: Db, ids: readonly number[]): Promise<ShowtimeRecord[]> {
  if (!ids.length) return [];
  return prepared(db, 'showtimesByIds', (d) =>
    selectShowtimes(d).where(anyOf(showtimes.id, 'ids')).prepare('showtimesByIds'),
  ).execute({ ids: [...ids] });
}

/** One showtime, or null when the id is unknown. */
export async function getShowtime(db: Db, id: number): Promise<ShowtimeRecord | null> {
  const [row] = await getShowtimesByIds(db, [id]);
  return row ?? null;
}

/** The showtime of a theatre's performance number (the REST seating-layout route's key), or null. */
export async function getShowtimeByPerformance(
  db: Db,
  theatreId: number,
  performanceNumber: number,
): Promise<ShowtimeRecord | null> {
  const [row] = await selectShowtimes(db)
    .where(and(eq(showtimes.theatreId, theatreId), eq(showtimes.performanceNumber, performanceNumber)))
    .limit(1);
  return row ?? null;
}

/** Which showtimes a batch read selects: any of the theatres/movies, on any of the local dates. */
export interface ShowtimeSelection {
  theatreIds?: readonly number[];
  movieIds?: readonly number[];
  /** Theatre-local days; none means every future showtime. */
  dates?: readonly string[];
  filters: ShowtimeFilters;
}

/** All showtimes of a selection in one statement, by start time. Batch loaders split them by key. */
export async function selectShowtimesOf(db: Db, selection: ShowtimeSelection): Promise<ShowtimeRecord[]> {
  const conditions: SQL[] = [...filterConditions(selection.filters)];
  if (!conditions.length) return selectUnfilteredShowtimesOf(db, selection);
  if (selection.theatreIds) conditions.push(inArray(showtimes.theatreId, [...selection.theatreIds]));
  if (selection.movieIds) conditions.push(inArray(showtimes.movieId, [...selection.movieIds]));
  conditions.push(selection.dates?.length ? localDatesCondition(selection.dates) : futureCondition());
  return selectShowtimes(db)
    .where(and(...conditions))
    .orderBy(...order);
}

/**
 * `selectShowtimesOf` without filters, the common case (a theatre's or a movie's day): one prepared
 * statement per shape (theatres and/or movies, dates or future), so it is built only once.
 */
function selectUnfilteredShowtimesOf(db: Db, selection: ShowtimeSelection): Promise<ShowtimeRecord[]> {
  const dates = selection.dates?.length ? selection.dates : null;
  const shape = `showtimesOf:${selection.theatreIds ? 't' : ''}${selection.movieIds ? 'm' : ''}${dates ? 'd' : 'f'}`;
  const statement = prepared(db, shape, (d) => {
    const conditions: SQL[] = [];
    if (selection.theatreIds) conditions.push(anyOf(showtimes.theatreId, 'theatreIds'));
    if (selection.movieIds) conditions.push(anyOf(showtimes.movieId, 'movieIds'));
    conditions.push(dates ? preparedLocalDatesCondition() : gte(showtimes.showDateTimeUtc, sql.placeholder('now')));
    return selectShowtimes(d)
      .where(and(...conditions))
      .orderBy(...order)
      .prepare(shape.replace(':', '_'));
  });
  return statement.execute({
    theatreIds: selection.theatreIds ? [...selection.theatreIds] : undefined,
    movieIds: selection.movieIds ? [...selection.movieIds] : undefined,
    ...instantParams(dates),
  });
}

/**
 * The values of `preparedLocalDatesCondition` for `dates`, or `now` for future showtimes without dates.
 * Instants bind as ISO text: drizzle's postgres.js client passes parameters through unserialized.
 */
function instantParams(dates: readonly string[] | null) {
  if (!dates) return { now: new Date().toISOString() };
  const { from, to } = localDatesWindow(dates);
  return { from: from.toISOString(), to: to.toISOString(), dates: [...dates] };
}

/** Which showtimes a list shows: a theatre's, on a theatre-local day (YYYY-MM-DD) or every future one, filtered. */
export interface ShowtimeListQuery {
  theatreId: number;
  date?: string | null;
  filters?: ShowtimeFilters;
}

/** A showtime page's columns: the record and the total count of the list, as a window count. */
const selectPage = (db: Db) =>
  db
    .select({ ...showtimeColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(showtimes)
    .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId));

/**
 * A page of a theatre's showtimes on a theatre-local date, or of all its future showtimes without a
 * date, filtered and paged in SQL: one statement (the total rides along as a window count; a page past
 * the end costs a second, counting one). BAD_USER_INPUT for a malformed date or filter. The one
 * showtimes listing of both surfaces: REST's showtimes routes and GraphQL's `Theatre.showtimesPage`.
 */
export async function listShowtimes(db: Db, query: ShowtimeListQuery, page: PageRequest): Promise<Page<ShowtimeRecord>> {
  const date = optionalDate(query.date);
  const filters = validateFilters(query.filters ?? {});
  const conditions = filterConditions(filters);
  const where = () =>
    and(eq(showtimes.theatreId, query.theatreId), date ? localDatesCondition([date]) : futureCondition(), ...conditions);
  const { limit, offset } = pageWindow(page);
  // Without filters (most lists), a prepared statement per shape; filtered lists are built per call.
  const rows = conditions.length
    ? await selectPage(db).where(where()).orderBy(...order).limit(limit).offset(offset)
    : await prepared(db, `listShowtimes:${date ? 'd' : 'f'}`, (d) =>
        selectPage(d)
          .where(
            and(
              eq(showtimes.theatreId, sql.placeholder('theatreId')),
              date ? preparedLocalDatesCondition() : gte(showtimes.showDateTimeUtc, sql.placeholder('now')),
            ),
          )
          .orderBy(...order)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`listShowtimes_${date ? 'd' : 'f'}`),
      ).execute({ theatreId: query.theatreId, limit, offset, ...instantParams(date ? [date] : null) });
  if (rows.length) return toPage(rows.map(({ total: _, ...record }) => record), rows[0].total, page);
  if (offset === 0) return toPage([], 0, page);
  const [{ total }] = await db
    .select({ total: count() })
    .from(showtimes)
    .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId))
    .where(where());
  return toPage([], total, page);
}

/**
 * Pages of several theatres' showtime lists that share the date, filters and page (as a nested field
 * over a list of theatres asks for them): one statement either way. One theatre is `listShowtimes`
 * (paged in SQL); several share one statement of their whole lists, paged here, so the statement count
 * does not grow with the number of theatres.
 */
export async function listShowtimePages(
  db: Db,
  theatreIds: readonly number[],
  query: Omit<ShowtimeListQuery, 'theatreId'>,
  page: PageRequest,
): Promise<Page<ShowtimeRecord>[]> {
  if (theatreIds.length === 1) return [await listShowtimes(db, { ...query, theatreId: theatreIds[0] }, page)];
  const date = optionalDate(query.date);
  const rows = await selectShowtimesOf(db, {
    theatreIds: [...new Set(theatreIds)],
    dates: date ? [date] : undefined,
    filters: validateFilters(query.filters ?? {}),
  });
  return theatreIds.map((id) => pageOfRows(rows.filter((r) => r.showtime.theatreId === id), page));
}

/** The earliest future, not canceled showtime of a movie at a theatre, or null. */
export async function earliestShowtime(db: Db, theatreId: number, movieId: number): Promise<ShowtimeRecord | null> {
  const [row] = await selectShowtimes(db)
    .where(
      and(
        eq(showtimes.theatreId, theatreId),
        eq(showtimes.movieId, movieId),
        eq(showtimes.isCanceled, false),
        futureCondition(),
      ),
    )
    .orderBy(...order)
    .limit(1);
  return row ?? null;
}

/** A showtime near a point, with its theatre's distance in miles. */
export type NearShowtimeRecord = ShowtimeRecord & { distance: number };

/**
 * Showtimes on a theatre-local date at theatres within `radius` miles (default 50) of the point,
 * ordered by distance, then start time, then id; paged. Validates date, point, radius and filters.
 */
export async function showtimesNear(
  db: Db,
  query: { date: string; latitude: number; longitude: number; radius?: number | null; filters?: ShowtimeFilters },
  page: { pageNumber: number; pageSize: number },
): Promise<Page<NearShowtimeRecord>> {
  const date = optionalDate(query.date)!;
  const point = validateNearQuery(query);
  const filters = validateFilters(query.filters ?? {});
  // Explicit casts: an integral JS number would otherwise be bound as an integer parameter.
  const lat = sql`${point.latitude}::double precision`;
  const lon = sql`${point.longitude}::double precision`;
  const distance = sql<number>`(2 * ${EARTH_RADIUS_MILES}::double precision * asin(least(1, sqrt(
    power(sin(radians(${theatres.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${theatres.latitude}))
      * power(sin(radians(${theatres.longitude} - ${lon}) / 2), 2)))))`;
  const where = and(lte(distance, sql`${point.radius}::double precision`), localDatesCondition([date]), ...filterConditions(filters));
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...showtimeColumns, distance: distance.mapWith(Number) })
      .from(showtimes)
      .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
      .innerJoin(movies, eq(movies.id, showtimes.movieId))
      .where(where)
      .orderBy(asc(distance), asc(theatres.id), ...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(showtimes)
      .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
      .innerJoin(movies, eq(movies.id, showtimes.movieId))
      .where(where),
  ]);
  return toPage(rows, total, page);
}

/** Ticket prices of the given showtimes. */
export async function getTicketPrices(db: Db, showtimeIds: readonly number[]): Promise<TicketPriceRow[]> {
  if (!showtimeIds.length) return [];
  return prepared(db, 'ticketPricesOf', (d) =>
    d
      .select()
      .from(showtimeTicketPrices)
      .where(anyOf(showtimeTicketPrices.showtimeId, 'ids'))
      .orderBy(asc(showtimeTicketPrices.showtimeId), asc(showtimeTicketPrices.price))
      .prepare('ticketPricesOf'),
  ).execute({ ids: [...showtimeIds] });
}

/** Seats taken (active claims) and sellable seats (layout seats that are not aisles or blocked). */
export interface Occupancy {
  showtimeId: number;
  taken: number;
  capacity: number;
}

/**
 * Occupancy of the given showtimes in one statement (a count of active claims per showtime).
 * The correlated subqueries name `showtimes.…` literally: drizzle leaves columns of a one-table select
 * unqualified, which inside a subquery would bind to the subquery's own table.
 */
export async function getOccupancy(db: Db, showtimeIds: readonly number[]): Promise<Occupancy[]> {
  if (!showtimeIds.length) return [];
  return prepared(db, 'occupancyOf', (d) =>
    d
    .select({
      showtimeId: showtimes.id,
      taken: sql<number>`(select count(*) from seat_claims c
        where c.showtime_id = showtimes.id and c.status in ('held', 'sold'))`.mapWith(Number),
      capacity: sql<number>`(select count(*) from layout_seats ls
        where ls.layout_version_id = showtimes.layout_version_id and ls.type not in ('NotASeat', 'Blocked'))`.mapWith(
        Number,
      ),
    })
    .from(showtimes)
    .where(anyOf(showtimes.id, 'ids'))
    .prepare('occupancyOf'),
  ).execute({ ids: [...showtimeIds] });
}

/** Sold out: every sellable seat is taken. */
export const isSoldOut = (o: Occupancy | null): boolean => Boolean(o && o.capacity > 0 && o.taken >= o.capacity);

/** Almost sold out: at least 90% of the sellable seats taken, but not all of them. */
export const isAlmostSoldOut = (o: Occupancy | null): boolean =>
  Boolean(o && o.capacity > 0 && !isSoldOut(o) && o.taken >= ALMOST_SOLD_OUT_RATIO * o.capacity);

/** The chain's public website: purchase and movie pages of showtimes link there. */
export const CHAIN_WEBSITE_URL = 'https://www.marquee-cinemas.example';

/** The movie's page on the chain's website. */
export const movieUrlOf = (slug: string): string => `${CHAIN_WEBSITE_URL}/movies/${slug}`;

/** Where a guest buys tickets of a showtime, on the website and in the mobile site. */
export const showtimePurchaseUrls = (showtimeId: number) => ({
  purchaseUrl: `${CHAIN_WEBSITE_URL}/showtimes/${showtimeId}/purchase`,
  mobilePurchaseUrl: `${CHAIN_WEBSITE_URL}/m/showtimes/${showtimeId}/purchase`,
});
