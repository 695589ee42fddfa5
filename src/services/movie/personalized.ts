import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movies, showtimes } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { assertAccountAccess } from '../account';
import type { MovieView, TasteSignals } from './model';
import { viewCondition } from './read';
import { accountExists, ticketHistoryOf } from './store';
import { type ListQuery } from '../shared/paging';

/** The taste signals of `accountId` from its ticket lines (store.ts's ticketHistory: one statement). */
async function tasteSignals(db: Db, accountId: number): Promise<TasteSignals> {
  const lines = await ticketHistoryOf(db, accountId);
  const genres = new Map<string, number>();
  const theatres = new Map<number, number>();
  const seen = new Set<number>();
  for (const line of lines) {
    if (line.movieId !== null) seen.add(line.movieId);
    if (line.genre) genres.set(line.genre, (genres.get(line.genre) ?? 0) + 1);
    if (line.theatreId !== null) theatres.set(line.theatreId, (theatres.get(line.theatreId) ?? 0) + 1);
  }
  let favoriteTheatreId: number | null = null;
  for (const [id, n] of theatres) {
    const best = favoriteTheatreId === null ? 0 : theatres.get(favoriteTheatreId)!;
    if (n > best || (n === best && id < favoriteTheatreId!)) favoriteTheatreId = id;
  }
  return { genres, seen, favoriteTheatreId };
}

/**
 * The movies of `view`, ranked for account `accountId` (its own token or an admin):
 * 1. movies it has not bought tickets for before those it has;
 * 2. more tickets bought in the movie's genre first;
 * 3. movies with a future showtime at its favourite theatre first;
 * 4. then by popularity (`score`, highest first, none last), name and id.
 * Without history every movie ties on 1–3, so the view is the popular movies first. The set of movies
 * is the view's own (the same as `/v2/movies/views/{view}`): personalization orders, it never hides.
 * The read planner reads the list with the selection under its items (GraphQL, REST).
 */
export async function personalizedMovieList(db: Db, principal: Principal, accountId: number, view: MovieView, now: Date = new Date()): Promise<ListQuery> {
  assertAccountAccess(principal, accountId);
  if (!(await accountExists(db, accountId))) throw notFound('Account', accountId);
  const taste = await tasteSignals(db, accountId);
  // Terms without a signal are left out: every movie would tie on them.
  const seen = taste.seen.size ? [sql`${movies.id} in (${sql.join([...taste.seen].map((id) => sql`${id}::int`), sql`, `)})`] : [];
  const genres = taste.genres.size
    ? [sql`case ${sql.join([...taste.genres].map(([genre, n]) => sql`when ${movies.genre} = ${genre} then ${n}::int`), sql` `)} else 0 end`]
    : [];
  const favourite =
    taste.favoriteTheatreId === null
      ? []
      : [sql`exists (select 1 from ${showtimes} where ${and(eq(showtimes.movieId, movies.id), eq(showtimes.theatreId, taste.favoriteTheatreId), eq(showtimes.isCanceled, false), gte(showtimes.showDateTimeUtc, now))})`];
  const scoreMissing = sql`${movies.score} is null`;
  return {
    table: movies,
    where: viewCondition(view, now),
    order: [...seen, ...genres, ...favourite, scoreMissing, movies.score, movies.sortableName, movies.id],
    desc: [...genres, ...favourite, movies.score],
  };
}

