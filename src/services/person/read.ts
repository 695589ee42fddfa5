import type { Db } from '../../../db/client';
import type { CastAndCrewEntry, CreditRow } from './model';
import { creditsWithPeopleOfMovie, movieExists } from './store';

/**
 * The cast and crew of a movie (spec: Cast and crew), in billing order; null when the movie is unknown.
 * `role` is kept for actors only.
 */
export async function getCastAndCrew(db: Db, movieId: number): Promise<CastAndCrewEntry[] | null> {
  if (!(await movieExists(db, movieId))) return null;
  const rows = await creditsWithPeopleOfMovie(db, movieId);
  return rows.map(({ credit, person }) => ({
    movieId: credit.movieId,
    personId: person.id,
    job: credit.job,
    role: credit.job === 'Actor' ? credit.role : null,
    name: person.name,
    biography: person.biography,
    biographyUrl: person.biographyUrl,
    media: { profileDynamic: person.profileImageUrl },
  }));
}

/**
 * The spec's comma-separated `starringActors` and `directors` of a movie from its credits (billing
 * order) and the people they name; null when there are none.
 */
export function summarizeCredits(
  credits: readonly Pick<CreditRow, 'job' | 'personId'>[],
  nameOf: (personId: number) => string | undefined,
): { starringActors: string | null; directors: string | null } {
  const names = (job: string) => {
    const list = credits
      .filter((c) => c.job === job)
      .map((c) => nameOf(c.personId))
      .filter((n): n is string => !!n);
    return list.length ? list.join(', ') : null;
  };
  return { starringActors: names('Actor'), directors: names('Director') };
}
