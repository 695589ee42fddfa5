import type { movieListItems, movieLists, movies } from '../../../db/schema';

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

export type MovieListRow = typeof movieLists.$inferSelect;
/** A list with the number of its movies (`count`), as both read paths give it. */
export type MovieListRecord = MovieListRow & { count: number };
export type MovieListItemRow = typeof movieListItems.$inferSelect;

export interface MovieListFilters {
  typeName?: string | null;
  /** Lists whose date range overlaps [startDate, endDate] (either bound optional). */
  startDate?: Date | null;
  endDate?: Date | null;
}

/** What an account's order history says about its taste (docs/accounts.md, "Personalized movies"). */
export interface TasteSignals {
  /** Tickets bought per genre. */
  genres: Map<string, number>;
  /** Movies the account already has tickets for. */
  seen: Set<number>;
  /** The theatre it bought most tickets at (lowest id on a tie), or null without history. */
  favoriteTheatreId: number | null;
}
