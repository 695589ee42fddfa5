import { asc, count, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { theatres } from '../../../db/schema';
import { type Page, pageWindow, toPage } from '../shared/paging';
import { EARTH_RADIUS_MILES, validateNearQuery, type NearQuery } from '../shared/geo';
import type { TheatreRow } from './read';

/** A theatre near a point: `rank` 1 is the closest; `distance` is in miles. */
export interface LocationRow {
  rank: number;
  distance: number;
  theatre: TheatreRow;
}

/**
 * Haversine distance in miles from the point to each theatre, computed in SQL (the same formula as
 * `haversineMiles` in geo.ts) so filtering, ordering and paging happen in the database.
 */
function distanceSql(point: NearQuery) {
  // Explicit casts: an integral JS number would otherwise be bound as an integer parameter.
  const lat = sql`${point.latitude}::double precision`;
  const lon = sql`${point.longitude}::double precision`;
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::double precision * asin(least(1, sqrt(
    power(sin(radians(${theatres.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${theatres.latitude}))
      * power(sin(radians(${theatres.longitude} - ${lon}) / 2), 2)))))`;
}

/**
 * Theatres within `radius` miles (default 50) of the point, closest first, paged.
 * Validates the query (BAD_USER_INPUT naming the argument). Ties on distance are broken by theatre id.
 */
export async function findLocations(
  db: Db,
  query: { latitude: number; longitude: number; radius?: number | null },
  page: { pageNumber: number; pageSize: number },
): Promise<Page<LocationRow> & { latitude: number; longitude: number; radius: number }> {
  const point = validateNearQuery(query);
  const distance = distanceSql(point);
  const within = lte(distance, sql`${point.radius}::double precision`);
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ theatre: theatres, distance: distance.mapWith(Number) })
      .from(theatres)
      .where(within)
      .orderBy(asc(distance), asc(theatres.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(theatres).where(within),
  ]);
  const items = rows.map((row, i) => ({ rank: offset + i + 1, distance: row.distance, theatre: row.theatre }));
  return { ...toPage(items, total, page), latitude: point.latitude, longitude: point.longitude, radius: point.radius };
}
