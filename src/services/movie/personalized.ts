import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { assertAccountAccess } from '../account';
import type { MovieRow, MovieView, TasteSignals } from './model';
import { viewCondition } from './read';
import { accountExists, rankedMoviesWindow, ticketHistoryOf } from './store';
import { pageWindow, toPage, type Page, type PageRequest } from '../shared/paging';

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
 * A page of the movies of `view`, ranked for account `accountId` (its own token or an admin):
 * 1. movies it has not bought tickets for before those it has;
 * 2. more tickets bought in the movie's genre first;
 * 3. movies with a future showtime at its favourite theatre first;
 * 4. then by popularity (`score`, highest first), name and id.
 * Without history every movie ties on 1–3, so the view is the popular movies first. The set of movies
 * is the view's own (the same as `/v2/movies/views/{view}`): personalization orders, it never hides.
 */
export async function listPersonalizedMovies(
  db: Db,
  principal: Principal,
  accountId: number,
  view: MovieView,
  page: PageRequest,
  now: Date = new Date(),
): Promise<Page<MovieRow>> {
  assertAccountAccess(principal, accountId);
  if (!(await accountExists(db, accountId))) throw notFound('Account', accountId);
  const taste = await tasteSignals(db, accountId);
  const { rows, total } = await rankedMoviesWindow(db, viewCondition(view, now), taste, now, pageWindow(page));
  return toPage(rows, total, page);
}
