import type { Db, DbOrTx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput, notFound } from '../../errors';
import { assertAccountAccess } from '../account';
import { assertLookupCredential, loyaltyAccountNotFound, loyaltyCardNotFound, mayReadCardById, mayReadHolder, mayUseCard } from './access';
import { isCardIdRef, normalizeEmail, normalizePhone, parseCardRef } from './identifiers';
import { primaryCard, toCardView, toLoyaltyAccountView, type CardRow, type CardView, type LoyaltyAccountRow, type LoyaltyAccountView } from './model';
import {
  accountByEmail,
  accountById,
  accountByPhone,
  accountIdOfCard,
  cardsOfLoyaltyAccounts,
  cardsOfSiteAccounts,
  cardWithAccountById,
  cardWithPortfolioByNumber,
  loyaltyAccountsOfSiteAccounts,
  loyaltyAccountWhere,
} from './store';

/** How a loyalty account is looked up (the spec's four GET forms). */
export type AccountKey =
  | { by: 'id'; id: number }
  | { by: 'email'; email: string }
  | { by: 'card'; cardNumber: string }
  | { by: 'phone'; phone: string };

/** The cards of loyalty accounts, newest first, by account id. */
async function cardsOfAccounts(db: DbOrTx, loyaltyAccountIds: readonly number[]): Promise<Map<number, CardRow[]>> {
  const out = new Map<number, CardRow[]>();
  if (loyaltyAccountIds.length === 0) return out;
  const rows = await cardsOfLoyaltyAccounts(db, loyaltyAccountIds);
  for (const row of rows) {
    const list = out.get(row.loyaltyAccountId!) ?? [];
    list.push(row);
    out.set(row.loyaltyAccountId!, list);
  }
  return out;
}

/** The loyalty account a key names, without any rights check (null when none; ill-formed keys name none). */
async function findAccount(db: DbOrTx, key: AccountKey): Promise<LoyaltyAccountRow | null> {
  let where;
  if (key.by === 'id') where = accountById(key.id);
  else if (key.by === 'email') {
    const email = normalizeEmail(key.email);
    if (!email) return null;
    where = accountByEmail(email);
  } else if (key.by === 'phone') {
    const phone = normalizePhone(key.phone);
    if (!phone) return null;
    where = accountByPhone(phone);
  } else {
    const ref = parseCardRef(key.cardNumber);
    if (!ref) return null;
    const id = await accountIdOfCard(db, ref);
    if (!id) return null;
    where = accountById(id);
  }
  // Several closed accounts may share an e-mail or phone; the open one (then the newest) answers.
  return loyaltyAccountWhere(db, where);
}

/**
 * The loyalty account a key names, with its cards, for a caller allowed to see the holder
 * (access.ts); "no such account" and "not yours" are the same NOT_FOUND.
 */
export async function resolveLoyaltyAccount(
  db: DbOrTx,
  principal: Principal,
  key: AccountKey,
): Promise<{ row: LoyaltyAccountRow; cards: CardRow[] }> {
  // A card named `id-{cardId}` is no personal identifier: like an account id, any credential may ask.
  assertLookupCredential(principal, key.by === 'id' || (key.by === 'card' && isCardIdRef(key.cardNumber)) ? 'id' : 'identifier');
  const row = await findAccount(db, key);
  if (!row) throw loyaltyAccountNotFound();
  const cards = (await cardsOfAccounts(db, [row.id])).get(row.id) ?? [];
  const allowed = await mayReadHolder(db, principal, {
    loyaltyAccountId: row.id,
    siteAccountId: row.siteAccountId,
    cardNumbers: cards.map((c) => c.cardNumber),
  });
  if (!allowed) throw loyaltyAccountNotFound();
  return { row, cards };
}

/** GET /v4/loyalty-accounts/{…}: the account a key names (NOT_FOUND alike when unknown or not the caller's). */
export async function getLoyaltyAccount(db: Db, principal: Principal, key: AccountKey): Promise<LoyaltyAccountView> {
  const { row, cards } = await resolveLoyaltyAccount(db, principal, key);
  return toLoyaltyAccountView(row, cards);
}

/**
 * A card by the reference of a path or argument (identifiers.ts, `parseCardRef`): its number (card-level
 * rights), or `id-{cardId}` as links write it when the number may not be echoed — that form names no
 * presented card, so it takes holder-level rights (the holder, an admin, a related vendor). Both answer
 * the same NOT_FOUND when refused.
 */
