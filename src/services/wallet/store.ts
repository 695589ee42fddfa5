import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  loyaltyCards,
  siteAccounts,
  walletCreditCards,
  walletExternalCards,
  walletGiftCards,
  walletPartnerCards,
  walletSettings,
} from '../../../db/schema';
import {
  toCreditCard,
  toExternalCard,
  toGiftCard,
  toPartnerCard,
  WALLET_CAPACITY,
  type CardKind,
  type WalletView,
} from './model';

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

/**
 * The wallets of the given accounts, in one statement per table whatever the number of accounts (the
 * `walletByAccountId` loader's batch). Accounts that do not exist are absent from the map. No access
 * check here: callers go through `assertAccountAccess` first.
 */
export async function loadWallets(db: Db, accountIds: readonly number[]): Promise<Map<number, WalletView>> {
  const ids = [...new Set(accountIds)];
  const out = new Map<number, WalletView>();
  if (!ids.length) return out;
  const [accounts, settings, credit, gift, partner, external, cards] = await Promise.all([
    // statement: accountsExist
    db.select({ id: siteAccounts.id }).from(siteAccounts).where(inArray(siteAccounts.id, ids)),
    // statement: walletSettingsOfAccounts
    db.select().from(walletSettings).where(inArray(walletSettings.siteAccountId, ids)),
    // statement: walletCreditCardsOfAccounts
    db.select().from(walletCreditCards).where(inArray(walletCreditCards.siteAccountId, ids)).orderBy(asc(walletCreditCards.id)),
    // statement: walletGiftCardsOfAccounts
    db.select().from(walletGiftCards).where(inArray(walletGiftCards.siteAccountId, ids)).orderBy(asc(walletGiftCards.id)),
    // statement: walletPartnerCardsOfAccounts
    db.select().from(walletPartnerCards).where(inArray(walletPartnerCards.siteAccountId, ids)).orderBy(asc(walletPartnerCards.id)),
    // statement: walletExternalCardsOfAccounts
    db.select().from(walletExternalCards).where(inArray(walletExternalCards.siteAccountId, ids)).orderBy(asc(walletExternalCards.id)),
    // statement: walletLoyaltyCardsOfAccounts
    db
      .select({ siteAccountId: loyaltyCards.siteAccountId, cardNumber: loyaltyCards.cardNumber, status: loyaltyCards.status })
      .from(loyaltyCards)
      .where(inArray(loyaltyCards.siteAccountId, ids))
      .orderBy(asc(loyaltyCards.id)),
  ]);
  for (const { id } of accounts) {
    const preference = settings.find((s) => s.siteAccountId === id);
    const giftCards = gift.filter((c) => c.siteAccountId === id);
    const partnerCards = partner.filter((c) => c.siteAccountId === id);
    const mine = cards.filter((c) => c.siteAccountId === id);
    const loyalty = mine.find((c) => c.status === 'Active') ?? mine[0];
    out.set(id, {
      accountId: id,
      creditCardCount: credit.filter((c) => c.siteAccountId === id).length,
      maxCreditCardCount: WALLET_CAPACITY.creditCards,
      giftCardSummary: {
        preferredTender: preference?.preferredTender === 'Gift',
        balance: sum(giftCards.map((c) => c.balance)),
        count: giftCards.length,
        maxCount: WALLET_CAPACITY.giftCards,
      },
      partnerCardSummary: {
        preferredTender: preference?.preferredTender === 'Partner',
        balance: sum(partnerCards.map((c) => c.balance)),
        count: partnerCards.length,
        maxCount: WALLET_CAPACITY.partnerCards,
      },
      // The loyalty balance lives with the loyalty ledger; until it is joined here the wallet shows 0.
      loyaltySummary: {
        autoSpend: preference?.loyaltyAutoSpend ?? false,
        balance: 0,
        // A loyalty card is no payment card: its holder (the wallet's reader) sees the number it earns with.
        number: loyalty ? loyalty.cardNumber : null,
      },
      creditCards: credit.filter((c) => c.siteAccountId === id).map(toCreditCard),
      giftCards: giftCards.map(toGiftCard),
      partnerCards: partnerCards.map(toPartnerCard),
      externalCards: external.filter((c) => c.siteAccountId === id).map(toExternalCard),
    });
  }
  return out;
}

// ---- the writes (write.ts) -------------------------------------------------------------------------

const TABLE = { credit: walletCreditCards, gift: walletGiftCards, partner: walletPartnerCards } as const;
/**
 * The table of a kind of card. The three tables share every column the writes use (id, owner, token,
 * name, address); drizzle cannot type a union of tables, so one of them stands for all.
 */
const tableOf = (kind: CardKind) => TABLE[kind] as typeof walletPartnerCards;
const cardOf = (kind: CardKind, accountId: number, token: string) => {
  const table = tableOf(kind);
  return and(eq(table.siteAccountId, accountId), eq(table.token, token));
};

/** Deletes the account's card of `kind` with this (lower-case) token; false when it has none. */
export async function deleteCardRow(db: Db, kind: CardKind, accountId: number, token: string): Promise<boolean> {
  const table = TABLE[kind];
  // statement: deleteCard (one kind's table)
  const gone = await db
    .delete(table)
    .where(and(eq(table.siteAccountId, accountId), eq(table.token, token)))
    .returning({ id: table.id });
  return gone.length > 0;
}

/** Locks the account's card of `kind` with this (lower-case) token and answers its id, or null. */
export async function lockCard(tx: Tx, kind: CardKind, accountId: number, token: string): Promise<number | null> {
  const table = tableOf(kind);
  // statement: cardForUpdate (one kind's table)
  const [row] = await tx.select({ id: table.id }).from(table).where(cardOf(kind, accountId, token)).for('update');
  return row?.id ?? null;
}

/** Writes a card's name or address fields. */
export async function updateCardFields(tx: Tx, kind: CardKind, cardId: number, fields: Partial<typeof walletPartnerCards.$inferInsert>): Promise<void> {
  const table = tableOf(kind);
  // statement: updateCardFields
  await tx.update(table).set(fields).where(eq(table.id, cardId));
}

/** Makes a credit card the account's default: clears the flag on its other credit cards, then sets it. */
export async function makeDefaultCredit(tx: Tx, accountId: number, cardId: number): Promise<void> {
  // statement: clearOtherDefaultCredit
  await tx
    .update(walletCreditCards)
    .set({ isDefault: false })
    .where(and(eq(walletCreditCards.siteAccountId, accountId), ne(walletCreditCards.id, cardId)));
  // statement: setDefaultCredit
  await tx.update(walletCreditCards).set({ isDefault: true }).where(eq(walletCreditCards.id, cardId));
}
