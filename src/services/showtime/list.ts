import { and, eq, type SQL } from 'drizzle-orm';
import { movies, showtimes, theatres } from '../../../db/schema';
import type { ListQuery } from '../shared/paging';
import type { ShowtimeFilters, ShowtimeListQuery } from './model';
import { filterConditions, futureAtDatabaseNow, localDatesCondition, optionalDate, takenSeats, validateFilters } from './query';

/**
 * The showtimes listing of both surfaces: a theatre's showtimes (REST's theatre showtimes routes,
 * GraphQL's `Theatre.showtimesPage`, the seat-map index page), filtered and paged in SQL: the read planner
 * reads the list with the selection under its items (src/read-planner/).
 */

/**
 * The conditions of a showtime day: on a theatre-local date, or every future showtime without one
 * (at the database's clock), under the spec's filters. BAD_USER_INPUT for a malformed date or filter.
 */
export function showtimeDayConditions(query: { date?: string | null; filters?: ShowtimeFilters }): SQL[] {
  const day = optionalDate(query.date);
  return [day ? localDatesCondition([day]) : futureAtDatabaseNow(), ...filterConditions(validateFilters(query.filters ?? {}))];
}

/** What a list of showtimes joins: the theatre (the local day's zone) and the movie (the showtime record reads both). */
export const SHOWTIME_JOINS: ListQuery['joins'] = [
  { table: theatres, on: eq(theatres.id, showtimes.theatreId) },
  { table: movies, on: eq(movies.id, showtimes.movieId) },
];

/** A list of showtimes by start time. */
const showtimesWhere = (where: SQL | undefined): ListQuery => ({
  table: showtimes,
  joins: SHOWTIME_JOINS,
  where,
  order: [showtimes.showDateTimeUtc, showtimes.id],
});

/** A theatre's showtimes on a theatre-local date (every future one without a date), filtered, by start time. */
export const theatreShowtimeList = (query: ShowtimeListQuery): ListQuery =>
  showtimesWhere(and(eq(showtimes.theatreId, query.theatreId), ...showtimeDayConditions(query)));

/** The showtime of `id`, as a list of one (REST reads it with its seats taken, `withTaken`). */
export const showtimeByIdList = (id: number): ListQuery => showtimesWhere(eq(showtimes.id, id));

/** The future, not canceled showtimes of a movie at a theatre: the earliest is the first. */
export const earliestShowtimeList = (theatreId: number, movieId: number): ListQuery =>
  showtimesWhere(and(eq(showtimes.theatreId, theatreId), eq(showtimes.movieId, movieId), eq(showtimes.isCanceled, false), futureAtDatabaseNow()));

/** `list` with each showtime's seats taken as a value (`taken`: its active claims), for the sold-out flags. */
export const withTaken = (list: ListQuery): ListQuery => ({ ...list, values: { ...list.values, taken: takenSeats } });

