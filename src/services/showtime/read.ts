import { and } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { showtimes, theatres } from '../../../db/schema';
import { immutableCacheFor } from '../shared/immutable-cache';
import { haversineMilesSql, validateNearQuery, withinRadius } from '../shared/geo';
import { type ListQuery } from '../shared/paging';
import { ALMOST_SOLD_OUT_RATIO, type Occupancy, type ShowtimeFilters, type ShowtimeRecord } from './model';
import { filterConditions, localDatesCondition, optionalDate, validateFilters } from './query';
import { SHOWTIME_JOINS } from './list';
import { capacityOf, getShowtimesByIds, takenOf } from './store';

/** One showtime, or null when the id is unknown. */
export async function getShowtime(db: Db, id: number): Promise<ShowtimeRecord | null> {
  const [row] = await getShowtimesByIds(db, [id]);
  return row ?? null;
}

/**
 * Showtimes on a theatre-local date at theatres within `radius` miles (default 50) of the point,
 * ordered by distance, then theatre, start time and id: `showtimesNear`'s list, also read by the
 * planner. `distance` is a value of each item. Validates date, point, radius and filters.
 */
export function showtimesNearList(query: {
  date: string;
  latitude: number;
  longitude: number;
  radius?: number | null;
  filters?: ShowtimeFilters;
}): ListQuery {
  const date = optionalDate(query.date)!;
  const point = validateNearQuery(query);
  const filters = validateFilters(query.filters ?? {});
  const distance = haversineMilesSql(point, theatres.latitude, theatres.longitude);
  return {
    table: showtimes,
    joins: SHOWTIME_JOINS,
    where: and(withinRadius(distance, point), localDatesCondition([date]), ...filterConditions(filters)),
    order: [distance, theatres.id, showtimes.showDateTimeUtc, showtimes.id],
    values: { distance },
  };
}

/** Sellable seats of layout versions, kept per process: a version's seats never change (a change is a new version). */
const CAPACITY_CACHE_VERSIONS = 5000;

/**
 * Occupancy of the given showtimes: the active claims of each (one statement, the partial index of
 * active claims answers it) and the sellable seats of its layout version, from a process-wide cache of
 * immutable layout versions (a miss costs one statement for all missing versions). Counting a version's
 * seats on every read was most of the statement: for a REST page of 35 showtimes, 3.5 ms with the
 * count, 0.45 ms without it (psql, the bench's database).
 */
export async function getOccupancy(db: Db, showtimeIds: readonly number[]): Promise<Occupancy[]> {
  if (!showtimeIds.length) return [];
  return occupancyOfTaken(db, await takenOf(db, showtimeIds));
}

/**
 * Occupancy of showtimes whose active claims were counted (`taken`, by `getOccupancy` or with the
 * showtimes themselves): the sellable seats of each layout version from the process-wide cache.
 */
export async function occupancyOfTaken(
  db: Db,
  rows: readonly { showtimeId: number; layoutVersionId: number; taken: number }[],
): Promise<Occupancy[]> {
  const versions = [...new Set(rows.map((r) => r.layoutVersionId))];
  const capacities = await immutableCacheFor<number, number>(db, 'capacityByLayoutVersionId', CAPACITY_CACHE_VERSIONS).loadMany(
    versions,
    async (missing) => {
      const counted = await capacityOf(db, missing);
      const byVersion = new Map(counted.map((c) => [c.versionId, Number(c.seats)]));
      return missing.map((v) => byVersion.get(v) ?? 0);
    },
    // No seats counted: the version's seats may not be where they were read yet (a replica behind).
    (capacity) => capacity > 0,
  );
  const capacityOfVersion = new Map(versions.map((v, i) => [v, capacities[i]]));
  return rows.map((r) => ({ showtimeId: r.showtimeId, taken: r.taken, capacity: capacityOfVersion.get(r.layoutVersionId) ?? 0 }));
}

/** Sold out: every sellable seat is taken. */
export const isSoldOut = (o: Occupancy | null): boolean => Boolean(o && o.capacity > 0 && o.taken >= o.capacity);

/** Almost sold out: at least 90% of the sellable seats taken, but not all of them. */
export const isAlmostSoldOut = (o: Occupancy | null): boolean =>
  Boolean(o && o.capacity > 0 && !isSoldOut(o) && o.taken >= ALMOST_SOLD_OUT_RATIO * o.capacity);
