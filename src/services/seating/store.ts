import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { auditoriums, layoutSeats, layoutVersions, layoutZones, seatingLayouts } from '../../../db/schema';
import type { LayoutSeatRow, LayoutVersionRecord, LayoutZoneRow } from './model';

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
  // statement: layoutVersionsByIds
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
  // statement: currentLayoutsOfTheatres
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
  // statement: layoutSeatsOfVersions
  return db
    .select()
    .from(layoutSeats)
    .where(inArray(layoutSeats.layoutVersionId, [...versionIds]))
    .orderBy(asc(layoutSeats.layoutVersionId), asc(layoutSeats.row), asc(layoutSeats.column));
}

/** Price zones of the given layout versions. */
export async function getLayoutZones(db: Db, versionIds: readonly number[]): Promise<LayoutZoneRow[]> {
  if (!versionIds.length) return [];
  // statement: layoutZonesOfVersions
  return db
    .select()
    .from(layoutZones)
    .where(inArray(layoutZones.layoutVersionId, [...versionIds]))
    .orderBy(asc(layoutZones.layoutVersionId), asc(layoutZones.zoneNumber));
}
