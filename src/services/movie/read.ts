import { and, eq, gte, lt, not, sql, type SQL } from 'drizzle-orm';
import { movies, showtimes } from '../../../db/schema';
import { type ListQuery } from '../shared/paging';
import { containsPattern } from '../shared/like-pattern';
import { fieldTable } from '../shared/field-table';
import { MOVIE_MEDIA_KEYS, NOW_PLAYING_DAYS, type MovieFilters, type MovieRow, type MovieView } from './model';

/**
 * Movies: the views' conditions, the filtered list both paths read, and the field table both surfaces
 * print. The statements are store.ts's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC that starts the day after `now`: a release date before it is "released". */
function startOfNextUtcDay(now: Date): Date {
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

/** The movies the filters keep, by sortable name: the `movies` page's list, read by the planner. */
export function movieList(filters: MovieFilters): ListQuery {
  const now = filters.now ?? new Date();
  const conditions: SQL[] = [];
  if (filters.view) conditions.push(viewCondition(filters.view, now));
  if (filters.genre) conditions.push(sql`lower(${movies.genre}) = lower(${filters.genre})`);
  if (filters.name) conditions.push(sql`${movies.name} ilike ${containsPattern(filters.name)}`);
  return { table: movies, where: conditions.length ? and(...conditions) : undefined, order: [movies.sortableName, movies.id] };
}

/** The movie's showtimes page on its website (derived: the spec gives no separate source). */
function showtimesUrlOf(movie: Pick<MovieRow, 'websiteUrl'>): string | null {
  return movie.websiteUrl ? `${movie.websiteUrl.replace(/\/+$/, '')}/showtimes` : null;
}

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
