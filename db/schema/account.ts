import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { loyaltyAccounts } from './loyalty';

/** A vendor application; its API key is stored as a SHA-256 hash, never in clear. */
export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A guest's website account: the `sub` of account JWTs. */
export const siteAccounts = pgTable('site_accounts', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A loyalty card. `accountType` is WebOnly, Legacy, Insider, Premiere, PremiereGo or Associate;
 * Premiere and PremiereGo members may buy Premiere-tier seats. `statusInfo` is the spec's sub-status
 * (Active, Not Activated, Closed, Fraud, Lost/Stolen, …): `Fraud` is the fraud flag. `balance` is the
 * reward balance in USD, kept by the ledger (loyalty_transactions) in the same transaction as each
 * row; the CHECK makes a negative balance impossible whatever a writer does.
 */
export const loyaltyCards = pgTable(
  'loyalty_cards',
  {
    id: serial('id').primaryKey(),
    siteAccountId: integer('site_account_id').references(() => siteAccounts.id),
    cardNumber: text('card_number').notNull().unique(),
    accountType: text('account_type').notNull(),
    status: text('status').notNull().default('Active'),
    statusInfo: text('status_info').notNull().default('Active'),
    activationDate: timestamp('activation_date', { withTimezone: true, mode: 'date' }),
    expirationDate: timestamp('expiration_date', { withTimezone: true, mode: 'date' }),
    loyaltyAccountId: integer('loyalty_account_id').references(() => loyaltyAccounts.id),
    balance: numeric('balance', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('loyalty_cards_account_idx').on(t.siteAccountId),
    index('loyalty_cards_loyalty_account_idx').on(t.loyaltyAccountId),
    check('loyalty_cards_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);
