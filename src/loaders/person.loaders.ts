import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getCreditsWithPeopleOfMovies, type CreditRow, type PersonRow } from '../services/person';
import { manyByKey } from './keyed';

/** A movie's credits with their people, in billing order, one statement: its starring actors and directors. */
export function createPersonLoaders(db: Db) {
  return {
    creditsByMovieId: new DataLoader<number, { credit: CreditRow; person: PersonRow }[]>(async (ids) =>
      manyByKey(ids, await getCreditsWithPeopleOfMovies(db, ids), (r) => r.credit.movieId),
    ),
  };
}
