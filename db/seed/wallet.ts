import { lastFourOf, piiKeys, seal } from '../../src/pii';
import {
  walletCreditCards,
  walletExternalBills,
  walletExternalCards,
  walletGiftCards,
  walletPartnerCards,
  walletSettings,
} from '../schema';
import { insertRows, syncSequence, type SeedTx } from './insert';
import { createRandom, type Random } from './random';

/**
 * Demo values that tests and docs/seed.md refer to: account 1's gift card (number and PIN are stored
 * sealed, never returned) and its default credit card's last four (the full number is never stored).
 */
export const DEMO_WALLET = {
  giftCardNumber: '6006497310582946',
  giftCardPin: '58203741',
  creditCardLastFour: '4242',
} as const;

/** A UUID from the seed's PRNG, so that card tokens are the same on every run. */
export function seededUuid(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const ADDRESS_1 = { address1: '12 Orchard Street', address2: 'Apt 4B', city: 'New York', state: 'NY', postalCode: '10002' };
const ADDRESS_2 = { address1: '880 Sunset Boulevard', address2: null, city: 'Los Angeles', state: 'CA', postalCode: '90028' };
const ADDRESS_3 = { address1: '410 Lake Shore Drive', address2: null, city: 'Chicago', state: 'IL', postalCode: '60611' };

/**
 * Wallets of accounts 1–4, which between them hold every kind of card (docs/seed.md): credit (1, 2, 4),
 * gift (1, 2), partner (2, 3), external (3) and on-demand external (3, 4), and external bills.
 * Gift-card numbers and PINs are sealed with `piiKey`: the ciphertexts differ from run to run (random
 * IVs, as sealing requires), every other value is the same.
 */
export async function seedWallet(tx: SeedTx, today: Date, piiKey: string): Promise<{ cards: number }> {
  const rng = createRandom('wallet');
  const keys = piiKeys(piiKey);
  const day = 86400000;
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const at = (daysAgo: number) => new Date(base - daysAgo * day);
  const year = today.getUTCFullYear();

  await insertRows(tx, walletSettings, [
    { siteAccountId: 1, preferredTender: 'Gift', loyaltyAutoSpend: true },
    { siteAccountId: 2, preferredTender: 'Partner', loyaltyAutoSpend: false },
  ]);

  const credit = (id: number, siteAccountId: number, fields: Partial<typeof walletCreditCards.$inferInsert>) => ({
    id,
    siteAccountId,
    token: seededUuid(rng),
    merchantToken: `tok_demo_${id}_${rng.int(100000, 999999)}`,
    merchantCustomer: `cus_demo_${siteAccountId}`,
    isDefault: false,
    verified: true,
    cardHolderFirstName: null,
    cardHolderLastName: null,
    cardHolderEmail: null,
    createdAt: at(200 - id),
    ...ADDRESS_1,
    cardType: 'Visa',
    name: 'Card',
    expirationDate: `08/${year + 2}`,
    lastFour: '0000',
    ...fields,
  });
  const creditCards = [
    credit(1, 1, { cardType: 'Visa', name: 'Everyday Visa', isDefault: true, lastFour: DEMO_WALLET.creditCardLastFour }),
    credit(2, 1, { cardType: 'MasterCard', name: 'Travel card', lastFour: '5100', verified: false, expirationDate: `01/${year + 1}` }),
    credit(3, 2, {
      cardType: 'AmericanExpress',
      name: 'Amex',
      isDefault: true,
      lastFour: '8431',
      ...ADDRESS_2,
      // Paid for by someone else: the holder fields are set only then.
      cardHolderFirstName: 'Robin',
      cardHolderLastName: 'Okafor',
      cardHolderEmail: 'robin.okafor@example.com',
    }),
    credit(4, 4, { cardType: 'Discover', name: 'Discover', isDefault: true, lastFour: '1117', ...ADDRESS_3 }),
  ];
  await insertRows(tx, walletCreditCards, creditCards);

  const gift = (id: number, siteAccountId: number, number: string, pin: string, fields: Partial<typeof walletGiftCards.$inferInsert>) => ({
    id,
    siteAccountId,
    token: seededUuid(rng),
    balanceInquiryToken: seededUuid(rng),
    numberSealed: seal(keys, number),
    numberLastFour: lastFourOf(number),
    numberLength: number.length,
    pinSealed: seal(keys, pin),
    imageUrl: `https://media.marquee.example/gift-cards/design-${id}.png`,
    merchantToken: `gc_demo_${id}`,
    status: 'Active',
    createdAt: at(90 - id),
    ...ADDRESS_1,
    balance: 0,
    name: 'Gift card',
    ...fields,
  });
  await insertRows(tx, walletGiftCards, [
    gift(1, 1, DEMO_WALLET.giftCardNumber, DEMO_WALLET.giftCardPin, { name: 'Birthday gift card', balance: 42.5 }),
    gift(2, 1, '6006491048265531', '31907264', { name: 'Holiday card', balance: 15 }),
    gift(3, 2, '6006498822746120', '77410352', { name: 'Used up', balance: 0, status: 'Depleted', ...ADDRESS_2 }),
  ]);

  const partner = (id: number, siteAccountId: number, fields: Partial<typeof walletPartnerCards.$inferInsert>) => ({
    id,
    siteAccountId,
    token: seededUuid(rng),
    merchantToken: `pc_demo_${id}`,
    status: 'Active',
    createdAt: at(60 - id),
    ...ADDRESS_2,
    balance: 0,
    name: 'Partner card',
    lastFour: '0000',
    ...fields,
  });
  await insertRows(tx, walletPartnerCards, [
    partner(1, 2, { name: 'Partner rewards card', balance: 25, lastFour: '3310' }),
    partner(2, 3, { name: 'Partner prepaid', balance: 7.25, lastFour: '9021', status: 'Inactive', ...ADDRESS_3 }),
  ]);

  const billing = (name: string, a: typeof ADDRESS_1 | typeof ADDRESS_2 | typeof ADDRESS_3) => ({
    billingName: name,
    billingLineOne: a.address1,
    billingLineTwo: a.address2,
    billingCity: a.city,
    billingState: a.state,
    billingPostalCode: a.postalCode,
    billingCountry: 'US',
  });
  await insertRows(tx, walletExternalCards, [
    { id: 1, siteAccountId: 3, typeId: 1, displayName: 'Carrier billing', isPrimary: true, onDemand: false, defaultBilling: true, createdAt: at(40), ...billing('Account Three', ADDRESS_3) },
    { id: 2, siteAccountId: 3, typeId: 2, displayName: 'App store billing', isPrimary: false, onDemand: true, defaultBilling: false, createdAt: at(35), ...billing('Account Three', ADDRESS_3) },
    { id: 3, siteAccountId: 4, typeId: 2, displayName: 'App store billing', isPrimary: true, onDemand: true, defaultBilling: true, createdAt: at(20), ...billing('Account Four', ADDRESS_1) },
  ]);
  await insertRows(tx, walletExternalBills, [
    { id: 1, externalCardId: 2, kind: 'sale', referenceId: 'EXT-SALE-0001', amount: 19.99, externalBillType: 'OnDemandRental', accountNumberLastFour: '7702', createdAt: at(30) },
    { id: 2, externalCardId: 2, kind: 'credit', referenceId: 'EXT-CREDIT-0001', amount: 4.99, externalBillType: 'OnDemandRental', accountNumberLastFour: '7702', createdAt: at(29) },
    { id: 3, externalCardId: 3, kind: 'sale', referenceId: 'EXT-SALE-0002', amount: 14.99, externalBillType: 'OnDemandPurchase', accountNumberLastFour: '5518', createdAt: at(12) },
  ]);
  for (const t of [walletCreditCards, walletGiftCards, walletPartnerCards, walletExternalCards, walletExternalBills]) await syncSequence(tx, t);
  return { cards: creditCards.length + 3 + 2 + 3 };
}
