import { and, asc, count, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  layoutSeats,
  movies,
  showtimes,
  showtimeTicketPrices,
  theatres,
} from '../../../db/schema';
import { listOrderBy, type ListQuery } from '../shared/paging';
import { anyOf, prepared, preparedByKeys } from '../shared/prepared-reads';
import {
  type NearShowtimeRecord,
  type ShowtimeRecord,
  type ShowtimeSelection,
  type TicketPriceRow,
} from './model';
import {
  filterConditions,
  futureCondition,
  localDatesCondition,
  preparedDatesParams,
  preparedLocalDatesCondition,
  showtimeColumns,
  showtimeOrder as order,
  showtimeRecordJson,
  showtimeRecordWithRelationsJson,
  takenSeats,
} from './query';

/**
 * Showtimes' SQL: every statement of the reads (read.ts, the loaders) and the lists (list.ts), each
 * under its `// statement: <name>` tag (a prepared statement's tag is its name); the cancellation's are
 * store-cancel.ts's. The fragments they are built of (columns, record JSON, conditions), which the read
 * planner shares, are query.ts's.
 */

// --- reads -------------------------------------------------------------------------------------

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
  const dates = selection.dates?.length ? selection.dates : null;
  const shape = `showtimesOf:${selection.theatreIds ? 't' : ''}${selection.movieIds ? 'm' : ''}${dates ? 'd' : 'f'}`;
  // statement: showtimesOf_<shape> (t: theatres, m: movies, then d: dates or f: future)
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
  // statement: earliestShowtime
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

/**
 * A page of showtimes near a point (`showtimesNearList`, read.ts): its rows with their distance, and
 * its count. The list's joins (theatre and movie) as drizzle's builder takes them.
 */
export async function nearShowtimesWindow(db: Db, list: ListQuery, window: { limit: number; offset: number }): Promise<{ rows: NearShowtimeRecord[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    // statement: nearShowtimes
    db
      .select({ ...showtimeColumns, distance: (list.values!.distance as SQL<number>).mapWith(Number) })
      .from(showtimes)
      .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
      .innerJoin(movies, eq(movies.id, showtimes.movieId))
      .where(list.where)
      .orderBy(...listOrderBy(list))
      .limit(window.limit)
      .offset(window.offset),
    // statement: nearShowtimesCount
    db
      .select({ total: count() })
      .from(showtimes)
      .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
      .innerJoin(movies, eq(movies.id, showtimes.movieId))
      .where(list.where),
  ]);
  return { rows, total };
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

// --- lists -------------------------------------------------------------------------------------

/**
 * A showtime page's columns: the record, the total count of the list (a window count) and the
 * reference version (an InitPlan, read once): the caller's attributes then need no version read.
 */
const selectPage = (db: Db, relations: boolean) =>
  db
    .select({
      record: relations ? showtimeRecordWithRelationsJson : showtimeRecordJson,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      referenceVersion: sql<number>`(select version from reference_version where id = 1)`.mapWith(Number),
    })
    .from(showtimes)
    .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId));

/** A theatre's list of showtimes (`listShowtimes`): on a theatre-local date or every future one, under the filters' conditions. */
export interface ShowtimeList {
  theatreId: number;
  date: string | null;
  conditions: readonly SQL[];
}

const listWhere = (list: ShowtimeList) =>
  and(eq(showtimes.theatreId, list.theatreId), list.date ? localDatesCondition([list.date]) : futureCondition(), ...list.conditions);

/**
 * A window of a theatre's listed showtimes, each row a record's JSON with the list's total and the
 * reference version; without conditions a prepared statement per shape.
 */
export async function listedShowtimesWindow(
  db: Db,
  list: ShowtimeList & { relations: boolean },
  window: { limit: number; offset: number },
): Promise<{ record: unknown; total: number; referenceVersion: number }[]> {
  const { date, relations } = list;
  const { limit, offset } = window;
  // Without filters (most lists), a prepared statement per shape; filtered lists are built per call.
  // The first page has a statement without OFFSET: Postgres costs an unknown `offset $n` high, so with
  // one it planned the statement anew for every execution (custom plans, ~0.3 ms of its CPU per page);
  // without, it keeps the generic plan after five.
  const name = `${date ? 'd' : 'f'}${relations ? 'r' : ''}${offset === 0 ? '0' : ''}`;
  if (list.conditions.length) {
    // statement: listShowtimes (filtered: built per call)
    return selectPage(db, relations).where(listWhere(list)).orderBy(...order).limit(limit).offset(offset);
  }
  // statement: listShowtimes_<shape> (d: a date or f: future, r: with relations, 0: the first page)
  return prepared(db, `listShowtimes:${name}`, (d) => {
    const listed = selectPage(d, relations)
      .where(
        and(
          eq(showtimes.theatreId, sql.placeholder('theatreId')),
          date ? preparedLocalDatesCondition() : gte(showtimes.showDateTimeUtc, sql.placeholder('now')),
        ),
      )
      .orderBy(...order)
      .limit(sql.placeholder('limit'));
    return (offset === 0 ? listed : listed.offset(sql.placeholder('offset'))).prepare(`listShowtimes_${name}`);
  }).execute({ theatreId: list.theatreId, limit, offset, ...preparedDatesParams(date ? [date] : null) });
}

/** How many showtimes a list has (its total when a page is past the end). */
export async function countListedShowtimes(db: Db, list: ShowtimeList): Promise<number> {
  // statement: countListedShowtimes
  const [{ total }] = await db
    .select({ total: count() })
    .from(showtimes)
    .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId))
    .where(listWhere(list));
  return total;
}
