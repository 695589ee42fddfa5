import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getEarliestShowtimes, getMoviesByIds, type MovieRow } from '../services/movie';
import { oneByKey } from './keyed';

/** Movies by id and the earliest future showtime of each movie (null when none). */
export function createMovieLoaders(db: Db) {
  return {
    movieById: new DataLoader<number, MovieRow | null>(async (ids) =>
      oneByKey(ids, await getMoviesByIds(db, ids), (m) => m.id),
    ),
    earliestShowtimeByMovieId: new DataLoader<number, Date | null>(async (ids) =>
      oneByKey(ids, await getEarliestShowtimes(db, ids), (r) => r.movieId).map((r) => r?.earliest ?? null),
    ),
  };
}
