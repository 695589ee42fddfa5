import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { markets } from '../../db/schema';
import type { Page } from './page';
import { pageWindow, toPage } from './page';

export type MarketRow = typeof markets.$inferSelect;

/** A page of markets, by name. */
export async function listMarkets(db: Db, page: { pageNumber: number; pageSize: number }): Promise<Page<MarketRow>> {
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(markets).orderBy(asc(markets.name), asc(markets.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(markets),
  ]);
  return toPage(rows, total, page);
}

/** One market by slug, or null. */
export async function getMarketBySlug(db: Db, slug: string): Promise<MarketRow | null> {
  const [row] = await db.select().from(markets).where(eq(markets.slug, slug));
  return row ?? null;
}

/** Every market (few: the reference cache keeps them all). */
export async function listAllMarkets(db: Db): Promise<MarketRow[]> {
  return db.select().from(markets).orderBy(asc(markets.id));
}
