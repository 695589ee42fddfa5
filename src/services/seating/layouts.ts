import type { LayoutSeatRow, LayoutVersionRecord, LayoutZoneRow, TheatreSeatingLayouts } from './model';

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

/** A batched read by key, as a request's DataLoader gives it. */
interface Reader<K, V> {
  load(key: K): Promise<V>;
}

/**
 * What a theatre's layouts read: the request's layout loaders (src/loaders/layout.loaders.ts), which
 * GraphQL's `Theatre.seatingLayouts` and its layouts' seats and zones read too (one path for both
 * surfaces; a version's cells come from the process cache of immutable layouts).
 */
export interface LayoutReads {
  currentLayoutsByTheatreId: Reader<number, LayoutVersionRecord[]>;
  layoutSeatsByVersionId: Reader<number, LayoutSeatRow[]>;
  layoutZonesByVersionId: Reader<number, LayoutZoneRow[]>;
}

/**
 * The spec's "theatre seating layouts": every auditorium of the theatre with the current version of
 * each of its layouts, seats and zones included. At most three statements whatever the size (the
 * current versions, their cells unless cached, their zones). An unknown theatre (or one without
 * layouts) gives no auditoriums.
 */
export async function theatreSeatingLayouts(reads: LayoutReads, theatreId: number): Promise<TheatreSeatingLayouts> {
  const versions = await reads.currentLayoutsByTheatreId.load(theatreId);
  const [seats, zones] = await Promise.all([
    Promise.all(versions.map((v) => reads.layoutSeatsByVersionId.load(v.versionId))),
    Promise.all(versions.map((v) => reads.layoutZonesByVersionId.load(v.versionId))),
  ]);
  const layouts = versions.map((v, i) => ({ ...v, seats: seats[i], zones: zones[i] }));
  return { theatreNumber: theatreId, auditoriums: groupByAuditorium(layouts) };
}
