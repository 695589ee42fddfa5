import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import {
  loyaltyAccounts,
  loyaltyAccountVendors,
  loyaltyCampaignRegistrations,
  loyaltyCampaigns,
  loyaltyCards,
  loyaltyEarnItems,
  loyaltyTransactions,
  orders,
} from '../../../db/schema';
import type { CardRef } from './identifiers';
import type { CardRow, LoyaltyAccountRow } from './model';

/**
 * Loyalty's SQL: every statement the verbs (read.ts, earn.ts, actions.ts) and the rights (access.ts) run,
 * each under its `// statement: <name>` tag. Statements that run inside a verb's transaction take that
 * transaction (`Tx`, or `DbOrTx` when they also run outside one). No rights checks here: callers decide.
 */

export type LedgerRow = typeof loyaltyTransactions.$inferSelect;
type CampaignRow = typeof loyaltyCampaigns.$inferSelect;
type RegistrationRow = typeof loyaltyCampaignRegistrations.$inferSelect;
type EarnItemInsert = typeof loyaltyEarnItems.$inferInsert;

const cardWhere = (ref: CardRef): SQL => (ref.kind === 'id' ? eq(loyaltyCards.id, ref.id) : eq(loyaltyCards.cardNumber, ref.number));

// --- reads -------------------------------------------------------------------------------------

/** The cards of loyalty accounts, newest first. */
export function cardsOfLoyaltyAccounts(db: DbOrTx, loyaltyAccountIds: readonly number[]): Promise<CardRow[]> {
  // statement: cardsOfLoyaltyAccounts
  return db
    .select()
    .from(loyaltyCards)
    .where(inArray(loyaltyCards.loyaltyAccountId, [...loyaltyAccountIds]))
    .orderBy(desc(loyaltyCards.id));
}

/** The loyalty account id of the card a reference names (null when none, or when the card has no account). */
export async function accountIdOfCard(db: DbOrTx, ref: CardRef): Promise<number | null> {
  // statement: accountIdOfCard
  const [card] = await db.select({ id: loyaltyCards.loyaltyAccountId }).from(loyaltyCards).where(cardWhere(ref));
  return card?.id ?? null;
}

/** The loyalty account matching `where`: several closed accounts may share an e-mail or phone, so the open one (then the newest). */
export async function loyaltyAccountWhere(db: DbOrTx, where: SQL): Promise<LoyaltyAccountRow | null> {
  // statement: loyaltyAccountByKey
  const [row] = await db
    .select()
    .from(loyaltyAccounts)
    .where(where)
    .orderBy(sql`${loyaltyAccounts.status} = 'Closed'`, desc(loyaltyAccounts.id))
    .limit(1);
  return row ?? null;
}

/** The conditions of `loyaltyAccountWhere` by key: id, lower-cased e-mail, phone. */
export const accountById = (id: number): SQL => eq(loyaltyAccounts.id, id);
export const accountByEmail = (email: string): SQL => eq(sql`lower(${loyaltyAccounts.email})`, email);
export const accountByPhone = (phone: string): SQL => eq(loyaltyAccounts.mobilePhoneNumber, phone);

/** The card of id `id` with its loyalty account (null when none). */
export async function cardWithAccountById(db: DbOrTx, id: number): Promise<{ card: CardRow; account: LoyaltyAccountRow | null } | null> {
  // statement: cardWithAccountById
  const [found] = await db
    .select({ card: loyaltyCards, account: loyaltyAccounts })
    .from(loyaltyCards)
    .leftJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyCards.loyaltyAccountId))
    .where(eq(loyaltyCards.id, id));
  return found ?? null;
}

/** The card numbered `cardNumber` with its account's portfolio type (null when none). */
export async function cardWithPortfolioByNumber(
  db: DbOrTx,
  cardNumber: string,
): Promise<{ card: CardRow; portfolioType: LoyaltyAccountRow['portfolioType'] | null } | null> {
  // statement: cardWithPortfolioByNumber
  const [found] = await db
    .select({ card: loyaltyCards, portfolioType: loyaltyAccounts.portfolioType })
    .from(loyaltyCards)
    .leftJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyCards.loyaltyAccountId))
    .where(eq(loyaltyCards.cardNumber, cardNumber))
    .limit(1);
  return found ?? null;
}

