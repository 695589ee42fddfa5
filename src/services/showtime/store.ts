import { and, asc, count, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  layoutSeats,
  movies,
  showtimes,
  showtimeTicketPrices,
  theatres,
} from '../../../db/schema';
import { oneOrAny, prepared, preparedByKeys } from '../shared/prepared-reads';
import type { ShowtimeRecord, ShowtimeSelection, TicketPriceRow } from './model';
import {
  filterConditions,
  futureCondition,
  localDatesCondition,
  preparedLocalDates,
  showtimeColumns,
  showtimeOrder as order,
  takenSeats,
} from './query';

/**
 * Showtimes' SQL: every statement of the reads (read.ts, the loaders), each under its `// statement:
 * <name>` tag (a prepared statement's tag is its name); the lists (list.ts, read.ts) are paged by
 * `pageOfList` (src/services/shared/paging.ts), the cancellation's statements are store-cancel.ts's. The fragments they are built of (columns, record JSON, conditions), which the read
 * planner shares, are query.ts's.
 */

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
  // statement: showtimesByIds
  return preparedByKeys(db, 'showtimesByIds', ids, (d, keyIn, name) =>
    selectShowtimes(d).where(keyIn(showtimes.id)).prepare(name),
  );
}

/** The showtime of a theatre's performance number (the REST seating-layout route's key), or null. */
export async function getShowtimeByPerformance(
  db: Db,
  theatreId: number,
  performanceNumber: number,
): Promise<ShowtimeRecord | null> {
  // statement: getShowtimeByPerformance
  const [row] = await selectShowtimes(db)
    .where(and(eq(showtimes.theatreId, theatreId), eq(showtimes.performanceNumber, performanceNumber)))
    .limit(1);
  return row ?? null;
}

/** All showtimes of a selection in one statement, by start time. Batch loaders split them by key. */
export async function selectShowtimesOf(db: Db, selection: ShowtimeSelection): Promise<ShowtimeRecord[]> {
  const conditions: SQL[] = [...filterConditions(selection.filters)];
  if (!conditions.length) return selectUnfilteredShowtimesOf(db, selection);
  if (selection.theatreIds) conditions.push(inArray(showtimes.theatreId, [...selection.theatreIds]));
  if (selection.movieIds) conditions.push(inArray(showtimes.movieId, [...selection.movieIds]));
  conditions.push(selection.dates?.length ? localDatesCondition(selection.dates) : futureCondition());
  // statement: selectShowtimesOf (filtered: built per call)
  return selectShowtimes(db)
    .where(and(...conditions))
    .orderBy(...order);
}

/**
 * `selectShowtimesOf` without filters, the common case (a theatre's or a movie's day): one prepared
 * statement per shape (theatres and/or movies, dates or future), so it is built only once.
 */
function selectUnfilteredShowtimesOf(db: Db, selection: ShowtimeSelection): Promise<ShowtimeRecord[]> {
  // One key of a kind is `= $n`, several `= any($n)` (oneOrAny: Postgres never kept the generic plan of an
  // array parameter), so each kind of key has a letter for one (1) or several (n) in the statement's name.
  const theatres = selection.theatreIds && oneOrAny(showtimes.theatreId, 'theatreIds', selection.theatreIds);
  const movies = selection.movieIds && oneOrAny(showtimes.movieId, 'movieIds', selection.movieIds);
  const dates = selection.dates?.length ? preparedLocalDates(selection.dates) : null;
  const shape = `showtimesOf_${theatres ? `t${theatres.variant}` : ''}${movies ? `m${movies.variant}` : ''}${dates ? `d${dates.variant}` : 'f'}`;
  // statement: showtimesOf_<shape> (t: theatres, m: movies, each 1 or n; then d: dates, 1 or n, or f: future)
  const statement = prepared(db, shape, (d) => {
    const conditions: SQL[] = [];
    if (theatres) conditions.push(theatres.sql);
    if (movies) conditions.push(movies.sql);
    conditions.push(dates ? dates.sql : gte(showtimes.showDateTimeUtc, sql.placeholder('now')));
    return selectShowtimes(d)
      .where(and(...conditions))
      .orderBy(...order)
      .prepare(shape);
  });
  return statement.execute({
    theatreIds: theatres?.value,
    movieIds: movies?.value,
    ...(dates ? dates.values : { now: new Date().toISOString() }),
  });
}

/** Ticket prices of the given showtimes, by price (then type: equal prices keep one order everywhere). */
export async function getTicketPrices(db: Db, showtimeIds: readonly number[]): Promise<TicketPriceRow[]> {
  if (!showtimeIds.length) return [];
  // statement: ticketPricesOf
  return preparedByKeys(db, 'ticketPricesOf', showtimeIds, (d, keyIn, name) =>
    d
      .select()
      .from(showtimeTicketPrices)
      .where(keyIn(showtimeTicketPrices.showtimeId))
      .orderBy(asc(showtimeTicketPrices.showtimeId), asc(showtimeTicketPrices.price), asc(showtimeTicketPrices.type))
      .prepare(name),
  );
}

/** The active claims of each given showtime (the partial index of active claims answers it) and its layout version. */
export function takenOf(db: Db, showtimeIds: readonly number[]): Promise<{ showtimeId: number; layoutVersionId: number; taken: number }[]> {
  // statement: takenOf
  return preparedByKeys(db, 'takenOf', showtimeIds, (d, keyIn, name) =>
    d
      .select({
        showtimeId: showtimes.id,
        layoutVersionId: showtimes.layoutVersionId,
        taken: takenSeats.mapWith(Number),
      })
      .from(showtimes)
      .where(keyIn(showtimes.id))
      .prepare(name),
  );
}

/** The sellable seats (not aisles, not blocked) of each given layout version that has any. */
export function capacityOf(db: Db, layoutVersionIds: number[]): Promise<{ versionId: number; seats: number }[]> {
  // statement: capacityOf
  return preparedByKeys(db, 'capacityOf', layoutVersionIds, (d, keyIn, name) =>
    d
      .select({ versionId: layoutSeats.layoutVersionId, seats: count() })
      .from(layoutSeats)
      .where(and(keyIn(layoutSeats.layoutVersionId), notInArray(layoutSeats.type, ['NotASeat', 'Blocked'])))
      .groupBy(layoutSeats.layoutVersionId)
      .prepare(name),
  );
}
