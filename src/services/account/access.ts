import type { Principal } from '../../auth/principal';
import { forbidden, notFound, unauthenticated, type DomainError } from '../../errors';

/**
 * Who may read and change a site account's data (profile, loyalty account, cards, wallet,
 * subscriptions, devices, personalized views): the account's own token or an admin token. The one
 * rule every account read and write goes through, GraphQL and REST alike.
 *
 * - no account token (anonymous, or a vendor key alone): UNAUTHENTICATED;
 * - another account's token: FORBIDDEN (account ids are sequential, so a 404 would hide nothing;
 *   as with orders, a 403 tells an integrator that the credential, not the id, is wrong).
 *
 * Lookups by a personal identifier (e-mail, phone, card number) follow `lookupAccessError` instead.
 */
export function accountAccessError(principal: Principal, accountId: number): DomainError | null {
  if (principal.isAdmin) return null;
  if (principal.accountId === null) return unauthenticated('Account data needs the account token (or an admin token)');
  return principal.accountId === accountId ? null : forbidden(`Account ${accountId} is another account`);
}

/** Throws the rule's error when `principal` may not read or change account `accountId`. */
export function assertAccountAccess(principal: Principal, accountId: number): void {
  const error = accountAccessError(principal, accountId);
  if (error) throw error;
}

/**
 * Lookups by a personal identifier (e-mail, phone, card number): they need a vendor key
 * (UNAUTHENTICATED without one) and answer the same NOT_FOUND for "no such account" and "not yours",
 * so they cannot be used to learn which e-mails or phones exist. `ownerAccountId` is the account the
 * identifier resolved to (null when none did); `what` names the identifier kind for the message and
 * never echoes the identifier itself (personal data stays out of responses and logs).
 */
export function lookupAccessError(principal: Principal, ownerAccountId: number | null, what: string): DomainError | null {
  if (principal.vendorId === null && !principal.isAdmin) return unauthenticated(`Lookups by ${what} need an X-Vendor-Key`);
  if (ownerAccountId === null) return notFound(what, '(given)');
  if (principal.isAdmin || principal.accountId === ownerAccountId) return null;
  return notFound(what, '(given)');
}
