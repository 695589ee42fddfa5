import { and, asc, count, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { layoutSeats, movies, showtimes, showtimeTicketPrices, theatres } from '../../../db/schema';
import { immutableCacheFor } from '../shared/immutable-cache';
import { haversineMilesSql, validateNearQuery, withinRadius } from '../shared/geo';
import { pageWindow, toPage, type ListQuery, type Page } from '../shared/paging';
import { anyOf, prepared } from '../shared/prepared-reads';
import {
  filterConditions,
  futureCondition,
  localDatesCondition,
  preparedDatesParams,
  preparedLocalDatesCondition,
  showtimeOrder,
  optionalDate,
  showtimeColumns,
  validateFilters,
  type ShowtimeFilters,
  takenSeats,
} from './query';

export type ShowtimeRow = typeof showtimes.$inferSelect;
export type TicketPriceRow = typeof showtimeTicketPrices.$inferSelect;
export type { AttributeRow } from '../attribute';
export type { ShowtimeFilters } from './query';

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
    /** The SHOWTIME_MEDIA_KEYS of its media (showtime/query.ts), each text or null. */
    media: Record<string, string | null | undefined>;
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

const order = showtimeOrder;

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
    ...preparedDatesParams(dates),
  });
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
 * ordered by distance, then theatre, start time and id: `showtimesNear`'s list, also read by the
 * planner. `distance` is a value of each item. Validates date, point, radius and filters.
 */
export function showtimesNearList(query: {
  date: string;
  latitude: number;
  longitude: number;
  radius?: number | null;
  filters?: ShowtimeFilters;
}): ListQuery {
  const date = optionalDate(query.date)!;
  const point = validateNearQuery(query);
  const filters = validateFilters(query.filters ?? {});
  const distance = haversineMilesSql(point, theatres.latitude, theatres.longitude);
  return {
    table: showtimes,
    joins: [
      { table: theatres, on: eq(theatres.id, showtimes.theatreId) },
      { table: movies, on: eq(movies.id, showtimes.movieId) },
    ],
    where: and(withinRadius(distance, point), localDatesCondition([date]), ...filterConditions(filters)),
    order: [distance, theatres.id, showtimes.showDateTimeUtc, showtimes.id],
    values: { distance },
  };
}

/** A page of `showtimesNearList`. */
export async function showtimesNear(
  db: Db,
  query: { date: string; latitude: number; longitude: number; radius?: number | null; filters?: ShowtimeFilters },
  page: { pageNumber: number; pageSize: number },
): Promise<Page<NearShowtimeRecord>> {
  const { where, order, values } = showtimesNearList(query);
  const { limit, offset } = pageWindow(page);
  // The list's joins (theatre and movie), as drizzle's builder takes them.
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...showtimeColumns, distance: values!.distance.mapWith(Number) })
      .from(showtimes)
      .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
      .innerJoin(movies, eq(movies.id, showtimes.movieId))
      .where(where)
      .orderBy(...order.map((key) => asc(key)))
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

/** Ticket prices of the given showtimes, by price (then type: equal prices keep one order everywhere). */
export async function getTicketPrices(db: Db, showtimeIds: readonly number[]): Promise<TicketPriceRow[]> {
  if (!showtimeIds.length) return [];
  return prepared(db, 'ticketPricesOf', (d) =>
    d
      .select()
      .from(showtimeTicketPrices)
      .where(anyOf(showtimeTicketPrices.showtimeId, 'ids'))
      .orderBy(asc(showtimeTicketPrices.showtimeId), asc(showtimeTicketPrices.price), asc(showtimeTicketPrices.type))
      .prepare('ticketPricesOf'),
  ).execute({ ids: [...showtimeIds] });
}

/** Seats taken (active claims) and sellable seats (layout seats that are not aisles or blocked). */
export interface Occupancy {
  showtimeId: number;
  taken: number;
  capacity: number;
}

/** Sellable seats of layout versions, kept per process: a version's seats never change (a change is a new version). */
const CAPACITY_CACHE_VERSIONS = 5000;

/**
 * Occupancy of the given showtimes: the active claims of each (one statement, the partial index of
 * active claims answers it) and the sellable seats of its layout version, from a process-wide cache of
 * immutable layout versions (a miss costs one statement for all missing versions). Counting a version's
 * seats on every read was most of the statement: for a REST page of 35 showtimes, 3.5 ms with the
 * count, 0.45 ms without it (psql, the bench's database).
 */
export async function getOccupancy(db: Db, showtimeIds: readonly number[]): Promise<Occupancy[]> {
  if (!showtimeIds.length) return [];
  const rows = await prepared(db, 'takenOf', (d) =>
    d
      .select({
        showtimeId: showtimes.id,
        layoutVersionId: showtimes.layoutVersionId,
        taken: takenSeats.mapWith(Number),
      })
      .from(showtimes)
      .where(anyOf(showtimes.id, 'ids'))
      .prepare('takenOf'),
  ).execute({ ids: [...showtimeIds] });
  return occupancyOfTaken(db, rows);
}

/**
 * Occupancy of showtimes whose active claims were counted (`taken`, by `getOccupancy` or with the
 * showtimes themselves): the sellable seats of each layout version from the process-wide cache.
 */
export async function occupancyOfTaken(
  db: Db,
  rows: readonly { showtimeId: number; layoutVersionId: number; taken: number }[],
): Promise<Occupancy[]> {
  const versions = [...new Set(rows.map((r) => r.layoutVersionId))];
  const capacities = await immutableCacheFor<number, number>(db, 'capacityByLayoutVersionId', CAPACITY_CACHE_VERSIONS).loadMany(
    versions,
    async (missing) => {
      const counted = await prepared(db, 'capacityOf', (d) =>
        d
          .select({ versionId: layoutSeats.layoutVersionId, seats: count() })
          .from(layoutSeats)
          .where(and(anyOf(layoutSeats.layoutVersionId, 'ids'), notInArray(layoutSeats.type, ['NotASeat', 'Blocked'])))
          .groupBy(layoutSeats.layoutVersionId)
          .prepare('capacityOf'),
      ).execute({ ids: missing });
      const byVersion = new Map(counted.map((c) => [c.versionId, Number(c.seats)]));
      return missing.map((v) => byVersion.get(v) ?? 0);
    },
    // No seats counted: the version's seats may not be where they were read yet (a replica behind).
    (capacity) => capacity > 0,
  );
  const capacityOf = new Map(versions.map((v, i) => [v, capacities[i]]));
  return rows.map((r) => ({ showtimeId: r.showtimeId, taken: r.taken, capacity: capacityOf.get(r.layoutVersionId) ?? 0 }));
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
export const purchaseUrlOf = (showtimeId: number): string => `${CHAIN_WEBSITE_URL}/showtimes/${showtimeId}/purchase`;
export const mobilePurchaseUrlOf = (showtimeId: number): string => `${CHAIN_WEBSITE_URL}/m/showtimes/${showtimeId}/purchase`;
