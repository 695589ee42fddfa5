import type { markets, theatres } from '../../../db/schema';

export type TheatreRow = typeof theatres.$inferSelect;
export type MarketRow = typeof markets.$inferSelect;

export interface TheatreFilters {
  /** Slug of the theatre's market. */
  marketSlug?: string | null;
  /** A state's two-letter code (`TX`) or its name (`Texas`, `new-york`), case-insensitive. */
  state?: string | null;
  /** Case-insensitive substring of the theatre's name or long name. */
  name?: string | null;
}

