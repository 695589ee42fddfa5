import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { DomainError, forbidden, unauthenticated } from '../../errors';
import { accountOrderWithCard, orderOfSiteAccount, orderWithCards, vendorLinkedToAccount, vendorOrderMatching } from './store';

/**
 * Who may read what of loyalty (docs/accounts.md, "Loyalty", has the reasoning). Two levels:
 *
 * - **Holder data** (the loyalty account: name, e-mail, phone, address, SSN's last four; an account's
 *   card list): an admin; the holder's own account token; or a vendor key alone when the vendor has a
 *   relationship with the account — the guest enrolled or linked their card through it
 *   (`loyalty_account_vendors`), or an order of that vendor carries the guest's account (set from the
 *   guest's own token, so unforgeable) or one of the guest's cards. Anything else is the same NOT_FOUND
 *   as an unknown account, so lookups cannot tell which e-mails or phones exist.
 * - **Card data** (balance, points, status, type, dates; earn, waive): the card number is what a guest
 *   presents at a box office, and the spec's point-of-sale flows take it as the credential. A vendor key
 *   with the number may act on the card; an account token (with or without a vendor key) reaches only
 *   its own cards and cards on its own orders; an admin any card.
 *
 * Lookups by a personal identifier need a vendor key (or an admin token): UNAUTHENTICATED otherwise.
 */
type LookupKind = 'id' | 'identifier';

/** The caller must hold a vendor key (or be an admin) for an identifier lookup; any credential for an id. */
export function assertLookupCredential(principal: Principal, kind: LookupKind): void {
  if (principal.isAdmin) return;
  if (kind === 'identifier' && principal.vendorId === null) {
    throw unauthenticated('Loyalty lookups by e-mail, phone or card number need an X-Vendor-Key');
  }
  if (principal.vendorId === null && principal.accountId === null) {
    throw unauthenticated('Loyalty data needs an account token or an X-Vendor-Key');
  }
}

/** The one answer for "no such loyalty account" and "not yours": identical status, code and message. */
export const loyaltyAccountNotFound = () => new DomainError('NOT_FOUND', 'No loyalty account matches the given identifier');
/** The one answer for "no such card" and "not yours". */
export const loyaltyCardNotFound = () => new DomainError('NOT_FOUND', 'No loyalty card matches the given number');

/** What the rules need of a loyalty account: its id, linked site account and card numbers. */
interface HolderTarget {
  loyaltyAccountId: number;
  siteAccountId: number | null;
  cardNumbers: string[];
}

/** Whether `principal` may read the holder data of `target` (see above). */
export async function mayReadHolder(db: DbOrTx, principal: Principal, target: HolderTarget): Promise<boolean> {
  if (principal.isAdmin) return true;
  if (principal.accountId !== null) return target.siteAccountId !== null && target.siteAccountId === principal.accountId;
  if (principal.vendorId === null) return false;
  const vendorId = principal.vendorId;
  const orderLinks: SQL[] = [];
  if (target.siteAccountId !== null) orderLinks.push(orderOfSiteAccount(target.siteAccountId));
  if (target.cardNumbers.length > 0) orderLinks.push(orderWithCards(target.cardNumbers));
  const linked = await vendorLinkedToAccount(db, target.loyaltyAccountId, vendorId);
  if (linked || orderLinks.length === 0) return linked;
  return vendorOrderMatching(db, vendorId, orderLinks);
}

/** Whether `principal` may read or act on card `cardNumber` owned by site account `ownerAccountId`. */
export async function mayUseCard(db: DbOrTx, principal: Principal, cardNumber: string, ownerAccountId: number | null): Promise<boolean> {
  if (principal.isAdmin) return true;
  if (principal.accountId === null) return principal.vendorId !== null;
  if (ownerAccountId === principal.accountId) return true;
  // A card the guest put on one of their own orders: the order's `loyalty-card` link must resolve.
  return accountOrderWithCard(db, principal.accountId, cardNumber);
}

/**
 * Whether `principal` may read `card` named by id (`id-{cardId}`, the form links write when the number
 * may not be echoed, e.g. an order's `loyalty-card`). No number was presented, so holder-level rights,
 * plus what an order carrying the card gives: the account token of its owner (even after the card left
 * that account) and the vendor that sold it, so the link answers whoever may read the order.
 */
export async function mayReadCardById(
  db: DbOrTx,
  principal: Principal,
  card: { cardNumber: string; siteAccountId: number | null },
  account: { id: number; siteAccountId: number | null } | null,
): Promise<boolean> {
  if (principal.isAdmin) return true;
  if (principal.accountId !== null) {
    if (account !== null && account.siteAccountId === principal.accountId) return true;
    return mayUseCard(db, principal, card.cardNumber, card.siteAccountId);
  }
  if (account !== null) {
    return mayReadHolder(db, principal, { loyaltyAccountId: account.id, siteAccountId: account.siteAccountId, cardNumbers: [card.cardNumber] });
  }
  if (principal.vendorId === null) return false;
  return vendorOrderMatching(db, principal.vendorId, [orderWithCards([card.cardNumber])]);
}

/**
 * Why a write through `id-{cardId}` needs more than a vendor key: the message of its 403, on REST
 * (src/rest/auth-rules.ts, before the body is read) and GraphQL alike.
 */
export const ID_FORM_WRITE_RULE =
  "A card named by id-{cardId} takes writes (earn, fee waivers, campaign registrations, an order's card) only with the holder's account token or an admin token: an id proves no knowledge of the card number, and ids can be counted. With the card number, a vendor key alone will do.";

/**
 * The credential of a write through `id-{cardId}` (see ID_FORM_WRITE_RULE): nothing at all is
 * UNAUTHENTICATED; a vendor key without an account token is FORBIDDEN. Whether the token is the
 * holder's is `isCardHolder`'s, after the card is read (NOT_FOUND alike when it is not).
 */
export function assertIdFormWriter(principal: Principal): void {
  if (principal.vendorId === null && principal.accountId === null) throw unauthenticated(ID_FORM_WRITE_RULE);
  if (principal.accountId === null) throw forbidden(ID_FORM_WRITE_RULE);
}

/** Whether `principal` is an admin or the holder of the card (its site account's token, or its loyalty account's). */
export function isCardHolder(
  principal: Principal,
  card: { siteAccountId: number | null },
  account: { siteAccountId: number | null } | null,
): boolean {
  if (principal.isAdmin) return true;
  const own = principal.accountId;
  return own !== null && (card.siteAccountId === own || account?.siteAccountId === own);
}
