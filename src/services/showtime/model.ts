import type { refundBatches, showtimes, showtimeTicketPrices } from '../../../db/schema';

/**
 * Showtimes' types: the rows, the record every read gives (the showtime with the movie data it shows
 * and its theatre's zone), what a batch read and a list select, occupancy, and a cancellation's view.
 */

type ShowtimeRow = typeof showtimes.$inferSelect;
export type TicketPriceRow = typeof showtimeTicketPrices.$inferSelect;
export type BatchRow = typeof refundBatches.$inferSelect;

/** A showtime with the movie data it shows and its theatre's timezone (one joined row). */
export interface ShowtimeRecord {
  showtime: ShowtimeRow;
  movie: {
    name: string;
    sortableName: string;
    slug: string;
    genre: string;
    mpaaRating: string;
    runTime: number;
    vendorReleaseNumber: number | null;
    internalReleaseNumber: number | null;
    /** The SHOWTIME_MEDIA_KEYS of its media (showtime/query.ts), each text or null. */
    media: Record<string, string | null | undefined>;
  };
  timezone: string;
  /** Theatre-local calendar day of the start (YYYY-MM-DD). */
  localDate: string;
  /** Ids of its attributes (any order); rows and display order come from the reference cache. */
  attributeIds: number[];
}

type AttributeOperator = 'AND' | 'OR';

/** The spec's showtime query parameters (movie, movie-id, include/exclude-attributes, attribute-operator). */
export interface ShowtimeFilters {
  /** Case-insensitive substring of the movie's name. */
  movieName?: string | null;
  movieId?: number | null;
  /** Attribute codes the showtime must have: all of them (AND, the default) or any of them (OR). */
  includeAttributes?: readonly string[] | null;
  /** Attribute codes the showtime must not have (none of them). */
  excludeAttributes?: readonly string[] | null;
  attributeOperator?: AttributeOperator | null;
}

/** Which showtimes a list shows: a theatre's, on a theatre-local day (YYYY-MM-DD) or every future one, filtered. */
export interface ShowtimeListQuery {
  theatreId: number;
  date?: string | null;
  filters?: ShowtimeFilters;
}

/** Seats taken (active claims) and sellable seats (layout seats that are not aisles or blocked). */
export interface Occupancy {
  showtimeId: number;
  taken: number;
  capacity: number;
}

/**
 * The share of sellable seats taken (held or sold) from which a showtime is "almost sold out".
 * A sold-out showtime is not also almost sold out.
 */
export const ALMOST_SOLD_OUT_RATIO = 0.9;

/** Orders refunded (or released) per transaction: locks are held for one chunk, never the whole batch. */
export const CANCELLATION_CHUNK = 25;
/** How long an instance working a batch holds it; renewed every chunk. Past it, any instance resumes it. */
export const BATCH_LEASE_MS = 30_000;

/** A showtime cancellation and its refund batch, as both surfaces show it. */
export interface CancellationView {
  showtimeId: number;
  batchId: string;
  /** running (still being worked, by this or another instance) or completed. */
  status: string;
  reason: string;
  refundedOrders: number;
  releasedSeats: number;
  createdAt: Date;
  completedAt: Date | null;
}
