import type { Db } from '../../../db/client';
import { theatres } from '../../../db/schema';
import { type ListQuery, type Page, pageOfList, pageWindow } from '../shared/paging';
import { haversineMilesSql, validateNearQuery, withinRadius, type NearQuery } from '../shared/geo';
import type { LocationRow, TheatreRow } from './model';

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
  const { point } = list;
  const rows = await pageOfList<{ theatre: TheatreRow; distance: number }>(db, list, { theatre: theatres, distance: list.values!.distance.mapWith(Number) }, page);
  const { offset } = pageWindow(page);
  const items = rows.items.map((row, i) => ({ rank: offset + i + 1, distance: row.distance, theatre: row.theatre }));
  return { ...rows, items, latitude: point.latitude, longitude: point.longitude, radius: point.radius };
}
