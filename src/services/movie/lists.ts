import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import { movieLists } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { INT4_MAX, INT4_MIN, isRowId } from '../../bounds';
import { badInput, DomainError, forbidden, notFound, unauthenticated } from '../../errors';
import { fieldTable } from '../shared/field-table';
import { type ListQuery } from '../shared/paging';
import type { MovieListFilters, MovieListItemRow, MovieListRecord } from './model';
import {
  deleteMovieListItem,
  deleteMovieListRow,
  insertMovieList,
  insertMovieListItem,
  lockMovieList,
  movieExists,
  movieListOrder,
  writeMovieListOrder,
} from './store';

/**
 * Curated movie lists (spec: Movie lists v1; docs/rest.md, "Movie lists"). Reads: the lists as
 * `ListQuery`s that the read planner reads with any selection under them (src/read-planner/); writes:
 * one function per verb, admin only, called by GraphQL and REST alike, with their bodies described once
 * (the zod schemas below). The statements are store.ts's.
 */

/** A list's fields from its record (src/services/shared/field-table.ts); dates as ISO-8601 UTC. */
export const MOVIE_LIST_FIELDS = fieldTable<MovieListRecord>()({
  id: 'id',
  name: 'name',
  typeName: 'typeName',
  startDate: { needs: ['startDate'], value: (row) => row.startDate.toISOString() },
  endDate: { needs: ['endDate'], value: (row) => row.endDate.toISOString() },
  count: 'count',
});

/** An entry's fields from its row: its 1-based place and the movie's id (the movie is a relation). */
export const MOVIE_LIST_ENTRY_FIELDS = fieldTable<MovieListItemRow>()({ sequence: 'sequence', movieId: 'movieId' });

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;
const LIST_DATE_RULE = 'must be a date as YYYY-MM-DD hh:mm:ss';

/**
 * Parses the spec's `YYYY-MM-DD hh:mm:ss` (also `YYYY-MM-DDThh:mm:ss`, or a bare `YYYY-MM-DD` meaning
 * midnight) as UTC; anything else, or an impossible date, is BAD_USER_INPUT naming `argument`.
 */
export function parseListDate(value: string, argument: string): Date {
  const date = listDateOf(value);
  if (date) return date;
  throw badInput(`${argument} ${LIST_DATE_RULE}`, argument);
}

function listDateOf(value: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const date = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  const roundTrips =
    date.getUTCFullYear() === +y && date.getUTCMonth() === +mo - 1 && date.getUTCDate() === +d && +h < 24 && +mi < 60 && +s < 60;
  return roundTrips ? date : null;
}

/** The spec's response form of list dates: `YYYY-MM-DDThh:mm:ss` (UTC, no zone designator), of a Date or an ISO text. */
export function formatListDate(date: Date | string): string {
  return (typeof date === 'string' ? date : date.toISOString()).slice(0, 19);
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

// ---- reads ---------------------------------------------------------------------------------------

/**
 * Movie lists, optionally of one type (case-insensitive) and overlapping a date range, newest start
 * first: the list GraphQL's pages and REST's whole list read through the planner.
 */
export function movieListQuery(filters: MovieListFilters = {}): ListQuery {
  const where: SQL[] = [];
  if (filters.typeName) where.push(sql`lower(${movieLists.typeName}) = lower(${filters.typeName})`);
  if (filters.startDate) where.push(gte(movieLists.endDate, filters.startDate));
  if (filters.endDate) where.push(lte(movieLists.startDate, filters.endDate));
  return { table: movieLists, where: where.length ? and(...where) : undefined, order: [movieLists.startDate, movieLists.id], desc: [movieLists.startDate] };
}

/**
 * The current list of a type, as a list of at most one that matters: the lists of the type
 * (case-insensitive) whose date range contains `now`, the latest-starting (then highest id) first.
 */
export function currentMovieListQuery(typeName: string, now = new Date()): ListQuery {
  return {
    table: movieLists,
    where: and(sql`lower(${movieLists.typeName}) = lower(${typeName})`, lte(movieLists.startDate, now), gte(movieLists.endDate, now)),
    order: [movieLists.startDate, movieLists.id],
    desc: [movieLists.startDate, movieLists.id],
  };
}

// ---- writes --------------------------------------------------------------------------------------

/** A list date in a body: the spec's `YYYY-MM-DD hh:mm:ss` (UTC), parsed. */
const listDate = z
  .string({ required_error: 'is required' })
  .max(40)
  .transform((value, ctx) => {
    const date = listDateOf(value);
    if (date) return date;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: LIST_DATE_RULE });
    return z.NEVER;
  })
  .describe('YYYY-MM-DD hh:mm:ss (UTC); also YYYY-MM-DDThh:mm:ss, or YYYY-MM-DD for midnight');

const notBlank = (max: number) =>
  z
    .string({ required_error: 'is required' })
    .min(1, 'must not be empty')
    .max(max)
    .refine((value) => value.trim().length > 0, 'must not be empty');

