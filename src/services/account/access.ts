import type { Principal } from '../../auth/principal';
import { forbidden, unauthenticated, type DomainError } from '../../errors';

/**
 * Who may read and change a site account's data (profile, loyalty account, cards, wallet,
 * subscriptions, devices, personalized views): the account's own token or an admin token. The one
 * rule every account read and write goes through, GraphQL and REST alike.
 *
 * - no account token (anonymous, or a vendor key alone): UNAUTHENTICATED;
 * - another account's token: FORBIDDEN (account ids are sequential, so a 404 would hide nothing;
 *   as with orders, a 403 tells an integrator that the credential, not the id, is wrong).

 */
function accountAccessError(principal: Principal, accountId: number): DomainError | null {
  if (principal.isAdmin) return null;
  if (principal.accountId === null) return unauthenticated('Account data needs the account token (or an admin token)');
  return principal.accountId === accountId ? null : forbidden(`Account ${accountId} is another account`);
}

/** Throws the rule's error when `principal` may not read or change account `accountId`. */
export function assertAccountAccess(principal: Principal, accountId: number): void {
  const error = accountAccessError(principal, accountId);
  if (error) throw error;
}
