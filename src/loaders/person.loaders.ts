import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  getCreditsOfMovies,
  getCreditsOfPeople,
  getPeopleByIds,
  type CreditRow,
  type PersonRow,
} from '../services/person.service';
import { manyByKey, oneByKey } from './keyed';

/** People by id; credits by movie and by person, in billing order. */
export function createPersonLoaders(db: Db) {
  return {
    personById: new DataLoader<number, PersonRow | null>(async (ids) =>
      oneByKey(ids, await getPeopleByIds(db, ids), (p) => p.id),
    ),
    creditsByMovieId: new DataLoader<number, CreditRow[]>(async (ids) =>
      manyByKey(ids, await getCreditsOfMovies(db, ids), (c) => c.movieId),
    ),
    creditsByPersonId: new DataLoader<number, CreditRow[]>(async (ids) =>
      manyByKey(ids, await getCreditsOfPeople(db, ids), (c) => c.personId),
    ),
  };
}
