import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
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
