import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movieCredits, movies, people } from '../../../db/schema';
import { preparedByKeys } from '../shared/prepared-reads';
import type { CreditRow, PersonRow } from './model';

/**
 * People's SQL: every statement of the domain, each under its `// statement: <name>` tag (a prepared
 * statement's tag is its name).
 */

const creditOrder = [asc(movieCredits.sortOrder), asc(movieCredits.id)];

/** People of the given ids (loaders reorder). */
export async function getPeopleByIds(db: Db, ids: readonly number[]): Promise<PersonRow[]> {
  if (!ids.length) return [];
  // statement: peopleByIds
  return preparedByKeys(db, 'peopleByIds', ids, (d, keyIn, name) => d.select().from(people).where(keyIn(people.id)).prepare(name));
}

/** Credits of the given movies with their people (one joined statement), in billing order. */
export async function getCreditsWithPeopleOfMovies(
  db: Db,
  movieIds: readonly number[],
): Promise<{ credit: CreditRow; person: PersonRow }[]> {
  if (!movieIds.length) return [];
  // statement: creditsWithPeopleOfMovies
  return preparedByKeys(db, 'creditsWithPeopleOfMovies', movieIds, (d, keyIn, name) =>
    d
      .select({ credit: movieCredits, person: people })
      .from(movieCredits)
      .innerJoin(people, eq(people.id, movieCredits.personId))
      .where(keyIn(movieCredits.movieId))
      .orderBy(...creditOrder)
      .prepare(name),
  );
}

/** Whether a movie of this id exists. */
export async function movieExists(db: Db, movieId: number): Promise<boolean> {
  // statement: movieExists
  const [movie] = await db.select({ id: movies.id }).from(movies).where(eq(movies.id, movieId));
  return movie !== undefined;
}

/** The credits of one movie with their people, in billing order. */
export function creditsWithPeopleOfMovie(db: Db, movieId: number): Promise<{ credit: CreditRow; person: PersonRow }[]> {
  // statement: creditsWithPeopleOfMovie
  return db
    .select({ credit: movieCredits, person: people })
    .from(movieCredits)
    .innerJoin(people, eq(people.id, movieCredits.personId))
    .where(eq(movieCredits.movieId, movieId))
    .orderBy(...creditOrder);
}
