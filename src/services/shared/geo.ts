import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badInput } from '../../errors';

/** Mean Earth radius in statute miles (the unit of the spec's `radius` and `distance`). */
export const EARTH_RADIUS_MILES = 3958.8;
export const DEFAULT_RADIUS_MILES = 50;
export const MAX_RADIUS_MILES = 500;

export interface Point {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles between two points (haversine formula). */
export function haversineMiles(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points; asin would then be NaN.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * `haversineMiles` from the point to the row's coordinates, computed in SQL, so that a list filters,
 * orders and pages by it in the database (the lists near a point: theatres, showtimes).
 */
export function haversineMilesSql(point: Point, latitude: PgColumn, longitude: PgColumn): SQL<number> {
  // Explicit casts: an integral JS number would otherwise be bound as an integer parameter.
  const lat = sql`${point.latitude}::double precision`;
  const lon = sql`${point.longitude}::double precision`;
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::double precision * asin(least(1, sqrt(
    power(sin(radians(${latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${latitude}))
      * power(sin(radians(${longitude} - ${lon}) / 2), 2)))))`;
}

/** `distance <= radius` of a near query (its radius as a double: an integral one would bind as an integer). */
export const withinRadius = (distance: SQL<number>, query: NearQuery): SQL => sql`${distance} <= ${query.radius}::double precision`;

export interface NearQuery extends Point {
  radius: number;
}

/**
 * Checks a proximity query and fills the default radius. Throws BAD_USER_INPUT naming the argument:
 * latitude −90..90, longitude −180..180, 0 < radius ≤ 500 miles.
 */
export function validateNearQuery(input: { latitude: number; longitude: number; radius?: number | null }): NearQuery {
  const radius = input.radius ?? DEFAULT_RADIUS_MILES;
  if (!Number.isFinite(input.latitude) || input.latitude < -90 || input.latitude > 90) {
    throw badInput('latitude must be between -90 and 90', 'latitude');
  }
  if (!Number.isFinite(input.longitude) || input.longitude < -180 || input.longitude > 180) {
    throw badInput('longitude must be between -180 and 180', 'longitude');
  }
  if (!Number.isFinite(radius) || radius <= 0 || radius > MAX_RADIUS_MILES) {
    throw badInput(`radius must be greater than 0 and at most ${MAX_RADIUS_MILES} miles`, 'radius');
  }
  return { latitude: input.latitude, longitude: input.longitude, radius };
}

/** A maps URL that opens driving directions to the point. */
export function directionsUrl(point: Point): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${point.latitude},${point.longitude}`;
}