export async function getLoyaltyCardByRef(db: DbOrTx, principal: Principal, raw: string): Promise<CardView> {
  const ref = parseCardRef(raw);
  if (ref?.kind !== 'id') return getLoyaltyCard(db, principal, raw);
  assertLookupCredential(principal, 'id');
  const found = await cardById(db, ref.id);
  if (!found) throw loyaltyCardNotFound();
  const { card, account } = found;
  if (!(await mayReadCardById(db, principal, card, account))) throw loyaltyCardNotFound();
  return toCardView(card, account);
}

/** The card of id `id` with its loyalty account (null when none), without any rights check. */
export const cardById = cardWithAccountById;

/**
 * The card `cardNumber` for a caller who may use it (access.ts, card data); NOT_FOUND alike when it does
 * not exist or is not the caller's. Identifier lookups need a vendor key (or admin).
 */
export async function getLoyaltyCard(db: DbOrTx, principal: Principal, cardNumber: string): Promise<CardView> {
  assertLookupCredential(principal, 'identifier');
  if (parseCardRef(cardNumber)?.kind !== 'number') throw loyaltyCardNotFound();
  const found = await cardWithPortfolioByNumber(db, cardNumber);
  if (!found || !(await mayUseCard(db, principal, cardNumber, found.card.siteAccountId))) throw loyaltyCardNotFound();
  return toCardView(found.card, { portfolioType: found.portfolioType });
}

/**
 * GET /v4/loyalty-cards?loyalty-account-id=|email= (the spec: "loyalty card of that account or e-mail"):
 * the account's card — its active card, else its newest (`primaryCard`, the account's `cardNumber`) —
 * under holder-level rights: the same NOT_FOUND when the account is unknown, not the caller's, or has
 * no card.
 */
export async function getAccountLoyaltyCard(
  db: Db,
  principal: Principal,
  filter: { loyaltyAccountId?: number; email?: string },
): Promise<CardView> {
  if ((filter.loyaltyAccountId === undefined) === (filter.email === undefined)) {
    throw badInput('Give exactly one of loyalty-account-id and email', 'loyalty-account-id');
  }
  const key: AccountKey =
    filter.loyaltyAccountId !== undefined ? { by: 'id', id: filter.loyaltyAccountId } : { by: 'email', email: filter.email! };
  // By e-mail it is an identifier lookup (vendor key); by id it is like GET by id.
  const { row, cards } = await resolveLoyaltyAccount(db, principal, key);
  const card = primaryCard(cards);
  if (!card) throw loyaltyCardNotFound();
  return toCardView(card, row);
}

/** Batch for the `Account.loyaltyAccount` loader: the linked loyalty account of each site account, with cards. */
export async function loyaltyAccountsBySiteAccount(db: Db, siteAccountIds: readonly number[]): Promise<(LoyaltyAccountView | null)[]> {
  const rows = await loyaltyAccountsOfSiteAccounts(db, siteAccountIds);
  const cards = await cardsOfAccounts(db, rows.map((r) => r.id));
  const bySite = new Map(rows.map((r) => [r.siteAccountId!, toLoyaltyAccountView(r, cards.get(r.id) ?? [])]));
  return siteAccountIds.map((id) => bySite.get(id) ?? null);
}

/** Batch for the `Account.loyaltyCards` loader: each site account's cards, oldest first. */
export async function loyaltyCardsBySiteAccount(db: Db, siteAccountIds: readonly number[]): Promise<CardView[][]> {
  const rows = await cardsOfSiteAccounts(db, siteAccountIds);
  return siteAccountIds.map((id) => rows.filter((r) => r.card.siteAccountId === id).map((r) => toCardView(r.card, r)));
}

/** The loyalty account linked to site account `siteAccountId` (own token or admin; NOT_FOUND when none). */
export async function getLinkedLoyaltyAccount(db: Db, principal: Principal, siteAccountId: number): Promise<LoyaltyAccountView> {
  assertAccountAccess(principal, siteAccountId);
  const [view] = await loyaltyAccountsBySiteAccount(db, [siteAccountId]);
  if (!view) throw notFound('Loyalty account of site account', siteAccountId);
  return view;
}
