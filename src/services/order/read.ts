import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { forbidden, unauthenticated } from '../../errors';
import type { Page } from '../shared/paging';
import { assertOrderAccess, orderAccessError, requireOrderCredential } from './access';
import type { OrderView } from './model';
import { orderIdByToken, orderIdsPage } from './store';
import { loadOrderView, loadOrderViews } from './view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An order by id for a caller that may read it (access.ts: its vendor acting for no account, its owner
 * account, an admin). Null when there is no such order; UNAUTHENTICATED without credentials;
 * FORBIDDEN for others' orders.
 */
export async function getOrder(db: Db, principal: Principal, orderId: number): Promise<OrderView | null> {
  requireOrderCredential(principal, 'read');
  const view = await loadOrderView(db, orderId);
  if (!view) return null;
  assertOrderAccess(view, principal, 'read');
  return view;
}

/** An order by its token (a GUID): the token is the credential, so anyone holding it may read. */
export async function getOrderByToken(db: Db, principal: Principal, token: string): Promise<OrderView | null> {
  if (!UUID.test(token)) return null;
  const presented = token.toLowerCase();
  const id = await orderIdByToken(db, presented);
  const view = id !== null ? await loadOrderView(db, id) : null;
  if (!view) return null;
  assertOrderAccess(view, principal, 'read', presented);
  return view;
}

/** A creation-time window: orders created at or after `from` and before `to` (either open). */
interface CreatedWindow {
  from: Date | null;
  to: Date | null;
}

/**
 * The orders of a site account, newest first, optionally only those created in a window (REST
 * `GET /v2/site-accounts/{accountId}/orders/?startDateUtc=&endDateUtc=`). Only the account itself or an
 * admin may list them. One count, one page of ids, and the batched order loads.
 */
export async function listAccountOrders(
  db: Db,
  principal: Principal,
  accountId: number,
  page: { pageNumber: number; pageSize: number },
  window: CreatedWindow = { from: null, to: null },
): Promise<Page<OrderView>> {
  if (principal.accountId === null && !principal.isAdmin) throw unauthenticated('Account orders need an account token');
  // The list holds every order of the account, so the caller must be one who may read any order it
  // owns: by the rule, that account's own token or an admin (a vendor key alone never is).
  if (orderAccessError({ id: 0, vendorId: null, siteAccountId: accountId }, principal, 'read')) {
    throw forbidden('Only the account holder or an admin may list its orders');
  }
  const conditions: SQL[] = [eq(orders.siteAccountId, accountId)];
  if (window.from) conditions.push(gte(orders.createdAt, window.from));
  if (window.to) conditions.push(lt(orders.createdAt, window.to));
  const where = and(...conditions);
  const { ids, total } = await orderIdsPage(db, where, page);
  const views = await loadOrderViews(db, ids);
  return {
    items: ids.map((id) => views.get(id)).filter((v): v is OrderView => v !== undefined),
    totalCount: total,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
  };
}
