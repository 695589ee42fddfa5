import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getCreditsWithPeopleOfMovies, getPeopleByIds, type CreditRow, type PersonRow } from '../services/person';
import { manyByKey, oneByKey } from './keyed';

/**
 * People by id; credits by movie in billing order (a movie's starring actors and directors). A movie's
 * credits come with their people in one statement, which primes `personById`.
 */
export function createPersonLoaders(db: Db) {
  const personById = new DataLoader<number, PersonRow | null>(async (ids) =>
    oneByKey(ids, await getPeopleByIds(db, ids), (p) => p.id),
  );
  return {
    personById,
    creditsByMovieId: new DataLoader<number, CreditRow[]>(async (ids) => {
      const rows = await getCreditsWithPeopleOfMovies(db, ids);
      for (const { person } of rows) personById.prime(person.id, person);
      return manyByKey(ids, rows, (r) => r.credit.movieId).map((list) => list.map((r) => r.credit));
    }),
  };
}
