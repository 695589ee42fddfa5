import { and, asc, countDistinct, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  comboComponents,
  comboGroupItems,
  concessionCategories,
  concessionCategoryAssignments,
  concessionDiscounts,
  concessionGroups,
  concessions,
  modifierGroups,
  modifiers,
  orderProducts,
  pickupTimeSlots,
  theatreConcessions,
  theatres,
  upsellGroups,
  upsellItems,
} from '../../../db/schema';
import type {
  ComboComponentRow,
  ConcessionCategoryRow,
  ConcessionDiscountRow,
  ConcessionFilters,
  ConcessionGroupRow,
  ConcessionRecord,
  ModifierGroupRow,
  UpsellGroupRow,
} from './model';

/**
 * Concessions' SQL: every statement of the menu (read.ts, the loaders, the read planner's conditions)
 * and of the pickup times (pickup.ts), each under its `// statement: <name>` tag. The two row types
 * inferred from their statements live here, beside them (model.ts does not import the store).
 */

/** Order-product statuses that hold a pickup slot. */
export const ACTIVE_PICKUP_STATUSES = ['Pending', 'Held', 'Submitted', 'Fulfilled'];

/** A modifier of a group with the id an order's add-modifier body takes, and its product's names and sku. */
export type ModifierRow = Awaited<ReturnType<typeof getModifiersOfGroups>>[number];
/** A product a Group-type combo component offers, with its name and sku. */
export type ComboGroupItemRow = Awaited<ReturnType<typeof getComboGroupItems>>[number];


const recordColumns = {
  id: theatreConcessions.id,
  theatreId: theatreConcessions.theatreId,
  concessionId: theatreConcessions.concessionId,
  price: theatreConcessions.price,
  tax: theatreConcessions.tax,
  isAvailable: theatreConcessions.isAvailable,
  product: concessions,
};

function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(theatreConcessions)
    .innerJoin(concessions, eq(concessions.id, theatreConcessions.concessionId));
}

const listOrder = [asc(theatreConcessions.theatreId), asc(concessions.displayName), asc(theatreConcessions.id)];

/**
 * Listed products: available at the theatre, not modifier-only, matching the filters (in SQL). The
 * conditions name the tables `theatre_concessions` and `concessions` themselves: the read planner's
 * concession page (src/read-planner/catalog.ts) applies the same conditions to the same two tables.
 */
export function concessionListConditions(filters: ConcessionFilters): SQL[] {
  const conditions: SQL[] = [eq(theatreConcessions.isAvailable, true), eq(concessions.isModifierOnly, false)];
  if (filters.category) {
    // A category matches itself and up to two levels of parents (the menu has three levels).
    conditions.push(sql`exists (select 1 from concession_category_assignments cca
      join concession_categories c on c.id = cca.category_id
      left join concession_categories p on p.id = c.parent_id
      left join concession_categories gp on gp.id = p.parent_id
      where cca.concession_id = concessions.id
        and lower(${filters.category}) in (lower(c.name), lower(p.name), lower(gp.name)))`);
  }
  if (filters.group) {
    conditions.push(sql`exists (select 1 from concession_groups g
      where g.concession_id = concessions.id and lower(g.name) = lower(${filters.group}))`);
  }
  return conditions;
}

/** Every listed concession of the given theatres (for batch loaders, which page per theatre). */
export async function listConcessionsOfTheatres(
  db: Db,
  theatreIds: readonly number[],
  filters: ConcessionFilters,
): Promise<ConcessionRecord[]> {
  if (!theatreIds.length) return [];
  // statement: listConcessionsOfTheatres
  return selectRecords(db)
    .where(and(inArray(theatreConcessions.theatreId, [...theatreIds]), ...concessionListConditions(filters)))
    .orderBy(...listOrder);
}

/** Concessions by theatre-product-assignment id (loaders reorder). */
export async function getConcessionsByIds(db: Db, ids: readonly number[]): Promise<ConcessionRecord[]> {
  if (!ids.length) return [];
  // statement: getConcessionsByIds
  return selectRecords(db).where(inArray(theatreConcessions.id, [...ids]));
}

