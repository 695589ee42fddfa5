import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { forbidden, unauthenticated } from '../../errors';
import type { Page } from '../../../schema/paging.type';
import type { OrderView } from './model';
import { loadOrderViews } from './view';

/** A creation-time window: orders created at or after `from` and before `to` (either open). */
export interface CreatedWindow {
  from: Date | null;
  to: Date | null;
}

/**
 * The orders of a site account created in a window, newest first (REST
 * `GET /v2/site-accounts/{accountId}/orders/?startDateUtc=&endDateUtc=`). Only the account itself or
 * an admin may list them. One count, one page of ids, and the batched order loads.
 */
export async function listAccountOrdersInWindow(
  db: Db,
  principal: Principal,
  accountId: number,
  window: CreatedWindow,
  page: { pageNumber: number; pageSize: number },
): Promise<Page<OrderView>> {
  if (principal.accountId === null && !principal.isAdmin) throw unauthenticated('Account orders need an account token');
  if (!principal.isAdmin && principal.accountId !== accountId) throw forbidden('Only the account holder or an admin may list its orders');
  const conditions: SQL[] = [eq(orders.siteAccountId, accountId)];
  if (window.from) conditions.push(gte(orders.createdAt, window.from));
  if (window.to) conditions.push(lt(orders.createdAt, window.to));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(orders).where(where);
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  const views = await loadOrderViews(
    db,
    ids.map((r) => r.id),
  );
  return {
    items: ids.map((r) => views.get(r.id)).filter((v): v is OrderView => v !== undefined),
    totalCount: total,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  };
}
