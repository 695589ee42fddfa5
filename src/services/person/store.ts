import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { movieCredits, people } from '../../../db/schema';
import { preparedByKeys } from '../shared/prepared-reads';
import type { CreditRow, PersonRow } from './model';

/**
 * People's SQL: every statement of the domain, each under its `// statement: <name>` tag (a prepared
 * statement's tag is its name).
 */

const creditOrder = [asc(movieCredits.sortOrder), asc(movieCredits.id)];

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
