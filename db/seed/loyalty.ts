import { eq } from 'drizzle-orm';
import { keyedHash, lastFourOf, type PiiKeys } from '../../src/pii';
import {
  loyaltyAccounts,
  loyaltyAccountVendors,
  loyaltyCampaignRegistrations,
  loyaltyCampaigns,
  loyaltyCards,
  loyaltyEarnItems,
  loyaltyTransactions,
  siteAccounts,
} from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';

const DAY = 86_400_000;

/** Demo SSNs: `9000000NN` for loyalty account NN (9xx is never issued as an SSN, so none is real). */
export const demoSsn = (loyaltyAccountId: number) => `9000000${String(loyaltyAccountId).padStart(2, '0')}`;
/** Demo associates: loyalty accounts 7 and 16 (the Associate cards), associate id 5000 + account id. */
export const DEMO_ASSOCIATES = [7, 16].map((id) => ({ loyaltyAccountId: id, associateId: 5000 + id, ssn: demoSsn(id) }));
/** Demo mobile numbers: `21255501NN` for loyalty account NN. */
export const demoPhone = (loyaltyAccountId: number) => `21255501${String(loyaltyAccountId).padStart(2, '0')}`;
/** The demo card flagged for fraud (account 17's). */
export const DEMO_FRAUD_CARD_ID = 17;

const PORTFOLIO: Record<string, string> = {
  Premiere: 'Brand Stubs Premiere',
  PremiereGo: 'Brand Stubs Premiere Go',
  Insider: 'Brand Stubs Insider',
  Legacy: 'Brand Stubs Legacy',
  WebOnly: 'Brand Stubs Insider',
  Associate: 'Brand Stubs Associate',
};

/**
 * Loyalty accounts for site accounts 1–20 and the box-office card 21 (no site account), balances with
 * their ledger history, a fraud-flagged card (17), campaigns with registrations, and vendor links
 * (vendor 1: loyalty accounts 1–10, vendor 2: 11–15). Runs after seedAccounts; SSNs are stored as keyed
 * hashes under `pii` (the instance's PII_KEY must be the one seeded with for associate validation).
 */
