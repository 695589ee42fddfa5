import type {
  comboComponents,
  comboGroupItems,
  concessionCategories,
  concessionDiscounts,
  concessionGroups,
  concessions,
  modifierGroups,
  modifiers,
} from '../../../db/schema';

type ConcessionProductRow = typeof concessions.$inferSelect;
export type ConcessionCategoryRow = typeof concessionCategories.$inferSelect;
export type ConcessionGroupRow = typeof concessionGroups.$inferSelect;
export type ConcessionDiscountRow = typeof concessionDiscounts.$inferSelect;
export type ModifierGroupRow = typeof modifierGroups.$inferSelect;
export type ComboComponentRow = typeof comboComponents.$inferSelect;
/** A modifier of a group with the id an order's add-modifier body takes, and its product's names and sku. */
export type ModifierRow = Pick<typeof modifiers.$inferSelect, 'id' | 'modifierGroupId' | 'concessionId' | 'price' | 'tax'> &
  Pick<ConcessionProductRow, 'name' | 'displayName' | 'sku'>;
/** A product a Group-type combo component offers, with its name and sku. */
export type ComboGroupItemRow = Pick<typeof comboGroupItems.$inferSelect, 'componentId' | 'concessionId'> & Pick<ConcessionProductRow, 'name' | 'sku'>;

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
