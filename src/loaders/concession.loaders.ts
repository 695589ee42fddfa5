import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getUpsellConcessions, pickupTimesForDates, pickupTimesForShowtimes, type PickupTimes } from '../services/concession';
import type { ShowtimeRecord } from '../services/showtime';

const json = (v: unknown) => JSON.stringify(v);

/**
 * Pickup times and the upsell products of a group at a theatre (the other relations of concessions are
 * read through the read planner: `relation`).
 */
export function createConcessionLoaders(db: Db) {
  return {
    ...createPickupLoaders(db),
    upsellConcessionsByGroupTheatre: new DataLoader<{ upsellGroupId: number; theatreId: number }, Awaited<ReturnType<typeof getUpsellConcessions>>, string>(
      async (keys) => {
        const rows = await getUpsellConcessions(
          db,
          [...new Set(keys.map((k) => k.upsellGroupId))],
          [...new Set(keys.map((k) => k.theatreId))],
        );
        return keys.map((k) => rows.filter((r) => r.upsellGroupId === k.upsellGroupId && r.theatreId === k.theatreId));
      },
      { cacheKeyFn: json },
    ),
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
