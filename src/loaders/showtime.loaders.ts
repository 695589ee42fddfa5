import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getOccupancy, getShowtimesByIds, type Occupancy, type ShowtimeRecord } from '../services/showtime';
import { oneByKey } from './keyed';

/** Showtimes by id and their occupancy (attributes: attribute.loaders). */
export function createShowtimeLoaders(db: Db) {
  return {
    showtimeById: new DataLoader<number, ShowtimeRecord | null>(async (ids) =>
      oneByKey(ids, await getShowtimesByIds(db, ids), (r) => r.showtime.id),
    ),
    occupancyByShowtimeId: new DataLoader<number, Occupancy | null>(async (ids) =>
      oneByKey(ids, await getOccupancy(db, ids), (r) => r.showtimeId),
    ),
  };
}
