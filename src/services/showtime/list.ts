import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movies, showtimes, theatres } from '../../../db/schema';
import { pageOfRows, pageWindow, toPage, type Page, type PageRequest } from '../shared/paging';
import { prepared } from '../shared/prepared-reads';
import {
  filterConditions,
  futureCondition,
  localDatesCondition,
  optionalDate,
  preparedDatesParams,
  preparedLocalDatesCondition,
  showtimeOrder as order,
  showtimeRecordJson,
  showtimeRecordOf,
  showtimeRecordWithRelationsJson,
  validateFilters,
  type ShowtimeFilters,
} from './query';
import { selectShowtimesOf, type ShowtimeRecord, type TicketPriceRow } from './read';

/**
 * The showtimes listing of both surfaces: pages of a theatre's showtimes (REST's theatre showtimes
 * routes, GraphQL's `Theatre.showtimesPage`), filtered and paged in SQL.
 */

/** Which showtimes a list shows: a theatre's, on a theatre-local day (YYYY-MM-DD) or every future one, filtered. */
export interface ShowtimeListQuery {
  theatreId: number;
  date?: string | null;
  filters?: ShowtimeFilters;
}

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

/**
 * A page of a theatre's showtimes on a theatre-local date, or of all its future showtimes without a
 * date, filtered and paged in SQL: one statement (the total rides along as a window count; a page past
 * the end costs a second, counting one). BAD_USER_INPUT for a malformed date or filter. The one
 * showtimes listing of both surfaces: REST's showtimes routes and GraphQL's `Theatre.showtimesPage`.
 */
/** A page of showtimes; `referenceVersion` when read with the rows (src/loaders/reference-cache.ts `observe`). */
export type ShowtimeListPage = Page<ShowtimeRecord & Partial<ShowtimeRelations>> & { referenceVersion?: number };

/** A showtime's relations read with it when asked (`relations`): its ticket prices and active claims. */
export interface ShowtimeRelations {
  ticketPrices: TicketPriceRow[];
  taken: number;
}

export async function listShowtimes(
  db: Db,
  query: ShowtimeListQuery,
  page: PageRequest,
  options: { relations?: boolean } = {},
): Promise<ShowtimeListPage> {
  const relations = options.relations === true;
  const date = optionalDate(query.date);
  const filters = validateFilters(query.filters ?? {});
  const conditions = filterConditions(filters);
  const where = () =>
    and(eq(showtimes.theatreId, query.theatreId), date ? localDatesCondition([date]) : futureCondition(), ...conditions);
  const { limit, offset } = pageWindow(page);
  // Without filters (most lists), a prepared statement per shape; filtered lists are built per call.
  // The first page has a statement without OFFSET: Postgres costs an unknown `offset $n` high, so with
  // one it planned the statement anew for every execution (custom plans, ~0.3 ms of its CPU per page);
  // without, it keeps the generic plan after five.
  const name = `${date ? 'd' : 'f'}${relations ? 'r' : ''}${offset === 0 ? '0' : ''}`;
  const rows = conditions.length
    ? await selectPage(db, relations).where(where()).orderBy(...order).limit(limit).offset(offset)
    : await prepared(db, `listShowtimes:${name}`, (d) => {
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
      }).execute({ theatreId: query.theatreId, limit, offset, ...preparedDatesParams(date ? [date] : null) });
  if (rows.length) {
    return {
      ...toPage(rows.map((row) => showtimeRecordOf<ShowtimeRecord & Partial<ShowtimeRelations>>(row.record)), rows[0].total, page),
      referenceVersion: rows[0].referenceVersion,
    };
  }
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
