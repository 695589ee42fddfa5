import type { movieCredits, people } from '../../../db/schema';

export type PersonRow = typeof people.$inferSelect;
export type CreditRow = typeof movieCredits.$inferSelect;

/** One entry of a movie's cast and crew as the spec's cast-crew item shows it. */
export interface CastAndCrewEntry {
  movieId: number;
  personId: number;
  job: string;
  role: string | null;
  name: string;
  biography: string | null;
  biographyUrl: string | null;
  media: { profileDynamic: string | null };
}
