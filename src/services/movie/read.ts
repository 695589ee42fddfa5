import { and, count, eq, gte, inArray, lt, min, not, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movies, showtimes } from '../../../db/schema';
import { listOrderBy, type ListQuery, type Page, pageWindow, toPage } from '../shared/paging';
import { containsPattern } from '../shared/like-pattern';
import { anyOf, prepared } from '../shared/prepared-reads';
import { fieldTable } from '../shared/field-table';

export type MovieRow = typeof movies.$inferSelect;

/** The spec's movie views (docs/decisions.md defines them). */
export type MovieView = 'NOW_PLAYING' | 'ADVANCE' | 'COMING_SOON' | 'ACTIVE';

/** How far ahead "now playing" looks for showtimes. */
export const NOW_PLAYING_DAYS = 14;

export interface MovieFilters {
  view?: MovieView | null;
  /** Exact genre, case-insensitive (`Drama`, `sci-fi`). */
  genre?: string | null;
  /** Case-insensitive substring of the name. */
  name?: string | null;
  /** The reference instant of the views; defaults to the current time. */
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC that starts the day after `now`: a release date before it is "released". */
export function startOfNextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** A movie has a bookable (not canceled) showtime in [from, to). */
function hasShowtimeBetween(from: Date, to?: Date): SQL {
  const window = [
    eq(showtimes.movieId, movies.id),
    eq(showtimes.isCanceled, false),
    gte(showtimes.showDateTimeUtc, from),
    ...(to ? [lt(showtimes.showDateTimeUtc, to)] : []),
  ];
  return sql`exists (select 1 from ${showtimes} where ${and(...window)})`;
}

/**
 * The condition of a view at `now`:
 * - NOW_PLAYING: released (release date before the next UTC day) and a showtime in the next 14 days;
 * - ADVANCE: release date from the next UTC day on, and future showtimes already scheduled;
 * - COMING_SOON: release date from the next UTC day on, and no future showtimes yet.
 * The three are disjoint. ACTIVE is every movie with a future showtime, released or not: NOW_PLAYING,
 * ADVANCE, and released movies whose next showtime is more than 14 days away.
 */
export function viewCondition(view: MovieView, now: Date): SQL {
  const releasedBy = startOfNextUtcDay(now);
  switch (view) {
    case 'NOW_PLAYING':
      return and(
        lt(movies.releaseDateUtc, releasedBy),
        hasShowtimeBetween(now, new Date(now.getTime() + NOW_PLAYING_DAYS * DAY_MS)),
      )!;
    case 'ADVANCE':
      return and(gte(movies.releaseDateUtc, releasedBy), hasShowtimeBetween(now))!;
    case 'COMING_SOON':
      return and(gte(movies.releaseDateUtc, releasedBy), not(hasShowtimeBetween(now)))!;
    case 'ACTIVE':
      return hasShowtimeBetween(now);
  }
}

/** One movie, or null when the id is unknown. */
export async function getMovie(db: Db, id: number): Promise<MovieRow | null> {
  const [row] = await prepared(db, 'movieById', (d) =>
    d.select().from(movies).where(eq(movies.id, sql.placeholder('id'))).prepare('movieById'),
  ).execute({ id });
  return row ?? null;
}

/** Movies of the given ids (loaders reorder). */
export async function getMoviesByIds(db: Db, ids: readonly number[]): Promise<MovieRow[]> {
  if (!ids.length) return [];
  return prepared(db, 'moviesByIds', (d) => d.select().from(movies).where(anyOf(movies.id, 'ids')).prepare('moviesByIds')).execute({
    ids: [...ids],
  });
}

/** A page of movies filtered by view, genre and name substring, ordered by sortable name. */
export async function listMovies(
  db: Db,
  filters: MovieFilters,
  page: { pageNumber: number; pageSize: number },
): Promise<Page<MovieRow>> {
  const list = movieList(filters);
  const { where } = list;
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(movies).where(where).orderBy(...listOrderBy(list)).limit(limit).offset(offset),
    db.select({ total: count() }).from(movies).where(where),
  ]);
  return toPage(rows, total, page);
}

