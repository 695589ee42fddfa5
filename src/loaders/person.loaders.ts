import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  getCreditsOfPeople,
  getCreditsWithPeopleOfMovies,
  getPeopleByIds,
  type CreditRow,
  type PersonRow,
} from '../services/person';
import { manyByKey, oneByKey } from './keyed';

/**
 * People by id; credits by movie and by person, in billing order. A movie's credits come with their
 * people in one statement, which primes `personById`: cast and crew with names cost one statement.
 */
export function createPersonLoaders(db: Db) {
  const personById = new DataLoader<number, PersonRow | null>(async (ids) =>
    oneByKey(ids, await getPeopleByIds(db, ids), (p) => p.id),
  );
  const personOfCredit = new WeakMap<CreditRow, PersonRow>();
  return {
    personById,
    /** The person row read with a credit of `creditsByMovieId` (undefined for other credits). */
    personOfCredit: (credit: CreditRow): PersonRow | undefined => personOfCredit.get(credit),
    creditsByMovieId: new DataLoader<number, CreditRow[]>(async (ids) => {
      const rows = await getCreditsWithPeopleOfMovies(db, ids);
      for (const { credit, person } of rows) {
        personById.prime(person.id, person);
        personOfCredit.set(credit, person);
      }
      return manyByKey(ids, rows, (r) => r.credit.movieId).map((list) => list.map((r) => r.credit));
    }),
    creditsByPersonId: new DataLoader<number, CreditRow[]>(async (ids) =>
      manyByKey(ids, await getCreditsOfPeople(db, ids), (c) => c.personId),
    ),
  };
}
