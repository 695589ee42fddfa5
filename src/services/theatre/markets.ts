import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { markets } from '../../../db/schema';
import { listOrderBy, type ListQuery, type Page, pageWindow, toPage } from '../shared/paging';

export type MarketRow = typeof markets.$inferSelect;

/** A page of markets, by name. */
export async function listMarkets(db: Db, page: { pageNumber: number; pageSize: number }): Promise<Page<MarketRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(markets).orderBy(...listOrderBy(marketList)).limit(limit).offset(offset),
    db.select({ total: count() }).from(markets),
  ]);
  return toPage(rows, total, page);
}

/** Every market, by name: `listMarkets`' list, also read by the planner. */
export const marketList: ListQuery = { table: markets, where: undefined, order: [markets.name, markets.id] };

/** One market by slug, or null. */
export async function getMarketBySlug(db: Db, slug: string): Promise<MarketRow | null> {
  const [row] = await db.select().from(markets).where(eq(markets.slug, slug));
  return row ?? null;
}

/** Every market (few: the reference cache keeps them all). */
export async function listAllMarkets(db: Db): Promise<MarketRow[]> {
  return db.select().from(markets).orderBy(asc(markets.id));
}
