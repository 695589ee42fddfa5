import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { siteAccounts, vendors } from './account';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * A loyalty account (spec: Loyalty account v4): the holder, their preferences and portfolio, kept by
 * the chain's loyalty system and linked to at most one site account. Closing loyalty unlinks it
 * (`siteAccountId` null) and closes it; the row stays for order history and audits.
 *
 * The SSN is never stored in clear: `ssnHash` is a keyed hash (src/pii.ts, PII_KEY) compared on
 * associate validation, `ssnLastFour` is all that is ever shown.
 */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    id: serial('id').primaryKey(),
    siteAccountId: integer('site_account_id').references(() => siteAccounts.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    middleInitial: text('middle_initial'),
    lastName: text('last_name').notNull(),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    /** Ten digits, no punctuation (lookups normalize before comparing). */
    mobilePhoneNumber: text('mobile_phone_number'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    ssnHash: text('ssn_hash'),
    ssnLastFour: text('ssn_last_four'),
    /** An associate's (employee's) id, validated together with the SSN. */
    associateId: integer('associate_id').unique(),
    status: text('status').notNull().default('Active'),
    statusInfo: text('status_info').notNull().default('Active'),
    favoriteTheatreId: integer('favorite_theatre_id'),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    termsVersion: integer('terms_version'),
    termsAcceptedAt: ts('terms_accepted_at'),
    activationType: text('activation_type'),
    activationDate: ts('activation_date'),
    enrollDate: ts('enroll_date').notNull().defaultNow(),
    isEarn: boolean('is_earn').notNull().default(true),
    isRedeem: boolean('is_redeem').notNull().default(true),
    notificationsViaEmail: boolean('notifications_via_email').notNull().default(false),
    notificationsViaMobile: boolean('notifications_via_mobile').notNull().default(false),
    offersViaEmail: boolean('offers_via_email').notNull().default(false),
    offersViaMobile: boolean('offers_via_mobile').notNull().default(false),
    weeklyEmails: boolean('weekly_emails').notNull().default(false),
    websiteLastUpdatedAt: ts('website_last_updated_at'),
    portfolioId: text('portfolio_id'),
    portfolioType: text('portfolio_type'),
    /** What the external loyalty system reported invalid in this record, if anything. */
    validationErrors: text('validation_errors'),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('loyalty_accounts_site_account_uq').on(t.siteAccountId),
    index('loyalty_accounts_email_idx').on(sql`lower(${t.email})`),
    index('loyalty_accounts_phone_idx').on(t.mobilePhoneNumber),
  ],
);

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

/**
 * Vendors a loyalty account has a relationship with (the guest enrolled or linked their card through
 * that vendor): such a vendor may look the account up by a personal identifier (docs/accounts.md).
 */
export const loyaltyAccountVendors = pgTable(
  'loyalty_account_vendors',
  {
    loyaltyAccountId: integer('loyalty_account_id')
      .notNull()
      .references(() => loyaltyAccounts.id),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    linkedAt: ts('linked_at').notNull().defaultNow(),
  },
  (t) => [unique('loyalty_account_vendors_uq').on(t.loyaltyAccountId, t.vendorId)],
);

/**
 * The ledger of a card: every change of its balance, written in the same transaction as the balance
 * (`kind` Earn: + reward for items; WaiveFees: − fees paid from the balance; Adjustment: seed history).
 */
export const loyaltyTransactions = pgTable(
  'loyalty_transactions',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => loyaltyCards.id),
    kind: text('kind').notNull(),
    /** Signed change of the balance (USD). */
    balanceChange: money('balance_change').notNull(),
    balanceAfter: money('balance_after').notNull(),
    /** Earn: the purchase total; WaiveFees: the fees waived. */
    amount: money('amount').notNull(),
    vendorId: integer('vendor_id').references(() => vendors.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('loyalty_transactions_card_idx').on(t.cardId), check('loyalty_transactions_after_nonnegative', sql`${t.balanceAfter} >= 0`)],
);

/**
 * Items a card earned for. An item is `(vendorId, productId)`: a vendor's product ids name sold items
 * (a ticket, a concession line) uniquely among that vendor's sales, so the unique index makes a second
 * earn for one item impossible — on any card.
 */
export const loyaltyEarnItems = pgTable(
  'loyalty_earn_items',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => loyaltyTransactions.id),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    productId: text('product_id').notNull(),
    description: text('description'),
    ticketType: text('ticket_type'),
    feature: text('feature'),
    featureId: text('feature_id'),
    auditoriumId: text('auditorium_id'),
    price: money('price').notNull(),
    earned: money('earned').notNull(),
  },
  (t) => [unique('loyalty_earn_items_item_uq').on(t.vendorId, t.productId), index('loyalty_earn_items_tx_idx').on(t.transactionId)],
);

/** A loyalty campaign guests register for (the `{campaign}` path segment is its `code`). */
export const loyaltyCampaigns = pgTable('loyalty_campaigns', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at'),
});

/** A loyalty account's registration for a campaign; registering again changes nothing. */
export const loyaltyCampaignRegistrations = pgTable(
  'loyalty_campaign_registrations',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => loyaltyCampaigns.id),
    loyaltyAccountId: integer('loyalty_account_id')
      .notNull()
      .references(() => loyaltyAccounts.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    registeredAt: ts('registered_at').notNull().defaultNow(),
  },
  (t) => [unique('loyalty_campaign_registrations_uq').on(t.campaignId, t.loyaltyAccountId)],
);

/**
 * `Idempotency-Key` records (src/services/shared/idempotency.ts): one per (vendor, route, key), holding the
 * request's fingerprint and the first successful answer, written in the same transaction as the work.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id').notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('idempotency_keys_uq').on(t.vendorId, t.route, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);
