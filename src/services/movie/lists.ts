import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { movieListItems, movieLists, movies } from '../../../db/schema';
import { badInput, DomainError, notFound } from '../../errors';

export type MovieListRow = typeof movieLists.$inferSelect;

/** One entry of a list's content: its 1-based position and the movie's id and name. */
export interface MovieListEntry {
  sequence: number;
  movie: { id: number; name: string };
}

export interface MovieListContent {
  list: MovieListRow;
  entries: MovieListEntry[];
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * Parses the spec's `YYYY-MM-DD hh:mm:ss` (also `YYYY-MM-DDThh:mm:ss`, or a bare `YYYY-MM-DD` meaning
 * midnight) as UTC; anything else, or an impossible date, is BAD_USER_INPUT naming `argument`.
 */
export function parseListDate(value: string, argument: string): Date {
  const m = DATE_TIME.exec(value.trim());
  if (m) {
    const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
    const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
    const roundTrips =
      date.getUTCFullYear() === +y && date.getUTCMonth() === +mo - 1 && date.getUTCDate() === +d && +h < 24 && +mi < 60 && +s < 60;
    if (roundTrips) return date;
  }
  throw badInput(`${argument} must be a date as YYYY-MM-DD hh:mm:ss`, argument);
}

/** The spec's response form of list dates: `YYYY-MM-DDThh:mm:ss` (UTC, no zone designator). */
export function formatListDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/**
 * The order of a list after moving (or inserting) `movieId` to `position`: the others keep their
 * relative order and the result is contiguous 1..n. The position is clamped to 1..n.
 */
export function reorder(current: readonly number[], movieId: number, position: number): number[] {
  const others = current.filter((id) => id !== movieId);
  const at = Math.min(Math.max(position, 1), others.length + 1) - 1;
  return [...others.slice(0, at), movieId, ...others.slice(at)];
}

export interface MovieListFilters {
  typeName?: string | null;
  /** Lists whose date range overlaps [startDate, endDate] (either bound optional). */
  startDate?: Date | null;
  endDate?: Date | null;
}

/** Movie lists, optionally of one type and overlapping a date range, newest start first. */
export async function listMovieLists(db: Db, filters: MovieListFilters = {}): Promise<MovieListRow[]> {
  const where: SQL[] = [];
  if (filters.typeName) where.push(sql`lower(${movieLists.typeName}) = lower(${filters.typeName})`);
  if (filters.startDate) where.push(gte(movieLists.endDate, filters.startDate));
  if (filters.endDate) where.push(lte(movieLists.startDate, filters.endDate));
  return db
    .select()
    .from(movieLists)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(movieLists.startDate), asc(movieLists.id));
}

/** One list with its movies in sequence order, or null for an unknown id. */
export async function getMovieListContent(db: DbOrTx, id: number): Promise<MovieListContent | null> {
  const [list] = await db.select().from(movieLists).where(eq(movieLists.id, id));
  if (!list) return null;
  const entries = await db
    .select({ sequence: movieListItems.sequence, id: movies.id, name: movies.name })
    .from(movieListItems)
    .innerJoin(movies, eq(movies.id, movieListItems.movieId))
    .where(eq(movieListItems.movieListId, id))
    .orderBy(asc(movieListItems.sequence));
  return { list, entries: entries.map((e) => ({ sequence: e.sequence, movie: { id: e.id, name: e.name } })) };
}

/**
 * The current list of a type: the one whose date range contains `now` (the latest-starting one when
 * several do). NOT_FOUND when there is none.
 */
export async function getCurrentMovieList(db: Db, typeName: string, now = new Date()): Promise<MovieListContent> {
  const [list] = await db
    .select({ id: movieLists.id })
    .from(movieLists)
    .where(
      and(sql`lower(${movieLists.typeName}) = lower(${typeName})`, lte(movieLists.startDate, now), gte(movieLists.endDate, now)),
    )
    .orderBy(desc(movieLists.startDate), desc(movieLists.id))
    .limit(1);
  const content = list ? await getMovieListContent(db, list.id) : null;
  if (!content) throw new DomainError('NOT_FOUND', `No current movie list of type ${typeName}`);
  return content;
}

