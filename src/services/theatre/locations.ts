import { theatres } from '../../../db/schema';
import { type ListQuery } from '../shared/paging';
import { haversineMilesSql, validateNearQuery, withinRadius, type NearQuery } from '../shared/geo';

/**
 * Theatres within `radius` miles (default 50) of the point, closest first, ties broken by theatre id:
 * the `locationsNear` page's list, read by the planner. `distance` (miles, the haversine formula of geo.ts
 * in SQL) is a value of each item. Validates the query (BAD_USER_INPUT naming the argument).
 */
export function nearList(query: { latitude: number; longitude: number; radius?: number | null }): ListQuery & { point: NearQuery } {
  const point = validateNearQuery(query);
  const distance = haversineMilesSql(point, theatres.latitude, theatres.longitude);
  return { table: theatres, where: withinRadius(distance, point), order: [distance, theatres.id], values: { distance }, point };
}

