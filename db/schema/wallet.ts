import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { siteAccounts } from './account';

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const owner = () =>
  integer('site_account_id')
    .notNull()
    .references(() => siteAccounts.id, { onDelete: 'cascade' });

/** The address columns every card kind of the wallet carries (the card's billing address). */
const address = () => ({
  address1: text('address1'),
  address2: text('address2'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
});

/**
 * Per-account wallet settings: which tender the account prefers (`Gift`, `Partner`, `Credit` or none)
 * and whether loyalty rewards are spent automatically. Absent row = defaults (none, false).
 */
export const walletSettings = pgTable('wallet_settings', {
  siteAccountId: integer('site_account_id')
    .primaryKey()
    .references(() => siteAccounts.id, { onDelete: 'cascade' }),
  preferredTender: text('preferred_tender'),
  loyaltyAutoSpend: boolean('loyalty_auto_spend').notNull().default(false),
});

/**
 * A saved credit card. Never its number: the processor's `merchantToken` pays with it and `lastFour`
 * is what is shown. `token` is the card's id in the wallet (its self link), not a payment credential.
 * Holder fields are set only when the holder differs from the account holder.
 */
export const walletCreditCards = pgTable(
  'wallet_credit_cards',
  {
    id: serial('id').primaryKey(),
    siteAccountId: owner(),
    token: uuid('token').notNull().defaultRandom().unique(),
    cardType: text('card_type').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
    /** `MM/YYYY`. */
    expirationDate: text('expiration_date').notNull(),
    lastFour: text('last_four').notNull(),
    merchantCustomer: text('merchant_customer'),
    merchantToken: text('merchant_token').notNull(),
    ...address(),
    cardHolderFirstName: text('card_holder_first_name'),
    cardHolderLastName: text('card_holder_last_name'),
    cardHolderEmail: text('card_holder_email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_credit_cards_account_idx').on(t.siteAccountId)],
);

/**
 * A gift card. Its number and PIN are needed to redeem it, so they are kept, but only sealed
 * (src/pii.ts `seal`, AES-GCM under PII_KEY) and never returned: responses show `numberLastFour`.
 */
export const walletGiftCards = pgTable(
  'wallet_gift_cards',
  {
    id: serial('id').primaryKey(),
    siteAccountId: owner(),
    token: uuid('token').notNull().defaultRandom().unique(),
    balanceInquiryToken: uuid('balance_inquiry_token').notNull().defaultRandom().unique(),
    balance: money('balance').notNull(),
    name: text('name').notNull(),
    numberSealed: text('number_sealed').notNull(),
    numberLastFour: text('number_last_four').notNull(),
    numberLength: integer('number_length').notNull(),
    pinSealed: text('pin_sealed'),
    imageUrl: text('image_url'),
    merchantToken: text('merchant_token'),
    /** Active, Depleted, Inactive or Closed (docs/accounts.md). */
    status: text('status').notNull().default('Active'),
    ...address(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_gift_cards_account_idx').on(t.siteAccountId)],
);

/** A partner (co-brand) card: a stored-value card of a partner, shown by its last four. */
export const walletPartnerCards = pgTable(
  'wallet_partner_cards',
  {
    id: serial('id').primaryKey(),
    siteAccountId: owner(),
    token: uuid('token').notNull().defaultRandom().unique(),
    balance: money('balance').notNull(),
    name: text('name').notNull(),
    lastFour: text('last_four').notNull(),
    merchantToken: text('merchant_token'),
    status: text('status').notNull().default('Active'),
    ...address(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_partner_cards_account_idx').on(t.siteAccountId)],
);

/**
 * A card held by an external biller (a carrier or app store billing the account). `onDemand`: usable
 * for on-demand (streaming) purchases, listed by `/wallet/views/on-demand`.
 */
export const walletExternalCards = pgTable(
  'wallet_external_cards',
  {
    id: serial('id').primaryKey(),
    siteAccountId: owner(),
    typeId: integer('type_id').notNull(),
    displayName: text('display_name').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    onDemand: boolean('on_demand').notNull().default(false),
    billingName: text('billing_name'),
    billingLineOne: text('billing_line_one'),
    billingLineTwo: text('billing_line_two'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingPostalCode: text('billing_postal_code'),
    billingCountry: text('billing_country'),
    defaultBilling: boolean('default_billing').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_external_cards_account_idx').on(t.siteAccountId)],
);

/**
 * A sale or credit billed through an external card (the spec's external bill sale / credit). The
 * biller's account number is kept as its last four only.
 */
export const walletExternalBills = pgTable(
  'wallet_external_bills',
  {
    id: serial('id').primaryKey(),
    externalCardId: integer('external_card_id')
      .notNull()
      .references(() => walletExternalCards.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    referenceId: text('reference_id').notNull().unique(),
    amount: money('amount').notNull(),
    externalBillType: text('external_bill_type').notNull(),
    accountNumberLastFour: text('account_number_last_four').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_external_bills_card_idx').on(t.externalCardId)],
);