/** The concession of a product at a theatre, or null when the theatre does not sell it. */
export async function getTheatreConcession(
  db: Db,
  theatreId: number,
  concessionId: number,
): Promise<ConcessionRecord | null> {
  // statement: getTheatreConcession
  const [row] = await selectRecords(db).where(
    and(eq(theatreConcessions.theatreId, theatreId), eq(theatreConcessions.concessionId, concessionId)),
  );
  return row ?? null;
}

/** The categories directly assigned to the listed products of each theatre (distinct pairs). */
export function listedCategoriesOfTheatres(db: Db, theatreIds: readonly number[]): Promise<{ theatreId: number; categoryId: number }[]> {
  // statement: listedCategoriesOfTheatres
  return db
    .selectDistinct({ theatreId: theatreConcessions.theatreId, categoryId: concessionCategoryAssignments.categoryId })
    .from(theatreConcessions)
    .innerJoin(concessions, eq(concessions.id, theatreConcessions.concessionId))
    .innerJoin(concessionCategoryAssignments, eq(concessionCategoryAssignments.concessionId, concessions.id))
    .where(and(inArray(theatreConcessions.theatreId, [...theatreIds]), ...concessionListConditions({})));
}

/** Every concession category, by level, sort order and id. */
export function allConcessionCategories(db: Db): Promise<ConcessionCategoryRow[]> {
  // statement: allConcessionCategories
  return db
    .select()
    .from(concessionCategories)
    .orderBy(asc(concessionCategories.level), asc(concessionCategories.sortOrder), asc(concessionCategories.id));
}

/** Categories each product is assigned to. */
export async function getCategoriesOfConcessions(db: Db, productIds: readonly number[]) {
  if (!productIds.length) return [];
  // statement: getCategoriesOfConcessions
  return db
    .select({ concessionId: concessionCategoryAssignments.concessionId, category: concessionCategories })
    .from(concessionCategoryAssignments)
    .innerJoin(concessionCategories, eq(concessionCategories.id, concessionCategoryAssignments.categoryId))
    .where(inArray(concessionCategoryAssignments.concessionId, [...productIds]))
    // The id last: ties of level and sort order order as the read planner orders them.
    .orderBy(asc(concessionCategories.level), asc(concessionCategories.sortOrder), asc(concessionCategories.id));
}

export async function getGroupsOfConcessions(db: Db, productIds: readonly number[]): Promise<ConcessionGroupRow[]> {
  if (!productIds.length) return [];
  // statement: getGroupsOfConcessions
  return db
    .select()
    .from(concessionGroups)
    .where(inArray(concessionGroups.concessionId, [...productIds]))
    .orderBy(asc(concessionGroups.name));
}

export async function getDiscountsOfConcessions(db: Db, productIds: readonly number[]): Promise<ConcessionDiscountRow[]> {
  if (!productIds.length) return [];
  // statement: getDiscountsOfConcessions
  return db
    .select()
    .from(concessionDiscounts)
    .where(inArray(concessionDiscounts.concessionId, [...productIds]))
    .orderBy(asc(concessionDiscounts.id));
}

export async function getModifierGroupsOfConcessions(db: Db, productIds: readonly number[]): Promise<ModifierGroupRow[]> {
  if (!productIds.length) return [];
  // statement: getModifierGroupsOfConcessions
  return db
    .select()
    .from(modifierGroups)
    .where(inArray(modifierGroups.concessionId, [...productIds]))
    .orderBy(asc(modifierGroups.sortOrder), asc(modifierGroups.id));
}

/** Modifiers of the given groups (with the id an order's add-modifier body takes) and their product's names and sku. */
export async function getModifiersOfGroups(db: Db, groupIds: readonly number[]) {
  if (!groupIds.length) return [];
  // statement: getModifiersOfGroups
  return db
    .select({
      id: modifiers.id,
      modifierGroupId: modifiers.modifierGroupId,
      concessionId: modifiers.concessionId,
      name: concessions.name,
      displayName: concessions.displayName,
      sku: concessions.sku,
      price: modifiers.price,
      tax: modifiers.tax,
    })
    .from(modifiers)
    .innerJoin(concessions, eq(concessions.id, modifiers.concessionId))
    .where(inArray(modifiers.modifierGroupId, [...groupIds]))
    .orderBy(asc(modifiers.sortOrder), asc(modifiers.id));
}

