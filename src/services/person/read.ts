import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movieCredits, movies, people } from '../../../db/schema';
import { anyOf, prepared } from '../shared/prepared-reads';

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

const creditOrder = [asc(movieCredits.sortOrder), asc(movieCredits.id)];

/** One person, or null when the id is unknown. */
export async function getPerson(db: Db, id: number): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(eq(people.id, id));
  return row ?? null;
}

/** People of the given ids (loaders reorder). */
export async function getPeopleByIds(db: Db, ids: readonly number[]): Promise<PersonRow[]> {
  if (!ids.length) return [];
  return prepared(db, 'peopleByIds', (d) => d.select().from(people).where(anyOf(people.id, 'ids')).prepare('peopleByIds')).execute({
    ids: [...ids],
  });
}

/** Credits of the given movies with their people (one joined statement), in billing order. */
export async function getCreditsWithPeopleOfMovies(
  db: Db,
  movieIds: readonly number[],
): Promise<{ credit: CreditRow; person: PersonRow }[]> {
  if (!movieIds.length) return [];
  return prepared(db, 'creditsWithPeopleOfMovies', (d) =>
    d
      .select({ credit: movieCredits, person: people })
      .from(movieCredits)
      .innerJoin(people, eq(people.id, movieCredits.personId))
      .where(anyOf(movieCredits.movieId, 'ids'))
      .orderBy(...creditOrder)
      .prepare('creditsWithPeopleOfMovies'),
  ).execute({ ids: [...movieIds] });
}

/** Credits of the given people, in billing order. */
export async function getCreditsOfPeople(db: Db, personIds: readonly number[]): Promise<CreditRow[]> {
  if (!personIds.length) return [];
  return db
    .select()
    .from(movieCredits)
    .where(inArray(movieCredits.personId, [...personIds]))
    .orderBy(asc(movieCredits.movieId), ...creditOrder);
}

/**
 * The cast and crew of a movie (spec: Cast and crew), in billing order; null when the movie is unknown.
 * `role` is kept for actors only.
 */
export async function getCastAndCrew(db: Db, movieId: number): Promise<CastAndCrewEntry[] | null> {
  const [movie] = await db.select({ id: movies.id }).from(movies).where(eq(movies.id, movieId));
  if (!movie) return null;
  const rows = await db
    .select({ credit: movieCredits, person: people })
    .from(movieCredits)
    .innerJoin(people, eq(people.id, movieCredits.personId))
    .where(eq(movieCredits.movieId, movieId))
    .orderBy(...creditOrder);
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
