/**
 * Showtimes: reads, lists, the REST/GraphQL field table, and cancellation with its refund batches. The
 * face of the folder: other layers and other domains import from here only (`npm run lint`: `face` in
 * eslint.config.mjs).
 *
 * model.ts (rows, the showtime record, selections, filters, occupancy, the cancellation's view),
 * store.ts (its SQL: every statement of the reads, lists and cancellation, tagged), query.ts (the SQL
 * fragments store.ts and the read planner compose: columns, record JSON, filters, local dates; no
 * statement), read.ts (one showtime, showtimes near a point, occupancy), list.ts (filtered, paged
 * lists), view.ts (the field table both surfaces print), cancel.ts (the cancellation verb, its refund
 * batches and their sweeper).
 */
export {
  CANCELLATION_CHUNK,
  type CancellationView,
  type Occupancy,
  type ShowtimeFilters,
  type ShowtimeRecord,
  type TicketPriceRow,
} from './model';
export { getShowtimeByPerformance, getShowtimesByIds } from './store';
export {
  MAX_FILTER_CODES,
  SHOWTIME_MEDIA_KEYS,
  SHOWTIME_RECORD_COLUMNS,
  showtimeRecordJson,
  showtimeRecordOf,
} from './query';
export { getOccupancy, getShowtime, isAlmostSoldOut, isSoldOut, occupancyOfTaken, showtimesNearList } from './read';
export {
  earliestShowtimeList,
  showtimeDayConditions,
  showtimeByIdList,
  theatreShowtimeList,
  withTaken,
} from './list';
export { SHOWTIME_FIELDS, showtimeFields } from './view';
export { cancellationSchema, cancelShowtime, startRefundBatchSweeper } from './cancel';