export async function getComboComponentsOfConcessions(db: Db, productIds: readonly number[]): Promise<ComboComponentRow[]> {
  if (!productIds.length) return [];
  // statement: getComboComponentsOfConcessions
  return db
    .select()
    .from(comboComponents)
    .where(inArray(comboComponents.comboConcessionId, [...productIds]))
    .orderBy(asc(comboComponents.sortOrder), asc(comboComponents.id));
}

/** The products a Group-type combo component offers, with names and sku. */
export async function getComboGroupItems(db: Db, componentIds: readonly number[]) {
  if (!componentIds.length) return [];
  // statement: getComboGroupItems
  return db
    .select({
      componentId: comboGroupItems.componentId,
      concessionId: comboGroupItems.concessionId,
      name: concessions.name,
      sku: concessions.sku,
    })
    .from(comboGroupItems)
    .innerJoin(concessions, eq(concessions.id, comboGroupItems.concessionId))
    .where(inArray(comboGroupItems.componentId, [...componentIds]))
    .orderBy(asc(concessions.name));
}

export async function getUpsellGroupsByIds(db: Db, ids: readonly number[]): Promise<UpsellGroupRow[]> {
  if (!ids.length) return [];
  // statement: getUpsellGroupsByIds
  return db.select().from(upsellGroups).where(inArray(upsellGroups.id, [...ids]));
}

/** Upsell products of the groups, priced as the given theatres sell them (only what they sell). */
export async function getUpsellConcessions(db: Db, groupIds: readonly number[], theatreIds: readonly number[]) {
  if (!groupIds.length || !theatreIds.length) return [];
  // statement: getUpsellConcessions
  return db
    .select({
      upsellGroupId: upsellItems.upsellGroupId,
      theatreId: theatreConcessions.theatreId,
      concessionId: concessions.id,
      name: concessions.name,
      sku: concessions.sku,
      price: theatreConcessions.price,
      tax: theatreConcessions.tax,
    })
    .from(upsellItems)
    .innerJoin(concessions, eq(concessions.id, upsellItems.concessionId))
    .innerJoin(theatreConcessions, eq(theatreConcessions.concessionId, concessions.id))
    .where(
      and(
        inArray(upsellItems.upsellGroupId, [...groupIds]),
        inArray(theatreConcessions.theatreId, [...theatreIds]),
        eq(theatreConcessions.isAvailable, true),
      ),
    )
    .orderBy(asc(upsellItems.sortOrder), asc(concessions.id));
}

// --- pickup times ------------------------------------------------------------------------------

/** The daily pickup slot templates of theatres, by theatre and local time. */
export function pickupSlotsOf(db: Db, theatreIds: number[]) {
  // statement: pickupSlotsOf
  return db
    .select()
    .from(pickupTimeSlots)
    .where(inArray(pickupTimeSlots.theatreId, theatreIds))
    .orderBy(asc(pickupTimeSlots.theatreId), asc(pickupTimeSlots.timeLocal));
}

/** The distinct orders with an active concession line picked up at each time of theatres, between `from` and `to`. */
export function pickupBookingsOf(db: Db, theatreIds: number[], from: Date, to: Date) {
  // statement: pickupBookingsOf
  return db
    .select({
      theatreId: sql<number>`coalesce(${orderProducts.theatreId}, ${theatreConcessions.theatreId})`.mapWith(Number),
      at: orderProducts.pickupDateTimeUtc,
      orders: countDistinct(orderProducts.orderId),
    })
    .from(orderProducts)
    .leftJoin(theatreConcessions, eq(theatreConcessions.id, orderProducts.theatreConcessionId))
    .where(
      and(
        gte(orderProducts.pickupDateTimeUtc, from),
        lte(orderProducts.pickupDateTimeUtc, to),
        inArray(orderProducts.status, ACTIVE_PICKUP_STATUSES),
        sql`coalesce(${orderProducts.theatreId}, ${theatreConcessions.theatreId}) in (${sql.join(
          theatreIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .groupBy(sql`1`, orderProducts.pickupDateTimeUtc);
}

/** The timezones of theatres. */
export function timezonesOfTheatres(db: Db, theatreIds: number[]): Promise<{ id: number; timezone: string }[]> {
  // statement: timezonesOfTheatres
  return db.select({ id: theatres.id, timezone: theatres.timezone }).from(theatres).where(inArray(theatres.id, theatreIds));
}
