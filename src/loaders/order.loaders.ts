import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { loadOrderViews, type OrderView } from '../services/order';

/**
 * Whole orders by id (products, modifiers, discounts, payments): one statement per batch however
 * many orders. No authorization here: callers check `assertOrderAccess` (the services do).
 */
export function createOrderLoaders(db: Db) {
  return {
    orderById: new DataLoader<number, OrderView | null>(async (ids) => {
      const views = await loadOrderViews(db, ids);
      return ids.map((id) => views.get(id) ?? null);
    }),
  };
}
