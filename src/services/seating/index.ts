/**
 * Seating: layouts, the seat status of a showtime derived for a viewer, best-available allocation,
 * manual blocks and the seat-event log. The face of the folder: other layers and other domains import
 * from here only.
 *
 * model.ts (layout and seat-map types), store.ts (layout reads, one tag a statement), seat-status.ts
 * (statuses and their derivation), allocator.ts (best-available choice), membership.ts (whose
 * Premiere membership a map shows), seat-map.ts and layouts.ts (the reads), blocks.ts (set and clear
 * blocks), input.ts (the seat-block inputs and seat lists: their zod schemas), seat-log.ts (the seat-event log: its own statements, tagged) and seat-log-sweeper.ts.
 * SeatFacts, AllocationRequest and membershipLookup are named for unit tests alone (seat-status,
 * allocator, seat-membership).
 */
export { type LayoutSeatRow, type LayoutVersionRecord, type LayoutZoneRow, type SeatMap } from './model';
export { getCurrentLayoutsOfTheatres, getLayoutSeats, getLayoutVersionsByIds, getLayoutZones } from './store';
export {
  baseSeatStatus,
  collectSeatFacts,
  deriveSeatMap,
  SEAT_STATUSES,
  SEAT_TYPES,
  seatKey,
  SELLABLE,
  type LayoutSeat,
  type SeatFacts,
  type SeatStatus,
  type SeatType,
  type Viewer,
} from './seat-status';
export { allocateSeats, allocationLayout, MAX_PARTY, type AllocationCell, type AllocationLayout, type AllocationRequest, type Allocation } from './allocator';
export { membershipLookup, PREMIERE_ACCOUNT_TYPES, resolveViewer, type MembershipKey } from './membership';
export { seatMapForShowtime, seatMapViewer } from './seat-map';
export { clearSeatBlocksSchema, MAX_BLOCK_SEATS, seatListSchema, setSeatBlocksSchema } from './input';
export { groupByAuditorium, theatreSeatingLayouts } from './layouts';
export { clearSeatBlocks, setSeatBlocks, type SeatBlockInput } from './blocks';
export {
  announceSeatEvents,
  appendSeatEventsFrom,
  markSeatEventsWritten,
  onSeatEventsCommitted,
  recordClaimChanges,
  recordSeatChange,
  transactSeats,
} from './seat-log';
export { startSeatEventSweeper } from './seat-log-sweeper';
