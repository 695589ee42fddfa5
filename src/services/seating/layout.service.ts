import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditoriums, layoutSeats, layoutVersions, layoutZones, seatingLayouts } from '../../../db/schema';

export type LayoutSeatRow = typeof layoutSeats.$inferSelect;
export type LayoutZoneRow = typeof layoutZones.$inferSelect;

/** A version of a seating layout with where it belongs (theatre, auditorium number). */
export interface LayoutVersionRecord {
  /** The layout version's own id (what showtimes point at). */
  versionId: number;
  /** The spec's layout id (one of the layouts an auditorium can have). */
  layoutId: number;
  versionNumber: number;
  rows: number;
  columns: number;
  theatreId: number;
  auditorium: number;
  name: string;
}

const versionColumns = {
  versionId: layoutVersions.id,
  layoutId: layoutVersions.layoutId,
  versionNumber: layoutVersions.versionNumber,
  rows: layoutVersions.rows,
  columns: layoutVersions.columns,
  theatreId: seatingLayouts.theatreId,
  auditorium: auditoriums.number,
  name: seatingLayouts.name,
};

function selectVersions(db: Db) {
  return db
    .select(versionColumns)
    .from(layoutVersions)
    .innerJoin(seatingLayouts, eq(seatingLayouts.id, layoutVersions.layoutId))
    .innerJoin(auditoriums, eq(auditoriums.id, seatingLayouts.auditoriumId));
}

/** Layout versions of the given ids (loaders reorder). */
export async function getLayoutVersionsByIds(db: Db, versionIds: readonly number[]): Promise<LayoutVersionRecord[]> {
  if (!versionIds.length) return [];
  return selectVersions(db).where(inArray(layoutVersions.id, [...versionIds]));
}

/**
 * The current version of every layout of the given theatres, by auditorium number then layout id
 * (the spec's theatre seating layouts list each auditorium's layouts as they are now).
 */
export async function getCurrentLayoutsOfTheatres(
  db: Db,
  theatreIds: readonly number[],
): Promise<LayoutVersionRecord[]> {
  if (!theatreIds.length) return [];
  return selectVersions(db)
    .where(
      and(
        inArray(seatingLayouts.theatreId, [...theatreIds]),
        eq(layoutVersions.versionNumber, seatingLayouts.currentVersionNumber),
      ),
    )
    .orderBy(asc(auditoriums.number), asc(seatingLayouts.id));
}

/** Seats (cells) of the given layout versions, row by row. */
export async function getLayoutSeats(db: Db, versionIds: readonly number[]): Promise<LayoutSeatRow[]> {
  if (!versionIds.length) return [];
  return db
    .select()
    .from(layoutSeats)
    .where(inArray(layoutSeats.layoutVersionId, [...versionIds]))
    .orderBy(asc(layoutSeats.layoutVersionId), asc(layoutSeats.row), asc(layoutSeats.column));
}

/** Price zones of the given layout versions. */
export async function getLayoutZones(db: Db, versionIds: readonly number[]): Promise<LayoutZoneRow[]> {
  if (!versionIds.length) return [];
  return db
    .select()
    .from(layoutZones)
    .where(inArray(layoutZones.layoutVersionId, [...versionIds]))
    .orderBy(asc(layoutZones.layoutVersionId), asc(layoutZones.zoneNumber));
}

/** What `theatreSeatingLayouts` returns per layout: the version with its seats and zones. */
export interface TheatreLayout extends LayoutVersionRecord {
  seats: LayoutSeatRow[];
  zones: LayoutZoneRow[];
}

export interface TheatreSeatingLayouts {
  theatreNumber: number;
  auditoriums: { auditorium: number; layouts: TheatreLayout[] }[];
}

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
