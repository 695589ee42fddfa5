import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { pickupTimesForDates, pickupTimesForShowtimes, type PickupTimes } from '../services/concession';
import type { ShowtimeRecord } from '../services/showtime';

const json = (v: unknown) => JSON.stringify(v);

/** Pickup times (the relations of concessions are read through the read planner: `relation`). */
export function createConcessionLoaders(db: Db) {
  return {
    ...createPickupLoaders(db),
  };
}

/** Pickup times of theatres on local dates, and around showtimes (see concession/pickup). */
export function createPickupLoaders(db: Db) {
  return {
    pickupTimesByTheatreDate: new DataLoader<{ theatreId: number; date: string }, PickupTimes | null, string>(
      (keys) => pickupTimesForDates(db, keys),
      { cacheKeyFn: json },
    ),
    pickupTimesByShowtime: new DataLoader<ShowtimeRecord, PickupTimes, number>(
      (records) => pickupTimesForShowtimes(db, records),
      { cacheKeyFn: (r) => r.showtime.id },
    ),
  };
}
