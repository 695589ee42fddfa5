import type { Db } from '../../../db/client';
import { pageOfRows, pageWindow, toPage, type Page, type PageRequest } from '../shared/paging';
import type { ShowtimeListPage, ShowtimeListQuery, ShowtimeRecord, ShowtimeRelations } from './model';
import { filterConditions, optionalDate, showtimeRecordOf, validateFilters } from './query';
import { countListedShowtimes, listedShowtimesWindow, selectShowtimesOf, type ShowtimeList } from './store';

/**
 * The showtimes listing of both surfaces: pages of a theatre's showtimes (REST's theatre showtimes
 * routes, GraphQL's `Theatre.showtimesPage`), filtered and paged in SQL.
 */

/**
 * A page of a theatre's showtimes on a theatre-local date, or of all its future showtimes without a
 * date, filtered and paged in SQL: one statement (the total rides along as a window count; a page past
 * the end costs a second, counting one). BAD_USER_INPUT for a malformed date or filter. The one
 * showtimes listing of both surfaces: REST's showtimes routes and GraphQL's `Theatre.showtimesPage`.
 */
export async function listShowtimes(
  db: Db,
  query: ShowtimeListQuery,
  page: PageRequest,
  options: { relations?: boolean } = {},
): Promise<ShowtimeListPage> {
  const relations = options.relations === true;
  const date = optionalDate(query.date);
  const filters = validateFilters(query.filters ?? {});
  const list: ShowtimeList = { theatreId: query.theatreId, date, conditions: filterConditions(filters) };
  const window = pageWindow(page);
  const rows = await listedShowtimesWindow(db, { ...list, relations }, window);
  if (rows.length) {
    return {
      ...toPage(rows.map((row) => showtimeRecordOf<ShowtimeRecord & Partial<ShowtimeRelations>>(row.record)), rows[0].total, page),
      referenceVersion: rows[0].referenceVersion,
    };
  }
  if (window.offset === 0) return toPage([], 0, page);
  return toPage([], await countListedShowtimes(db, list), page);
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
