import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import { forbidden, unauthenticated, type DomainError } from '../../errors';

/** Reading an order, or changing it (every mutation, including cancel, refunds and fulfilment). */
export type OrderAction = 'read' | 'write';

/** What the rule needs of an order (a row or a view): who made it, who owns it, its token. */
export interface OrderOwnership {
  id: number;
  vendorId: number | null;
  siteAccountId: number | null;
  token?: string | null;
}

/** The credential an action needs before any order is looked at: UNAUTHENTICATED when it is missing. */
function orderCredentialError(principal: Principal, action: OrderAction): DomainError | null {
  if (action === 'write' && principal.vendorId === null) return unauthenticated('Order writes need an X-Vendor-Key');
  if (principal.vendorId === null && principal.accountId === null) {
    return unauthenticated('Reading an order needs a vendor key or an account token (or use its token)');
  }
  return null;
}

/**
 * Who may see and change an order: the one rule every order read and write goes through (GraphQL and
 * REST alike, since both call the services).
 *
 * - an admin token: read and write;
 * - an account token: the orders of that account only, whichever vendor key comes with it — so a
 *   vendor acting for a guest reaches only that guest's orders;
 * - a vendor key with no account token: the orders that vendor created;
 * - the order's token (a GUID): read only — whoever holds it was given it by the order's owner.
 *
 * Writes need a vendor key besides (design.md): without one they are UNAUTHENTICATED. Someone else's
 * order is FORBIDDEN rather than NOT_FOUND: ids are sequential, so a 404 would hide nothing (any
 * vendor learns the counter by creating an order), while a 403 tells an integrator that the
 * credential, not the id, is wrong.
 *
 * Returns null when `principal` may do `action` on `order`, else the error to answer.
 * `presentedToken` is the order token the caller read the order by, if any.
 */
export function orderAccessError(
  order: OrderOwnership,
  principal: Principal,
  action: OrderAction,
  presentedToken?: string,
): DomainError | null {
  if (action === 'read' && presentedToken !== undefined && order.token != null && presentedToken === order.token) return null;
  const missing = orderCredentialError(principal, action);
  if (missing) return missing;
  const scope = orderScope(principal);
  if (scope.kind === 'any') return null;
  if (scope.kind === 'account') {
    return order.siteAccountId === scope.id ? null : forbidden(`Order ${order.id} belongs to another account`);
  }
  return order.vendorId === scope.id ? null : forbidden(`Order ${order.id} belongs to another vendor`);
}

/**
 * An order's loyalty card number as `principal` may see it: in full to whoever the rule lets read the
 * order by credential (an admin, the owning account's token, the creating vendor's key) — they are
 * entitled to the record and need the number to earn on it — and masked to the last four otherwise (a
 * read by the order's token alone: whoever holds the token was not the one who gave the number).
 */
export function orderLoyaltyCardNumber(
  order: OrderOwnership & { loyaltyCardNumber: string | null; loyaltyCardNumberInFull: string | null },
  principal: Principal,
): string | null {
  return orderAccessError(order, principal, 'read') === null ? order.loyaltyCardNumberInFull : order.loyaltyCardNumber;
}

/** The orders a credential reaches (besides by token): every order, one account's, or one vendor's. */
type OrderScope = { kind: 'any' } | { kind: 'account'; id: number } | { kind: 'vendor'; id: number | null };

/** The scope of `principal` under the rule above (`orderAccessError` decides with it). */
function orderScope(principal: Principal): OrderScope {
  if (principal.isAdmin) return { kind: 'any' };
  if (principal.accountId !== null) return { kind: 'account', id: principal.accountId };
  return { kind: 'vendor', id: principal.vendorId };
}

/**
 * The rule's scope as an SQL condition on the `orders` row `alias`, for single-statement writes that
 * must leave an order they may not touch unchanged (the caller still answers the rule's error from the
 * row it locked, with `assertOrderAccess`).
 */
export function orderScopeSql(principal: Principal, alias: string): SQL {
  const scope = orderScope(principal);
  if (scope.kind === 'any') return sql`true`;
  const column = sql.raw(`${alias}.${scope.kind === 'account' ? 'site_account_id' : 'vendor_id'}`);
  return scope.id === null ? sql`false` : sql`${column} = ${scope.id}::int`;
}

/** Throws the rule's error when `principal` may not do `action` on `order`. */
export function assertOrderAccess(order: OrderOwnership, principal: Principal, action: OrderAction, presentedToken?: string): void {
  const error = orderAccessError(order, principal, action, presentedToken);
  if (error) throw error;
}

/** Throws UNAUTHENTICATED when the credential `action` needs is missing (checked before any input). */
export function requireOrderCredential(principal: Principal, action: OrderAction): void {
  const error = orderCredentialError(principal, action);
  if (error) throw error;
}
