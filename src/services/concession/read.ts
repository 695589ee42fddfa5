import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
  theatreConcessions,
  upsellGroups,
  upsellItems,
} from '../../../db/schema';
import { type Page, pageWindow, toPage } from '../shared/paging';

export type ConcessionProductRow = typeof concessions.$inferSelect;
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
  return selectRecords(db)
    .where(and(inArray(theatreConcessions.theatreId, [...theatreIds]), ...concessionListConditions(filters)))
    .orderBy(...listOrder);
}

/** Concessions by theatre-product-assignment id (loaders reorder). */
export async function getConcessionsByIds(db: Db, ids: readonly number[]): Promise<ConcessionRecord[]> {
  if (!ids.length) return [];
  return selectRecords(db).where(inArray(theatreConcessions.id, [...ids]));
}

/** One concession by theatre-product-assignment id, or null. */
export async function getConcession(db: Db, id: number): Promise<ConcessionRecord | null> {
  const [row] = await getConcessionsByIds(db, [id]);
  return row ?? null;
}

/** The concession of a product at a theatre, or null when the theatre does not sell it. */
export async function getTheatreConcession(
  db: Db,
  theatreId: number,
  concessionId: number,
): Promise<ConcessionRecord | null> {
  const [row] = await selectRecords(db).where(
    and(eq(theatreConcessions.theatreId, theatreId), eq(theatreConcessions.concessionId, concessionId)),
  );
  return row ?? null;
}

/**
 * The concession categories of each theatre: those of its listed products and all their ancestors,
 * ordered by level, sort order and id. Two statements for any number of theatres.
 */
export async function getCategoriesOfTheatres(
  db: Db,
  theatreIds: readonly number[],
): Promise<{ theatreId: number; category: ConcessionCategoryRow }[]> {
  if (!theatreIds.length) return [];
  const [pairs, all] = await Promise.all([
    db
      .selectDistinct({ theatreId: theatreConcessions.theatreId, categoryId: concessionCategoryAssignments.categoryId })
      .from(theatreConcessions)
      .innerJoin(concessions, eq(concessions.id, theatreConcessions.concessionId))
      .innerJoin(concessionCategoryAssignments, eq(concessionCategoryAssignments.concessionId, concessions.id))
      .where(and(inArray(theatreConcessions.theatreId, [...theatreIds]), ...concessionListConditions({}))),
    db
      .select()
      .from(concessionCategories)
      .orderBy(asc(concessionCategories.level), asc(concessionCategories.sortOrder), asc(concessionCategories.id)),
  ]);
  const byId = new Map(all.map((c) => [c.id, c]));
  const used = new Map<number, Set<number>>(theatreIds.map((id) => [id, new Set<number>()]));
  for (const { theatreId, categoryId } of pairs) {
    const set = used.get(theatreId)!;
    for (let c = byId.get(categoryId); c && !set.has(c.id); c = c.parentId ? byId.get(c.parentId) : undefined) {
      set.add(c.id);
    }
  }
  return theatreIds.flatMap((theatreId) =>
    all.filter((c) => used.get(theatreId)!.has(c.id)).map((category) => ({ theatreId, category })),
  );
}

/** A page of a theatre's concession categories (see `getCategoriesOfTheatres`). */
export async function listConcessionCategories(
  db: Db,
  theatreId: number,
  page: { pageNumber: number; pageSize: number },
): Promise<Page<ConcessionCategoryRow>> {
  const rows = (await getCategoriesOfTheatres(db, [theatreId])).map((r) => r.category);
  const { limit, offset } = pageWindow(page);
  return toPage(rows.slice(offset, offset + limit), rows.length, page);
}

/** Categories each product is assigned to. */
export async function getCategoriesOfConcessions(db: Db, productIds: readonly number[]) {
  if (!productIds.length) return [];
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
  return db
    .select()
    .from(concessionGroups)
    .where(inArray(concessionGroups.concessionId, [...productIds]))
    .orderBy(asc(concessionGroups.name));
}

export async function getDiscountsOfConcessions(db: Db, productIds: readonly number[]): Promise<ConcessionDiscountRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(concessionDiscounts)
    .where(inArray(concessionDiscounts.concessionId, [...productIds]))
    .orderBy(asc(concessionDiscounts.id));
}

export async function getModifierGroupsOfConcessions(db: Db, productIds: readonly number[]): Promise<ModifierGroupRow[]> {
  if (!productIds.length) return [];
  return db
    .select()
    .from(modifierGroups)
    .where(inArray(modifierGroups.concessionId, [...productIds]))
    .orderBy(asc(modifierGroups.sortOrder), asc(modifierGroups.id));
}

/** Modifiers of the given groups (with the id an order's add-modifier body takes) and their product's names and sku. */
export async function getModifiersOfGroups(db: Db, groupIds: readonly number[]) {
  if (!groupIds.length) return [];
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
  return db
    .select()
    .from(comboComponents)
    .where(inArray(comboComponents.comboConcessionId, [...productIds]))
    .orderBy(asc(comboComponents.sortOrder), asc(comboComponents.id));
}

export type ModifierRow = Awaited<ReturnType<typeof getModifiersOfGroups>>[number];

/** The products a Group-type combo component offers, with names and sku. */
export async function getComboGroupItems(db: Db, componentIds: readonly number[]) {
  if (!componentIds.length) return [];
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

export type ComboGroupItemRow = Awaited<ReturnType<typeof getComboGroupItems>>[number];

export async function getUpsellGroupsByIds(db: Db, ids: readonly number[]): Promise<UpsellGroupRow[]> {
  if (!ids.length) return [];
  return db.select().from(upsellGroups).where(inArray(upsellGroups.id, [...ids]));
}

/** Upsell products of the groups, priced as the given theatres sell them (only what they sell). */
export async function getUpsellConcessions(db: Db, groupIds: readonly number[], theatreIds: readonly number[]) {
  if (!groupIds.length || !theatreIds.length) return [];
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
