/**
 * Concessions: the menu of a theatre with categories, modifier groups, combos and upsells, and the
 * pickup times of orders' concessions. The face of the folder: other layers and other domains import
 * from here only. model.ts (rows, the record of a product as a theatre sells it, filters, pickup times),
 * store.ts (its SQL, each statement tagged; the upsell loader's batch read and the list's conditions, which
 * the read planner shares, are exported from it as they are), pickup.ts (pickup slots laid on a day or
 * around showtimes, less what orders booked). The menu's reads are the read planner's
 * (src/read-planner/catalog-concessions.ts).
 */
export {
  type ComboComponentRow,
  type ComboGroupItemRow,
  type ConcessionCategoryRow,
  type ConcessionDiscountRow,
  type ConcessionGroupRow,
  type ConcessionRecord,
  type ModifierGroupRow,
  type ModifierRow,
  type PickupTimes,
} from './model';
export { concessionListConditions } from './store';
export { pickupTimesForDate, pickupTimesForDates, pickupTimesForShowtimes } from './pickup';