/** The card numbered `cardNumber` (null when none). */
export async function cardByNumber(db: DbOrTx, cardNumber: string): Promise<CardRow | null> {
  // statement: cardByNumber
  const [card] = await db.select().from(loyaltyCards).where(eq(loyaltyCards.cardNumber, cardNumber));
  return card ?? null;
}

/** The loyalty accounts linked to site accounts. */
export function loyaltyAccountsOfSiteAccounts(db: DbOrTx, siteAccountIds: readonly number[]): Promise<LoyaltyAccountRow[]> {
  // statement: loyaltyAccountsOfSiteAccounts
  return db.select().from(loyaltyAccounts).where(inArray(loyaltyAccounts.siteAccountId, [...siteAccountIds]));
}

/** The cards of site accounts with their account's portfolio type, oldest first. */
export function cardsOfSiteAccounts(
  db: DbOrTx,
  siteAccountIds: readonly number[],
): Promise<{ card: CardRow; portfolioType: LoyaltyAccountRow['portfolioType'] | null }[]> {
  // statement: cardsOfSiteAccounts
  return db
    .select({ card: loyaltyCards, portfolioType: loyaltyAccounts.portfolioType })
    .from(loyaltyCards)
    .leftJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyCards.loyaltyAccountId))
    .where(inArray(loyaltyCards.siteAccountId, [...siteAccountIds]))
    .orderBy(asc(loyaltyCards.id));
}

/** The loyalty account of an associate id (null when none). */
export async function accountByAssociateId(db: DbOrTx, associateId: number): Promise<LoyaltyAccountRow | null> {
  // statement: accountByAssociateId
  const [account] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.associateId, associateId));
  return account ?? null;
}

// --- the rights' look-ups (access.ts) ----------------------------------------------------------

/** Whether the vendor has a relationship row with the loyalty account (enrolled or linked through it). */
export async function vendorLinkedToAccount(db: DbOrTx, loyaltyAccountId: number, vendorId: number): Promise<boolean> {
  // statement: vendorLinkedToAccount
  // Query builder rather than raw SQL: `db.execute` answers differently on postgres.js and PGlite.
  const [linked] = await db
    .select({ id: loyaltyAccountVendors.vendorId })
    .from(loyaltyAccountVendors)
    .where(and(eq(loyaltyAccountVendors.loyaltyAccountId, loyaltyAccountId), eq(loyaltyAccountVendors.vendorId, vendorId)))
    .limit(1);
  return Boolean(linked);
}

/** Whether an order of the vendor matches any of `links` (the holder's site account, or one of its cards). */
export async function vendorOrderMatching(db: DbOrTx, vendorId: number, links: SQL[]): Promise<boolean> {
  // statement: vendorOrderMatching
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.vendorId, vendorId), or(...links)))
    .limit(1);
  return Boolean(found);
}

/** The conditions of `vendorOrderMatching`: an order of the site account, an order with one of the cards. */
export const orderOfSiteAccount = (siteAccountId: number): SQL => eq(orders.siteAccountId, siteAccountId);
export const orderWithCards = (cardNumbers: string[]): SQL => inArray(orders.loyaltyCardNumber, cardNumbers);

/** Whether an order of the site account carries card `cardNumber`. */
export async function accountOrderWithCard(db: DbOrTx, siteAccountId: number, cardNumber: string): Promise<boolean> {
  // statement: accountOrderWithCard
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.siteAccountId, siteAccountId), eq(orders.loyaltyCardNumber, cardNumber)))
    .limit(1);
  return Boolean(found);
}

// --- earn and waive (earn.ts), in the write's transaction ---------------------------------------

/** The card a reference names, locked `FOR UPDATE` for a balance change (null when none). */
export async function lockCard(tx: Tx, ref: CardRef): Promise<CardRow | null> {
  // statement: lockCard
  const [card] = await tx.select().from(loyaltyCards).where(cardWhere(ref)).for('update');
  return card ?? null;
}

/** The loyalty account of id `id` (null when none). */
export async function loyaltyAccountById(db: DbOrTx, id: number): Promise<LoyaltyAccountRow | null> {
  // statement: loyaltyAccountById
  const [account] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.id, id));
  return account ?? null;
}

/** Which of `productIds` the vendor's items earned already (an item earns once ever, on any card). */
export async function earnedProductIds(tx: Tx, vendorId: number, productIds: string[]): Promise<string[]> {
  // statement: earnedProductIds
  const rows = await tx
    .select({ productId: loyaltyEarnItems.productId })
    .from(loyaltyEarnItems)
    .where(and(eq(loyaltyEarnItems.vendorId, vendorId), inArray(loyaltyEarnItems.productId, productIds)));
  return rows.map((r) => r.productId);
}

