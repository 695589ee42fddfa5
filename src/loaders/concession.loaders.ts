import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { type Page, pageOfRows } from '../services/shared/paging';
import {
  getCategoriesOfConcessions,
  getCategoriesOfTheatres,
  getComboComponentsOfConcessions,
  getComboGroupItems,
  getDiscountsOfConcessions,
  getGroupsOfConcessions,
  getModifierGroupsOfConcessions,
  getModifiersOfGroups,
  getTheatreConcession,
  getUpsellConcessions,
  getUpsellGroupsByIds,
  listConcessionsOfTheatres,
  type ConcessionCategoryRow,
  type ConcessionFilters,
  type ConcessionRecord,
  pickupTimesForDates,
  pickupTimesForShowtimes,
  type PickupTimes,
} from '../services/concession';
import type { ShowtimeRecord } from '../services/showtime';
import { manyByKey, oneByKey } from './keyed';

/** A theatre's concession list as a nested field asks for it. */
export interface ConcessionListKey {
  theatreId: number;
  filters: ConcessionFilters;
  page: { pageNumber: number; pageSize: number };
}

const json = (v: unknown) => JSON.stringify(v);

/** Theatres' concession pages: one statement per distinct filter set, paged per theatre here. */
async function loadConcessionPages(db: Db, keys: readonly ConcessionListKey[]): Promise<Page<ConcessionRecord>[]> {
  const byFilters = new Map<string, ConcessionListKey[]>();
  for (const k of keys) byFilters.set(json(k.filters), [...(byFilters.get(json(k.filters)) ?? []), k]);
  const rows = new Map<string, ConcessionRecord[]>();
  await Promise.all(
    [...byFilters].map(async ([f, members]) => {
      const theatreIds = [...new Set(members.map((m) => m.theatreId))];
      rows.set(f, await listConcessionsOfTheatres(db, theatreIds, members[0].filters));
    }),
  );
  return keys.map((k) =>
    pageOfRows(
      rows.get(json(k.filters))!.filter((r) => r.theatreId === k.theatreId),
      k.page,
    ),
  );
}

/** Concessions, their categories, groups, discounts, modifiers, combo parts and upsells. */
export function createConcessionLoaders(db: Db) {
  return {
    ...createPickupLoaders(db),
    concessionByTheatreProduct: new DataLoader<{ theatreId: number; concessionId: number }, ConcessionRecord | null, string>(
      // Keys come from query arguments (one or two per request), not from rows.
      (keys) => Promise.all(keys.map((k) => getTheatreConcession(db, k.theatreId, k.concessionId))),
      { cacheKeyFn: json },
    ),
    concessionPagesByTheatre: new DataLoader<ConcessionListKey, Page<ConcessionRecord>, string>(
      (keys) => loadConcessionPages(db, keys),
      { cacheKeyFn: json },
    ),
    concessionCategoriesByTheatreId: new DataLoader<number, ConcessionCategoryRow[]>(async (ids) =>
      manyByKey(ids, await getCategoriesOfTheatres(db, ids), (r) => r.theatreId).map((rows) =>
        rows.map((r) => r.category),
      ),
    ),
    categoriesByConcessionId: new DataLoader<number, ConcessionCategoryRow[]>(async (ids) =>
      manyByKey(ids, await getCategoriesOfConcessions(db, ids), (r) => r.concessionId).map((rows) =>
        rows.map((r) => r.category),
      ),
    ),
    groupsByConcessionId: new DataLoader(async (ids: readonly number[]) =>
      manyByKey(ids, await getGroupsOfConcessions(db, ids), (r) => r.concessionId),
    ),
    discountsByConcessionId: new DataLoader(async (ids: readonly number[]) =>
      manyByKey(ids, await getDiscountsOfConcessions(db, ids), (r) => r.concessionId),
    ),
    modifierGroupsByConcessionId: new DataLoader(async (ids: readonly number[]) =>
      manyByKey(ids, await getModifierGroupsOfConcessions(db, ids), (r) => r.concessionId),
    ),
    modifiersByGroupId: new DataLoader(async (ids: readonly number[]) =>
      manyByKey(ids, await getModifiersOfGroups(db, ids), (r) => r.modifierGroupId),
    ),
    comboComponentsByConcessionId: new DataLoader(async (ids: readonly number[]) =>
      manyByKey(ids, await getComboComponentsOfConcessions(db, ids), (r) => r.comboConcessionId),
    ),
    comboGroupItemsByComponentId: new DataLoader(async (ids: readonly number[]) =>
      manyByKey(ids, await getComboGroupItems(db, ids), (r) => r.componentId),
    ),
    upsellGroupById: new DataLoader(async (ids: readonly number[]) =>
      oneByKey(ids, await getUpsellGroupsByIds(db, ids), (r) => r.id),
    ),
    upsellConcessionsByGroupTheatre: new DataLoader<{ upsellGroupId: number; theatreId: number }, Awaited<ReturnType<typeof getUpsellConcessions>>, string>(
      async (keys) => {
        const rows = await getUpsellConcessions(
          db,
          [...new Set(keys.map((k) => k.upsellGroupId))],
          [...new Set(keys.map((k) => k.theatreId))],
        );
        return keys.map((k) => rows.filter((r) => r.upsellGroupId === k.upsellGroupId && r.theatreId === k.theatreId));
      },
      { cacheKeyFn: json },
    ),
  };
}

/** Pickup times of theatres on local dates, and around showtimes (see concession/pickup). */
export function createPickupLoaders(db: Db) {
  return {
    pickupTimesByTheatreDate: new DataLoader<{ theatreId: number; date: string }, PickupTimes | null, string>(
      (keys) => pickupTimesForDates(db, keys),
      { cacheKeyFn: json },
    ),
    pickupTimesByShowtime: new DataLoader<ShowtimeRecord, PickupTimes, number>(
      (records) => pickupTimesForShowtimes(db, records),
      { cacheKeyFn: (r) => r.showtime.id },
    ),
  };
}
