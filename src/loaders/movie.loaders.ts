import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getEarliestShowtimes, getEntriesOfMovieLists, getMoviesByIds, type MovieListItemRow, type MovieRow } from '../services/movie';
import { manyByKey, oneByKey } from './keyed';

/** Movies by id, the earliest future showtime of each movie (null when none), and movie lists' entries. */
export function createMovieLoaders(db: Db) {
  return {
    movieById: new DataLoader<number, MovieRow | null>(async (ids) =>
      oneByKey(ids, await getMoviesByIds(db, ids), (m) => m.id),
    ),
    earliestShowtimeByMovieId: new DataLoader<number, Date | null>(async (ids) =>
      oneByKey(ids, await getEarliestShowtimes(db, ids), (r) => r.movieId).map((r) => r?.earliest ?? null),
    ),
    /** A movie list's entries in sequence order. */
    movieListEntriesByListId: new DataLoader<number, MovieListItemRow[]>(async (ids) =>
      manyByKey(ids, await getEntriesOfMovieLists(db, ids), (r) => r.movieListId),
    ),
  };
}