/** The movies the filters keep, by sortable name: `listMovies`' list, also read by the planner. */
export function movieList(filters: MovieFilters): ListQuery {
  const now = filters.now ?? new Date();
  const conditions: SQL[] = [];
  if (filters.view) conditions.push(viewCondition(filters.view, now));
  if (filters.genre) conditions.push(sql`lower(${movies.genre}) = lower(${filters.genre})`);
  if (filters.name) conditions.push(sql`${movies.name} ilike ${containsPattern(filters.name)}`);
  return { table: movies, where: conditions.length ? and(...conditions) : undefined, order: [movies.sortableName, movies.id] };
}

/** The earliest future, not canceled showtime of each given movie that has one. */
export async function getEarliestShowtimes(
  db: Db,
  movieIds: readonly number[],
  now: Date = new Date(),
): Promise<{ movieId: number; earliest: Date }[]> {
  if (!movieIds.length) return [];
  const rows = await db
    .select({ movieId: showtimes.movieId, earliest: min(showtimes.showDateTimeUtc) })
    .from(showtimes)
    .where(
      and(inArray(showtimes.movieId, [...movieIds]), eq(showtimes.isCanceled, false), gte(showtimes.showDateTimeUtc, now)),
    )
    .groupBy(showtimes.movieId);
  return rows.filter((r): r is { movieId: number; earliest: Date } => r.earliest !== null);
}

/** The movie's showtimes page on its website (derived: the spec gives no separate source). */
export function showtimesUrlOf(movie: Pick<MovieRow, 'websiteUrl'>): string | null {
  return movie.websiteUrl ? `${movie.websiteUrl.replace(/\/+$/, '')}/showtimes` : null;
}

/** The spec's media keys of a movie (current and legacy). */
export const MOVIE_MEDIA_KEYS = [
  'heroDesktopDynamic',
  'heroMobileDynamic',
  'posterDynamic',
  'posterAlternateDynamic',
  'poster3DDynamic',
  'posterLargeFormatDynamic',
  'trailerTeaserDynamic',
  'trailerAlternateDynamic',
  'onDemandTrailerVideoId',
  'onDemandTrailerExternalVideoId',
  'onDemandPosterDynamic',
  'onDemandTrailerMp4Dynamic',
  'onDemandTrailerHdDynamic',
  'posterThumbnail',
  'posterStandard',
  'posterLarge',
  'trailerFlv',
  'trailerHd',
  'trailerMp4',
] as const;
export type MovieMediaKey = (typeof MOVIE_MEDIA_KEYS)[number];

/**
 * The spec's own fields of a movie from its row, shared by GraphQL and REST. Fields computed from other
 * tables (starringActors, directors, earliestShowingUtc, attributes) come through loaders on each surface.
 */
export const MOVIE_FIELDS = fieldTable<MovieRow>()({
  id: 'id',
  name: 'name',
  sortableName: 'sortableName',
  slug: 'slug',
  genre: 'genre',
  mpaaRating: 'mpaaRating',
  vendorReleaseNumber: 'vendorReleaseNumber',
  runTime: 'runTime',
  score: 'score',
  synopsis: 'synopsis',
  synopsisTagLine: 'synopsisTagLine',
  releaseDateUtc: { needs: ['releaseDateUtc'], value: (row) => row.releaseDateUtc.toISOString() },
  displayOnlineTicketAvailability: 'displayOnlineTicketAvailability',
  onlineTicketAvailabilityDateUtc: {
    needs: ['onlineTicketAvailabilityDateUtc'],
    value: (row) => row.onlineTicketAvailabilityDateUtc?.toISOString() ?? null,
  },
  websiteUrl: 'websiteUrl',
  showtimesUrl: { needs: ['websiteUrl'], value: showtimesUrlOf },
  distributorId: 'distributorId',
  distributorCode: 'distributorCode',
  availableForAList: 'availableForAList',
  preferredMediaType: 'preferredMediaType',
  externalDbId: 'externalDbId',
  privateTheatreRentalTier: 'privateTheatreRentalTier',
  media: { needs: ['media'], value: (row) => mediaOf(row.media, MOVIE_MEDIA_KEYS) },
});

export const movieFields = (row: MovieRow) => MOVIE_FIELDS.all(row);

/** The media object of `keys` from a row's media JSON (null for each key it lacks). */
export function mediaOf<K extends string>(media: Partial<Record<string, string | null>> | null | undefined, keys: readonly K[]): Record<K, string | null> {
  const out = {} as Record<K, string | null>;
  for (const key of keys) out[key] = media?.[key] ?? null;
  return out;
}
