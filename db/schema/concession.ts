import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, time, unique } from 'drizzle-orm/pg-core';
import { theatres } from './theatre';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

/** A concession category; categories nest by `parentId`, `level` 1 being the top. */
export const concessionCategories = pgTable('concession_categories', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  level: integer('level').notNull(),
  sortOrder: integer('sort_order').notNull(),
  productSortOrder: integer('product_sort_order').notNull().default(0),
  imageSmall: text('image_small'),
  imageLarge: text('image_large'),
});

export const upsellGroups = pgTable('upsell_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

/** A product of the chain's menu; theatres sell it through `theatre_concessions` at their own price. */
export const concessions = pgTable('concessions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
  description: text('description'),
  nutritionalInfo: text('nutritional_info'),
  size: text('size'),
  sku: text('sku').notNull().unique(),
  prepTime: integer('prep_time').notNull().default(0),
  taxGroupId: integer('tax_group_id'),
  taxAtComboItemLevel: boolean('tax_at_combo_item_level').notNull().default(false),
  isCombo: boolean('is_combo').notNull().default(false),
  /** True for products sold only as modifiers (extra butter, …), never listed on their own. */
  isModifierOnly: boolean('is_modifier_only').notNull().default(false),
  imageSmall: text('image_small'),
  imageLarge: text('image_large'),
  upsellGroupId: integer('upsell_group_id').references(() => upsellGroups.id),
});

/** The assignment of a product to a theatre: its id is the spec's theatre-product-assignment-id. */
export const theatreConcessions = pgTable(
  'theatre_concessions',
  {
    id: serial('id').primaryKey(),
    theatreId: integer('theatre_id')
      .notNull()
      .references(() => theatres.id, { onDelete: 'cascade' }),
    concessionId: integer('concession_id')
      .notNull()
      .references(() => concessions.id),
    price: money('price').notNull(),
    tax: money('tax').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [
    unique('theatre_concessions_uq').on(t.theatreId, t.concessionId),
    index('theatre_concessions_theatre_idx').on(t.theatreId),
    index('theatre_concessions_concession_idx').on(t.concessionId),
  ],
);

export const concessionCategoryAssignments = pgTable(
  'concession_category_assignments',
  {
    concessionId: integer('concession_id')
      .notNull()
      .references(() => concessions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => concessionCategories.id),
  },
  (t) => [
    primaryKey({ columns: [t.concessionId, t.categoryId] }),
    index('concession_category_assignments_category_idx').on(t.categoryId),
  ],
);

/** Display groups of a product (the spec's `groups[]`, filtered by the `group` query). */
export const concessionGroups = pgTable(
  'concession_groups',
  {
    concessionId: integer('concession_id')
      .notNull()
      .references(() => concessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageSmall: text('image_small'),
    imageLarge: text('image_large'),
  },
  (t) => [primaryKey({ columns: [t.concessionId, t.name] })],
);

export const concessionDiscounts = pgTable('concession_discounts', {
  id: serial('id').primaryKey(),
  concessionId: integer('concession_id')
    .notNull()
    .references(() => concessions.id, { onDelete: 'cascade' }),
  amount: money('amount').notNull(),
  type: text('type').notNull(),
  referenceProductId: integer('reference_product_id'),
}, (t) => [index('concession_discounts_concession_idx').on(t.concessionId)]);

export const modifierGroups = pgTable('modifier_groups', {
  id: serial('id').primaryKey(),
  concessionId: integer('concession_id')
    .notNull()
    .references(() => concessions.id, { onDelete: 'cascade' }),
  groupName: text('group_name').notNull(),
  required: boolean('required').notNull().default(false),
  minimumQuantity: integer('minimum_quantity').notNull().default(0),
  maximumQuantity: integer('maximum_quantity').notNull().default(1),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [index('modifier_groups_concession_idx').on(t.concessionId)]);

/** A modifier choice of a group; it is itself a product (`concessionId`), priced here. */
export const modifiers = pgTable('modifiers', {
  id: serial('id').primaryKey(),
  modifierGroupId: integer('modifier_group_id')
    .notNull()
    .references(() => modifierGroups.id, { onDelete: 'cascade' }),
  concessionId: integer('concession_id')
    .notNull()
    .references(() => concessions.id),
  price: money('price').notNull(),
  tax: money('tax').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [index('modifiers_group_idx').on(t.modifierGroupId)]);

/** A part of a combo: a fixed product (`type` Concession) or a choice among products (`type` Group). */
export const comboComponents = pgTable('combo_components', {
  id: serial('id').primaryKey(),
  comboConcessionId: integer('combo_concession_id')
    .notNull()
    .references(() => concessions.id, { onDelete: 'cascade' }),
  concessionId: integer('concession_id').references(() => concessions.id),
  name: text('name').notNull(),
  type: text('type').notNull(),
  quantity: integer('quantity').notNull().default(1),
  sortOrder: integer('sort_order').notNull().default(0),
}, (t) => [index('combo_components_combo_idx').on(t.comboConcessionId)]);

export const comboGroupItems = pgTable(
  'combo_group_items',
  {
    componentId: integer('component_id')
      .notNull()
      .references(() => comboComponents.id, { onDelete: 'cascade' }),
    concessionId: integer('concession_id')
      .notNull()
      .references(() => concessions.id),
  },
  (t) => [primaryKey({ columns: [t.componentId, t.concessionId] })],
);

export const upsellItems = pgTable(
  'upsell_items',
  {
    upsellGroupId: integer('upsell_group_id')
      .notNull()
      .references(() => upsellGroups.id, { onDelete: 'cascade' }),
    concessionId: integer('concession_id')
      .notNull()
      .references(() => concessions.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.upsellGroupId, t.concessionId] })],
);

/**
 * The daily pickup template of a theatre: one row per local time of day with its capacity.
 * Pickup times of a date are these slots on that local day, less what orders have booked.
 */
export const pickupTimeSlots = pgTable(
  'pickup_time_slots',
  {
    theatreId: integer('theatre_id')
      .notNull()
      .references(() => theatres.id, { onDelete: 'cascade' }),
    timeLocal: time('time_local').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.theatreId, t.timeLocal] })],
);