export interface NewMovieList {
  name: string;
  typeName: string;
  startDate: Date;
  endDate: Date;
}

/** Creates an empty list; the end must not precede the start. */
export async function createMovieList(db: Db, input: NewMovieList): Promise<MovieListRow> {
  if (!input.name.trim()) throw badInput('name must not be empty', 'name');
  if (!input.typeName.trim()) throw badInput('typeName must not be empty', 'typeName');
  if (input.endDate < input.startDate) throw badInput('endDate must not precede startDate', 'endDate');
  const [row] = await db.insert(movieLists).values(input).returning();
  return row;
}

/** Locks the list for the rest of the transaction (serializes edits of one list) and returns its order. */
async function lockedOrder(tx: DbOrTx, listId: number): Promise<number[]> {
  const [list] = await tx.select({ id: movieLists.id }).from(movieLists).where(eq(movieLists.id, listId)).for('update');
  if (!list) throw notFound('Movie list', listId);
  const rows = await tx
    .select({ movieId: movieListItems.movieId })
    .from(movieListItems)
    .where(eq(movieListItems.movieListId, listId))
    .orderBy(asc(movieListItems.sequence), asc(movieListItems.movieId));
  return rows.map((r) => r.movieId);
}

const notInList = (listId: number, movieId: number) =>
  new DomainError('NOT_FOUND', `Movie ${movieId} is not in movie list ${listId}`);

/** Writes a whole order as sequences 1..n in one statement. */
async function writeOrder(tx: DbOrTx, listId: number, order: readonly number[]): Promise<void> {
  if (!order.length) return;
  const cases = sql.join(
    order.map((movieId, i) => sql`when ${movieId} then ${i + 1}`),
    sql` `,
  );
  await tx
    .update(movieListItems)
    .set({ sequence: sql`(case ${movieListItems.movieId} ${cases} end)::int` })
    .where(and(eq(movieListItems.movieListId, listId), inArray(movieListItems.movieId, [...order])));
}

/**
 * Adds a movie at `position` (default: last); the movies from that position on move down one.
 * NOT_FOUND for an unknown list or movie, CONFLICT when the movie is already in the list.
 */
export async function addMovieToList(db: Db, listId: number, movieId: number, position?: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, listId);
    if (order.includes(movieId)) {
      throw new DomainError('CONFLICT', `Movie ${movieId} is already in movie list ${listId}; reposition it with PUT`);
    }
    const [movie] = await tx.select({ id: movies.id }).from(movies).where(eq(movies.id, movieId));
    if (!movie) throw notFound('Movie', movieId);
    await tx.insert(movieListItems).values({ movieListId: listId, movieId, sequence: order.length + 1 });
    await writeOrder(tx, listId, reorder(order, movieId, position ?? order.length + 1));
  });
}

/** Moves a movie of the list to `position` (clamped to 1..n); the others close up around it. */
export async function repositionMovieInList(db: Db, listId: number, movieId: number, position: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, listId);
    if (!order.includes(movieId)) throw notInList(listId, movieId);
    await writeOrder(tx, listId, reorder(order, movieId, position));
  });
}

/** Removes a movie from the list; the ones after it move up so sequences stay 1..n. */
export async function removeMovieFromList(db: Db, listId: number, movieId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, listId);
    if (!order.includes(movieId)) throw notInList(listId, movieId);
    await tx.delete(movieListItems).where(and(eq(movieListItems.movieListId, listId), eq(movieListItems.movieId, movieId)));
    await writeOrder(
      tx,
      listId,
      order.filter((id) => id !== movieId),
    );
  });
}

/** Deletes a list and its entries; NOT_FOUND for an unknown id. */
export async function deleteMovieList(db: Db, listId: number): Promise<void> {
  const deleted = await db.delete(movieLists).where(eq(movieLists.id, listId)).returning({ id: movieLists.id });
  if (!deleted.length) throw notFound('Movie list', listId);
}