export async function seedLoyalty(tx: SeedTx, today: Date, pii: PiiKeys): Promise<{ accounts: number; transactions: number }> {
  const rng = createRandom('loyalty');
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const cards = await tx.select().from(loyaltyCards).orderBy(loyaltyCards.id);
  const sites = new Map((await tx.select().from(siteAccounts)).map((s) => [s.id, s]));

  const accounts: (typeof loyaltyAccounts.$inferInsert)[] = [];
  for (const card of cards) {
    const id = card.id;
    const site = card.siteAccountId === null ? undefined : sites.get(card.siteAccountId);
    const enroll = new Date((card.activationDate?.getTime() ?? base - 30 * DAY) - 2 * DAY);
    const associate = DEMO_ASSOCIATES.find((a) => a.loyaltyAccountId === id);
    const ssn = demoSsn(id);
    accounts.push({
      id,
      siteAccountId: site?.id ?? null,
      email: site?.email ?? `boxoffice${id}@demo.marquee.example`,
      firstName: site?.firstName ?? 'Box',
      middleInitial: String.fromCharCode(65 + ((id * 5) % 26)),
      lastName: site?.lastName ?? 'Office',
      gender: id % 3 === 0 ? 'F' : id % 3 === 1 ? 'M' : 'U',
      birthDate: `${1960 + ((id * 7) % 40)}-${String(1 + (id % 12)).padStart(2, '0')}-${String(1 + ((id * 3) % 28)).padStart(2, '0')}`,
      mobilePhoneNumber: demoPhone(id),
      address1: `${100 + id * 7} Main St`,
      address2: id % 4 === 0 ? `Apt ${id}` : null,
      city: 'New York',
      state: 'NY',
      postalCode: `100${String(id).padStart(2, '0')}`,
      ssnHash: keyedHash(pii, ssn),
      ssnLastFour: lastFourOf(ssn),
      associateId: associate?.associateId ?? null,
      status: card.status,
      statusInfo: card.statusInfo,
      favoriteTheatreId: 1 + (id % 10),
      termsAccepted: id !== 19,
      termsVersion: id !== 19 ? 3 : null,
      termsAcceptedAt: id !== 19 ? enroll : null,
      activationType: associate ? 'ASSO' : 'WELC',
      activationDate: card.activationDate,
      enrollDate: enroll,
      isEarn: true,
      isRedeem: id !== 15,
      notificationsViaEmail: id % 2 === 0,
      notificationsViaMobile: id % 3 === 0,
      offersViaEmail: id % 2 === 1,
      offersViaMobile: id % 5 === 0,
      weeklyEmails: id % 4 !== 0,
      websiteLastUpdatedAt: new Date(base - rng.int(1, 60) * DAY),
      portfolioId: `PF${String(id).padStart(8, '0')}`,
      // Premiere members of accounts 1 and 10 hold the A-List subscription.
      portfolioType: id === 1 || id === 10 ? 'Brand Stubs A-List' : PORTFOLIO[card.accountType],
      validationErrors: id === 12 ? 'postalCode: does not match state' : null,
      closedAt: card.status === 'Closed' ? new Date(base - 10 * DAY) : null,
    });
  }
  await insertRows(tx, loyaltyAccounts, accounts);

  // Balances come from a ledger: two earns and, on some cards, a fee waiver.
  const transactions: (typeof loyaltyTransactions.$inferInsert)[] = [];
  const items: (typeof loyaltyEarnItems.$inferInsert)[] = [];
  let txId = 0;
  let itemId = 0;
  for (const card of cards) {
    let balance = 0;
    for (let k = 1; k <= 2; k++) {
      const prices = [12 + ((card.id * k) % 9) + 0.5, 7.25 + ((card.id + k) % 4)];
      const earned = round2(prices.reduce((a, b) => a + b, 0) * 0.1);
      balance = round2(balance + earned);
      txId++;
      transactions.push({
        id: txId,
        cardId: card.id,
        kind: 'Earn',
        balanceChange: earned,
        balanceAfter: balance,
        amount: round2(prices[0] + prices[1] + 1.5),
        vendorId: 1,
        createdAt: new Date(base - (40 - k * 10) * DAY),
      });
      prices.forEach((price, i) =>
        items.push({
          id: ++itemId,
          transactionId: txId,
          vendorId: 1,
          productId: `SEED-${card.id}-${k}-${i + 1}`,
          description: i === 0 ? 'Adult ticket' : 'Popcorn',
          ticketType: i === 0 ? 'ADULT' : null,
          price,
          earned: round2(price * 0.1),
        }),
      );
    }
    if (card.id % 3 === 0) {
      balance = round2(balance - 1.5);
      txId++;
      transactions.push({ id: txId, cardId: card.id, kind: 'WaiveFees', balanceChange: -1.5, balanceAfter: balance, amount: 1.5, vendorId: 1, createdAt: new Date(base - 5 * DAY) });
    }
    await tx
      .update(loyaltyCards)
      .set({
        loyaltyAccountId: card.id,
        balance,
        ...(card.id === DEMO_FRAUD_CARD_ID ? { status: 'Inactive', statusInfo: 'Fraud' } : {}),
      })
      .where(eq(loyaltyCards.id, card.id));
  }
  await tx.update(loyaltyAccounts).set({ status: 'Inactive', statusInfo: 'Fraud' }).where(eq(loyaltyAccounts.id, DEMO_FRAUD_CARD_ID));
  await insertRows(tx, loyaltyTransactions, transactions);
  await insertRows(tx, loyaltyEarnItems, items);

  await insertRows(tx, loyaltyCampaigns, [
    { id: 1, code: 'summer-blockbusters', name: 'Summer Blockbusters', description: 'Double points on blockbuster tickets.', startsAt: new Date(base - 30 * DAY), endsAt: new Date(base + 60 * DAY) },
    { id: 2, code: 'Double Points Tuesday', name: 'Double Points Tuesday', description: 'Double points every Tuesday (a code with a space: URL-encode it).', startsAt: new Date(base - 90 * DAY), endsAt: null },
    { id: 3, code: 'winter-2019', name: 'Winter 2019', description: 'An ended campaign: registrations are refused.', startsAt: new Date(base - 800 * DAY), endsAt: new Date(base - 700 * DAY) },
  ]);
  await insertRows(tx, loyaltyCampaignRegistrations, [
    { id: 1, campaignId: 1, loyaltyAccountId: 1, vendorId: 1, registeredAt: new Date(base - 20 * DAY) },
    { id: 2, campaignId: 2, loyaltyAccountId: 2, vendorId: 1, registeredAt: new Date(base - 15 * DAY) },
  ]);
  await insertRows(tx, loyaltyAccountVendors, [
    ...Array.from({ length: 10 }, (_, i) => ({ loyaltyAccountId: i + 1, vendorId: 1, linkedAt: new Date(base - 100 * DAY) })),
    ...Array.from({ length: 5 }, (_, i) => ({ loyaltyAccountId: i + 11, vendorId: 2, linkedAt: new Date(base - 100 * DAY) })),
  ]);
  for (const t of [loyaltyAccounts, loyaltyTransactions, loyaltyEarnItems, loyaltyCampaigns, loyaltyCampaignRegistrations]) await syncSequence(tx, t);
  return { accounts: accounts.length, transactions: transactions.length };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
