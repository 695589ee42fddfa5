import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movies, orderProducts, orders, showtimes, siteAccounts } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { assertAccountAccess } from '../account';
import { viewCondition, type MovieRow, type MovieView } from './read';
import { pageWindow, toPage, type Page, type PageRequest } from '../shared/paging';

/** What an account's order history says about its taste (docs/accounts.md, "Personalized movies"). */
export interface TasteSignals {
  /** Tickets bought per genre. */
  genres: Map<string, number>;
  /** Movies the account already has tickets for. */
  seen: Set<number>;
  /** The theatre it bought most tickets at (lowest id on a tie), or null without history. */
  favoriteTheatreId: number | null;
}

/** Ticket lines that count as history: fulfilled or submitted (not cancelled, refunded or held). */
const COUNTED = ['Fulfilled', 'Submitted'];

/** The taste signals of `accountId` from its ticket lines (one statement). */
export async function tasteSignals(db: Db, accountId: number): Promise<TasteSignals> {
  const lines = await db
    .select({ movieId: orderProducts.movieId, theatreId: orderProducts.theatreId, genre: movies.genre })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .leftJoin(movies, eq(movies.id, orderProducts.movieId))
    .where(and(eq(orders.siteAccountId, accountId), eq(orderProducts.kind, 'Ticket'), inArray(orderProducts.status, COUNTED)));
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
  const [account] = await db.select({ id: siteAccounts.id }).from(siteAccounts).where(eq(siteAccounts.id, accountId));
  if (!account) throw notFound('Account', accountId);
  const taste = await tasteSignals(db, accountId);
  // Terms without a signal are left out (a constant in ORDER BY would be read as a column position).
  const ranking: SQL[] = [];
  if (taste.seen.size) ranking.push(asc(sql`${movies.id} in (${sql.join([...taste.seen].map((id) => sql`${id}::int`), sql`, `)})`));
  if (taste.genres.size) {
    ranking.push(desc(sql`case ${sql.join([...taste.genres].map(([genre, n]) => sql`when ${movies.genre} = ${genre} then ${n}::int`), sql` `)} else 0 end`));
  }
  if (taste.favoriteTheatreId !== null) {
    ranking.push(
      desc(sql`exists (select 1 from ${showtimes} where ${and(
        eq(showtimes.movieId, movies.id),
        eq(showtimes.theatreId, taste.favoriteTheatreId),
        eq(showtimes.isCanceled, false),
        gte(showtimes.showDateTimeUtc, now),
      )})`),
    );
  }
  const where = viewCondition(view, now);
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(movies)
      .where(where)
      .orderBy(...ranking, sql`${movies.score} desc nulls last`, asc(movies.sortableName), asc(movies.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(movies).where(where),
  ]);
  return toPage(rows, total, page);
}
