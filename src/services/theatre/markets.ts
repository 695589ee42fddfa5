import type { Db } from '../../../db/client';
import { markets } from '../../../db/schema';
import { type ListQuery, type Page, pageWindow, toPage } from '../shared/paging';
import type { MarketRow } from './model';
import { marketsWindow } from './store';

/** A page of markets, by name. */
export async function listMarkets(db: Db, page: { pageNumber: number; pageSize: number }): Promise<Page<MarketRow>> {
  const { rows, total } = await marketsWindow(db, marketList, pageWindow(page));
  return toPage(rows, total, page);
}

/** Every market, by name: `listMarkets`' list, also read by the planner. */
export const marketList: ListQuery = { table: markets, where: undefined, order: [markets.name, markets.id] };
