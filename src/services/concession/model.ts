import type {
  comboComponents,
  concessionCategories,
  concessionDiscounts,
  concessionGroups,
  concessions,
  modifierGroups,
  upsellGroups,
} from '../../../db/schema';
import type { getComboGroupItems, getModifiersOfGroups } from './store';

type ConcessionProductRow = typeof concessions.$inferSelect;
export type ConcessionCategoryRow = typeof concessionCategories.$inferSelect;
export type ConcessionGroupRow = typeof concessionGroups.$inferSelect;
export type ConcessionDiscountRow = typeof concessionDiscounts.$inferSelect;
export type ModifierGroupRow = typeof modifierGroups.$inferSelect;
export type ComboComponentRow = typeof comboComponents.$inferSelect;
export type UpsellGroupRow = typeof upsellGroups.$inferSelect;

/** A product as one theatre sells it: `id` is the theatre-product-assignment id, `concessionId` the product. */
export interface ConcessionRecord {
  id: number;
  theatreId: number;
  concessionId: number;
  price: number;
  tax: number;
  isAvailable: boolean;
  product: ConcessionProductRow;
}

export interface ConcessionFilters {
  /** A category name, matching the product's categories or their parents (case-insensitive). */
  category?: string | null;
  /** A display group name (case-insensitive). */
  group?: string | null;
}

/** A modifier of a group with the id an order's add-modifier body takes, and its product's names and sku. */
export type ModifierRow = Awaited<ReturnType<typeof getModifiersOfGroups>>[number];
/** A product a Group-type combo component offers, with its name and sku. */
export type ComboGroupItemRow = Awaited<ReturnType<typeof getComboGroupItems>>[number];

/** Order-product statuses that hold a pickup slot. */
export const ACTIVE_PICKUP_STATUSES = ['Pending', 'Held', 'Submitted', 'Fulfilled'];

export interface PickupTime {
  available: number;
  pickupDateTimeUtc: Date;
  pickupDateTimeLocal: string;
  isDefault: boolean;
}

export interface PickupTimes {
  theatreId: number;
  showtimeId: number | null;
  pickupTimes: PickupTime[];
}
