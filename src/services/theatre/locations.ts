import { count } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { theatres } from '../../../db/schema';
import { listOrderBy, type ListQuery, type Page, pageWindow, toPage } from '../shared/paging';
import { haversineMilesSql, validateNearQuery, withinRadius, type NearQuery } from '../shared/geo';
import type { TheatreRow } from './read';

/** A theatre near a point: `rank` 1 is the closest; `distance` is in miles. */
export interface LocationRow {
  rank: number;
  distance: number;
  theatre: TheatreRow;
}

/**
 * Theatres within `radius` miles (default 50) of the point, closest first, ties broken by theatre id:
 * `findLocations`' list, also read by the planner. `distance` (miles, the haversine formula of geo.ts
 * in SQL) is a value of each item. Validates the query (BAD_USER_INPUT naming the argument).
 */
export function nearList(query: { latitude: number; longitude: number; radius?: number | null }): ListQuery & { point: NearQuery } {
  const point = validateNearQuery(query);
  const distance = haversineMilesSql(point, theatres.latitude, theatres.longitude);
  return { table: theatres, where: withinRadius(distance, point), order: [distance, theatres.id], values: { distance }, point };
}

/**
 * Theatres within `radius` miles (default 50) of the point, closest first, paged (`nearList`).
 * Validates the query (BAD_USER_INPUT naming the argument).
 */
export async function findLocations(
  db: Db,
  query: { latitude: number; longitude: number; radius?: number | null },
  page: { pageNumber: number; pageSize: number },
): Promise<Page<LocationRow> & { latitude: number; longitude: number; radius: number }> {
  const list = nearList(query);
  const { where, values, point } = list;
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ theatre: theatres, distance: values!.distance.mapWith(Number) })
      .from(theatres)
      .where(where)
      .orderBy(...listOrderBy(list))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(theatres).where(where),
  ]);
  const items = rows.map((row, i) => ({ rank: offset + i + 1, distance: row.distance, theatre: row.theatre }));
  return { ...toPage(items, total, page), latitude: point.latitude, longitude: point.longitude, radius: point.radius };
}
