import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { markets } from '../../../db/schema';
import { type ListQuery, type Page, pageOfList } from '../shared/paging';
import type { MarketRow } from './model';

/** A page of markets, by name. */
export async function listMarkets(db: Db, page: { pageNumber: number; pageSize: number }): Promise<Page<MarketRow>> {
  return pageOfList(db, marketList, getTableColumns(markets), page);
}

/** Every market, by name: `listMarkets`' list, also read by the planner. */
export const marketList: ListQuery = { table: markets, where: undefined, order: [markets.name, markets.id] };
