import { hashVendorKey } from '../../src/auth/principal';
import { loyaltyCards, siteAccounts, vendors } from '../schema';
import { FIRST_NAMES, LAST_NAMES } from './data/words';
import { insertRows, syncSequence, type SeedTx } from './insert';
import { createRandom } from './random';

/** The demo vendor keys (demo mode only; stored hashed). */
export const DEMO_VENDOR_KEYS = ['demo-vendor-key', 'demo-vendor-key-2'];

const CARD_PREFIX: Record<string, string> = {
  Premiere: 'PREM',
  PremiereGo: 'PRGO',
  Insider: 'INSD',
  Legacy: 'LEGC',
  WebOnly: 'WEBO',
  Associate: 'ASSC',
};

/** Demo credentials: two vendors, site accounts 1..20 and their loyalty cards, one card with no account. */
export async function seedAccounts(tx: SeedTx, today: Date): Promise<{ vendors: number; accounts: number; cards: number }> {
  const rng = createRandom('accounts');
  const day = 86400000;
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  await insertRows(tx, vendors, [
    { id: 1, name: 'Demo vendor', keyHash: hashVendorKey(DEMO_VENDOR_KEYS[0]), createdAt: new Date(base - 365 * day) },
    { id: 2, name: 'Demo vendor 2', keyHash: hashVendorKey(DEMO_VENDOR_KEYS[1]), createdAt: new Date(base - 200 * day) },
  ]);

  const accounts: (typeof siteAccounts.$inferInsert)[] = [];
  const cards: (typeof loyaltyCards.$inferInsert)[] = [];
  const types = ['Premiere', 'Insider', 'PremiereGo', 'Insider', 'Legacy', 'WebOnly', 'Premiere', 'Associate', 'Insider'];
  for (let id = 1; id <= 20; id++) {
    const firstName = FIRST_NAMES[(id * 7) % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(id * 11) % LAST_NAMES.length];
    accounts.push({
      id,
      email: `account${id}@demo.marquee.example`,
      firstName,
      lastName,
      createdAt: new Date(base - rng.int(30, 1500) * day),
    });
    const accountType = id === 1 ? 'Premiere' : id === 2 ? 'Insider' : types[id % types.length];
    // Accounts 19 and 20 show the other statuses.
    const status = id === 19 ? 'Inactive' : id === 20 ? 'Closed' : 'Active';
    const statusInfo = id === 19 ? 'Not Activated' : id === 20 ? 'Expired' : 'Active';
    const activation = new Date(base - rng.int(20, 900) * day);
    cards.push({
      id,
      siteAccountId: id,
      cardNumber: `${CARD_PREFIX[accountType]}${String(id).padStart(12, '0')}`,
      accountType,
      status,
      statusInfo,
      activationDate: id === 19 ? null : activation,
      expirationDate: id === 20 ? new Date(base - 10 * day) : new Date(activation.getTime() + 730 * day),
    });
  }
  // A card bought at a box office and never linked to an account.
  cards.push({
    id: 21,
    siteAccountId: null,
    cardNumber: 'INSD000000009999',
    accountType: 'Insider',
    status: 'Active',
    statusInfo: 'Active',
    activationDate: new Date(base - 45 * day),
    expirationDate: new Date(base + 685 * day),
  });
  await insertRows(tx, siteAccounts, accounts);
  await insertRows(tx, loyaltyCards, cards);
  for (const t of [vendors, siteAccounts, loyaltyCards]) await syncSequence(tx, t);
  return { vendors: 2, accounts: accounts.length, cards: cards.length };
}
