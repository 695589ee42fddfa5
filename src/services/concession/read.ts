import type { Db } from '../../../db/client';
import { type Page, pageOfRows } from '../shared/paging';
import type { ConcessionCategoryRow } from './model';
import { allConcessionCategories, listedCategoriesOfTheatres } from './store';

/**
 * The concession categories of each theatre: those of its listed products and all their ancestors,
 * ordered by level, sort order and id. Two statements for any number of theatres.
 */
export async function getCategoriesOfTheatres(
  db: Db,
  theatreIds: readonly number[],
): Promise<{ theatreId: number; category: ConcessionCategoryRow }[]> {
  if (!theatreIds.length) return [];
  const [pairs, all] = await Promise.all([listedCategoriesOfTheatres(db, theatreIds), allConcessionCategories(db)]);
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
  return pageOfRows((await getCategoriesOfTheatres(db, [theatreId])).map((r) => r.category), page);
}

