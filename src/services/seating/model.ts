import type { layoutSeats, layoutZones } from '../../../db/schema';
import type { DerivedSeat } from './seat-status';

/*
 * The seating domain's types: layouts (versions, seats, zones) and the seat map of a showtime. The
 * statuses and their derivation stand in seat-status.ts, the types of the seat-event log in seat-log.ts.
 */

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

/** What `theatreSeatingLayouts` returns per layout: the version with its seats and zones. */
interface TheatreLayout extends LayoutVersionRecord {
  seats: LayoutSeatRow[];
  zones: LayoutZoneRow[];
}

export interface TheatreSeatingLayouts {
  theatreNumber: number;
  auditoriums: { auditorium: number; layouts: TheatreLayout[] }[];
}

/** The seat map of one showtime for one viewer (the spec's "seating layout for a performance"). */
export interface SeatMap {
  showtimeId: number;
  /** The theatre's id: the spec's theatre number. */
  theatreNumber: number;
  performanceNumber: number;
  rows: number;
  columns: number;
  /** The layout version the map is drawn on (its cells are immutable). */
  layoutVersionId: number;
  /** BlockedForSocialDistance beside held and sold seats: a change also changes its neighbours. */
  socialDistancing: boolean;
  /** Every cell of the layout version, row by row, with its derived status. */
  seats: DerivedSeat<LayoutSeatRow>[];
}