/** The body of a new list (POST /v1/movie-lists, `createMovieList`): the one validation of both surfaces. */
export const MOVIE_LIST_CREATE = z
  .object({
    name: notBlank(200),
    typeName: notBlank(100).describe('e.g. NowPlaying, AdvanceTickets'),
    startDate: listDate,
    endDate: listDate,
  })
  .refine((list) => list.endDate >= list.startDate, { message: 'must not precede startDate', path: ['endDate'] });
export type MovieListCreate = z.output<typeof MOVIE_LIST_CREATE>;

// Within int4, as REST's default bounds said of the body before (src/services/shared/input-fields.ts).
const movieId = z.number({ required_error: 'is required' }).int().min(INT4_MIN).max(INT4_MAX);
const position = z.number({ required_error: 'is required' }).int().min(1).max(INT4_MAX);

/** Adding a movie (POST /v1/movie-lists/{id}, `addMovieToList`): its place defaults to last. */
export const MOVIE_LIST_ADD = z.object({ movieId, position: position.optional().describe('1-based; clamped to the list length; default: last') });
export type MovieListAdd = z.output<typeof MOVIE_LIST_ADD>;

/** Moving a movie of a list (PUT /v1/movie-lists/{id}, `repositionMovieInList`). */
export const MOVIE_LIST_MOVE = z.object({ movieId, position: position.describe('The new 1-based place; clamped to the list length') });
export type MovieListMove = z.output<typeof MOVIE_LIST_MOVE>;

/** Admin alone writes movie lists (docs/auth.md): 401 without an account token, 403 without the admin scope. */
function requireAdmin(principal: Principal): void {
  if (principal.accountId === null) throw unauthenticated('An admin account token (Authorization: Bearer) is required');
  if (!principal.isAdmin) throw forbidden('Only an admin may change movie lists');
}

/** Creates an empty list (the body parsed with MOVIE_LIST_CREATE) and answers its id. */
export async function createMovieList(db: Db, principal: Principal, input: MovieListCreate): Promise<number> {
  requireAdmin(principal);
  return insertMovieList(db, input);
}

/** Locks the list for the rest of the transaction (serializes edits of one list) and returns its order. */
async function lockedOrder(tx: Tx, listId: number): Promise<number[]> {
  if (!isRowId(listId)) throw notFound('Movie list', listId);
  if (!(await lockMovieList(tx, listId))) throw notFound('Movie list', listId);
  return movieListOrder(tx, listId);
}

const notInList = (listId: number, movieId: number) =>
  new DomainError('NOT_FOUND', `Movie ${movieId} is not in movie list ${listId}`);

/**
 * Adds a movie at `position` (default: last); the movies from that position on move down one. One
 * transaction. NOT_FOUND for an unknown list or movie, CONFLICT when the movie is already in the list.
 */
export async function addMovieToList(db: Db, principal: Principal, listId: number, input: MovieListAdd): Promise<void> {
  requireAdmin(principal);
  const { movieId } = input;
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, listId);
    if (order.includes(movieId)) {
      throw new DomainError('CONFLICT', `Movie ${movieId} is already in movie list ${listId}; reposition it with PUT`);
    }
    if (!isRowId(movieId) || !(await movieExists(tx, movieId))) throw notFound('Movie', movieId);
    await insertMovieListItem(tx, listId, movieId, order.length + 1);
    await writeMovieListOrder(tx, listId, reorder(order, movieId, input.position ?? order.length + 1));
  });
}

/** Moves a movie of the list to `position` (clamped to 1..n); the others close up around it. One transaction. */
export async function repositionMovieInList(db: Db, principal: Principal, listId: number, input: MovieListMove): Promise<void> {
  requireAdmin(principal);
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, listId);
    if (!order.includes(input.movieId)) throw notInList(listId, input.movieId);
    await writeMovieListOrder(tx, listId, reorder(order, input.movieId, input.position));
  });
}

/** Removes a movie from the list; the ones after it move up so sequences stay 1..n. One transaction. */
export async function removeMovieFromList(db: Db, principal: Principal, listId: number, movieId: number): Promise<void> {
  requireAdmin(principal);
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, listId);
    if (!order.includes(movieId)) throw notInList(listId, movieId);
    await deleteMovieListItem(tx, listId, movieId);
    await writeMovieListOrder(
      tx,
      listId,
      order.filter((id) => id !== movieId),
    );
  });
}

/** Deletes a list and its entries (one statement: they cascade); NOT_FOUND for an unknown id. */
export async function deleteMovieList(db: Db, principal: Principal, listId: number): Promise<void> {
  requireAdmin(principal);
  if (!isRowId(listId)) throw notFound('Movie list', listId);
  if (!(await deleteMovieListRow(db, listId))) throw notFound('Movie list', listId);
}
