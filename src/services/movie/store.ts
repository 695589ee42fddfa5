import { and, asc, eq, gte, inArray, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { movieListItems, movieLists, movies, orderProducts, orders, showtimes, siteAccounts } from '../../../db/schema';
import { preparedByKeys } from '../shared/prepared-reads';
import type { MovieRow } from './model';

/**
 * Movies' SQL: every statement of the movie reads (read.ts, private-rental.ts, the loaders), of the
 * curated lists (lists.ts) and of the personalized lists (personalized.ts), each under its
 * `// statement: <name>` tag (a prepared statement's tag is its name). The verb files declare the lists
 * (`ListQuery`, which the read planner reads too), paged by `pageOfList` (src/services/shared/paging.ts);
 * the writes of a list's entries take the verb's transaction.
 */

// ---- movies --------------------------------------------------------------------------------------

/** Movies of the given ids (loaders reorder). */
export async function getMoviesByIds(db: Db, ids: readonly number[]): Promise<MovieRow[]> {
  if (!ids.length) return [];
  // statement: moviesByIds
  return preparedByKeys(db, 'moviesByIds', ids, (d, keyIn, name) => d.select().from(movies).where(keyIn(movies.id)).prepare(name));
}

/** The earliest future, not canceled showtime of each given movie that has one. */
export async function getEarliestShowtimes(
  db: Db,
  movieIds: readonly number[],
  now: Date = new Date(),
): Promise<{ movieId: number; earliest: Date }[]> {
  if (!movieIds.length) return [];
  // statement: earliestShowtimes
  const rows = await db
    .select({ movieId: showtimes.movieId, earliest: min(showtimes.showDateTimeUtc) })
    .from(showtimes)
    .where(
      and(inArray(showtimes.movieId, [...movieIds]), eq(showtimes.isCanceled, false), gte(showtimes.showDateTimeUtc, now)),
    )
    .groupBy(showtimes.movieId);
  return rows.filter((r): r is { movieId: number; earliest: Date } => r.earliest !== null);
}

// ---- personalized movies ---------------------------------------------------------------------------

/** Ticket lines that count as history: fulfilled or submitted (not cancelled, refunded or held). */
const COUNTED = ['Fulfilled', 'Submitted'];

/** Whether a site account of this id exists. */
export async function accountExists(db: Db, accountId: number): Promise<boolean> {
  // statement: accountExists
  const [account] = await db.select({ id: siteAccounts.id }).from(siteAccounts).where(eq(siteAccounts.id, accountId));
  return account !== undefined;
}

/** The ticket lines of `accountId`'s history with each line's movie, theatre and genre. */
export function ticketHistoryOf(db: Db, accountId: number): Promise<{ movieId: number | null; theatreId: number | null; genre: string | null }[]> {
  // statement: ticketHistory
  return db
    .select({ movieId: orderProducts.movieId, theatreId: orderProducts.theatreId, genre: movies.genre })
    .from(orderProducts)
    .innerJoin(orders, eq(orders.id, orderProducts.orderId))
    .leftJoin(movies, eq(movies.id, orderProducts.movieId))
    .where(and(eq(orders.siteAccountId, accountId), eq(orderProducts.kind, 'Ticket'), inArray(orderProducts.status, COUNTED)));
}

// ---- movie lists -----------------------------------------------------------------------------------

/** The number of a list's movies, as SQL over the list's row bound to `alias` (the planner's column). */
export const movieListCountSql = (alias: string) =>
  `(select count(*)::int from movie_list_items ${alias}_n where ${alias}_n.movie_list_id = ${alias}."id")`;


/** Inserts a list and answers its id. */
export async function insertMovieList(db: Db, list: typeof movieLists.$inferInsert): Promise<number> {
  // statement: insertMovieList
  const [row] = await db.insert(movieLists).values(list).returning({ id: movieLists.id });
  return row.id;
}

/** Locks the list for the rest of the transaction (serializes edits of one list); false when there is none. */
export async function lockMovieList(tx: Tx, listId: number): Promise<boolean> {
  // statement: lockMovieList
  const [list] = await tx.select({ id: movieLists.id }).from(movieLists).where(eq(movieLists.id, listId)).for('update');
  return list !== undefined;
}

/** The movies of a list in its order. */
export async function movieListOrder(tx: Tx, listId: number): Promise<number[]> {
  // statement: movieListOrder
  const rows = await tx
    .select({ movieId: movieListItems.movieId })
    .from(movieListItems)
    .where(eq(movieListItems.movieListId, listId))
    .orderBy(asc(movieListItems.sequence), asc(movieListItems.movieId));
  return rows.map((r) => r.movieId);
}

/** Whether a movie of this id exists. */
export async function movieExists(tx: Tx, movieId: number): Promise<boolean> {
  // statement: movieExists
  const [movie] = await tx.select({ id: movies.id }).from(movies).where(eq(movies.id, movieId));
  return movie !== undefined;
}

/** Adds a movie to a list at `sequence`. */
export async function insertMovieListItem(tx: Tx, listId: number, movieId: number, sequence: number): Promise<void> {
  // statement: insertMovieListItem
  await tx.insert(movieListItems).values({ movieListId: listId, movieId, sequence });
}

/** Writes a whole order as sequences 1..n in one statement. */
export async function writeMovieListOrder(tx: Tx, listId: number, order: readonly number[]): Promise<void> {
  if (!order.length) return;
  const cases = sql.join(
    order.map((movieId, i) => sql`when ${movieId} then ${i + 1}`),
    sql` `,
  );
  // statement: writeMovieListOrder
  await tx
    .update(movieListItems)
    .set({ sequence: sql`(case ${movieListItems.movieId} ${cases} end)::int` })
    .where(and(eq(movieListItems.movieListId, listId), inArray(movieListItems.movieId, [...order])));
}

/** Removes a movie from a list. */
export async function deleteMovieListItem(tx: Tx, listId: number, movieId: number): Promise<void> {
  // statement: deleteMovieListItem
  await tx.delete(movieListItems).where(and(eq(movieListItems.movieListId, listId), eq(movieListItems.movieId, movieId)));
}

/** Deletes a list and its entries (they cascade); false when there was none. */
export async function deleteMovieListRow(db: Db, listId: number): Promise<boolean> {
  // statement: deleteMovieListRow
  const deleted = await db.delete(movieLists).where(eq(movieLists.id, listId)).returning({ id: movieLists.id });
  return deleted.length > 0;
}
