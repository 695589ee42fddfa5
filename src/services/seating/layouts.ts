import type { Db } from '../../../db/client';
import type { TheatreSeatingLayouts } from './model';
import { getCurrentLayoutsOfTheatres, getLayoutSeats, getLayoutZones } from './store';

/** Groups a theatre's layouts by auditorium number (input already in auditorium order). */
export function groupByAuditorium<T extends { auditorium: number }>(layouts: readonly T[]) {
  const out: { auditorium: number; layouts: T[] }[] = [];
  for (const layout of layouts) {
    const last = out[out.length - 1];
    if (last && last.auditorium === layout.auditorium) last.layouts.push(layout);
    else out.push({ auditorium: layout.auditorium, layouts: [layout] });
  }
  return out;
}

/**
 * The spec's "theatre seating layouts": every auditorium of the theatre with the current version of
 * each of its layouts, seats and zones included. Three statements whatever the size. An unknown
 * theatre (or one without layouts) gives no auditoriums.
 */
export async function theatreSeatingLayouts(db: Db, theatreId: number): Promise<TheatreSeatingLayouts> {
  const versions = await getCurrentLayoutsOfTheatres(db, [theatreId]);
  const ids = versions.map((v) => v.versionId);
  const [seats, zones] = await Promise.all([getLayoutSeats(db, ids), getLayoutZones(db, ids)]);
  const layouts = versions.map((v) => ({
    ...v,
    seats: seats.filter((s) => s.layoutVersionId === v.versionId),
    zones: zones.filter((z) => z.layoutVersionId === v.versionId),
  }));
  return { theatreNumber: theatreId, auditoriums: groupByAuditorium(layouts) };
}