/** Adds `amount` to the card's balance; answers the new balance. */
export async function addToBalance(tx: Tx, cardId: number, amount: number): Promise<number> {
  // statement: addToBalance
  const [updated] = await tx
    .update(loyaltyCards)
    .set({ balance: sql`${loyaltyCards.balance} + ${amount}` })
    .where(eq(loyaltyCards.id, cardId))
    .returning({ balance: loyaltyCards.balance });
  return updated.balance;
}

/**
 * Takes `amount` from the card's balance when the balance covers it (the guarded UPDATE, backed by the
 * CHECK); answers the new balance, or null when it does not.
 */
export async function takeFromBalance(tx: Tx, cardId: number, amount: number): Promise<number | null> {
  // statement: takeFromBalance
  const [updated] = await tx
    .update(loyaltyCards)
    .set({ balance: sql`${loyaltyCards.balance} - ${amount}` })
    .where(and(eq(loyaltyCards.id, cardId), gte(loyaltyCards.balance, amount)))
    .returning({ balance: loyaltyCards.balance });
  return updated ? updated.balance : null;
}

/** One row of the card's ledger. */
export async function insertLedger(tx: Tx, values: typeof loyaltyTransactions.$inferInsert): Promise<LedgerRow> {
  // statement: insertLedger
  const [ledger] = await tx.insert(loyaltyTransactions).values(values).returning();
  return ledger;
}

/**
 * The earned items; an item the unique (vendor, productId) index already holds is skipped (a concurrent
 * earn of it on another card waits here, then conflicts). Answers the product ids inserted.
 */
export async function insertEarnItems(tx: Tx, items: EarnItemInsert[]): Promise<string[]> {
  // statement: insertEarnItems
  const inserted = await tx.insert(loyaltyEarnItems).values(items).onConflictDoNothing().returning({ productId: loyaltyEarnItems.productId });
  return inserted.map((r) => r.productId);
}

// --- campaigns and closing (actions.ts) ---------------------------------------------------------

/** The campaign of code `code` (null when none). */
export async function campaignByCode(db: DbOrTx, code: string): Promise<CampaignRow | null> {
  // statement: campaignByCode
  const [campaign] = await db.select().from(loyaltyCampaigns).where(eq(loyaltyCampaigns.code, code));
  return campaign ?? null;
}

/** Registers the account for the campaign; null when it was registered already. */
export async function insertRegistration(
  tx: Tx,
  values: { campaignId: number; loyaltyAccountId: number; vendorId: number | null },
): Promise<RegistrationRow | null> {
  // statement: insertRegistration
  const [inserted] = await tx.insert(loyaltyCampaignRegistrations).values(values).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** The account's registration for the campaign. */
export async function registrationOf(tx: Tx, campaignId: number, loyaltyAccountId: number): Promise<RegistrationRow> {
  // statement: registrationOf
  const [row] = await tx
    .select()
    .from(loyaltyCampaignRegistrations)
    .where(and(eq(loyaltyCampaignRegistrations.campaignId, campaignId), eq(loyaltyCampaignRegistrations.loyaltyAccountId, loyaltyAccountId)));
  return row;
}

/** Unlinks and closes the loyalty account linked to the site account; its id, or null when none is linked. */
export async function closeLinkedAccount(tx: Tx, siteAccountId: number, now: Date): Promise<number | null> {
  // statement: closeLinkedAccount
  const [account] = await tx
    .update(loyaltyAccounts)
    .set({ siteAccountId: null, status: 'Closed', statusInfo: 'Closed', closedAt: now })
    .where(eq(loyaltyAccounts.siteAccountId, siteAccountId))
    .returning({ id: loyaltyAccounts.id });
  return account?.id ?? null;
}

/** Unlinks and closes the cards of the loyalty account and of the site account; answers how many. */
export async function closeCards(tx: Tx, loyaltyAccountId: number, siteAccountId: number): Promise<number> {
  // statement: closeCards
  const cards = await tx
    .update(loyaltyCards)
    .set({ siteAccountId: null, status: 'Closed', statusInfo: 'Closed' })
    .where(sql`${loyaltyCards.loyaltyAccountId} = ${loyaltyAccountId} or ${loyaltyCards.siteAccountId} = ${siteAccountId}`)
    .returning({ id: loyaltyCards.id });
  return cards.length;
}
