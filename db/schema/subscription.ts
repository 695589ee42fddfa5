import { boolean, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { siteAccounts } from './account';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A marketing subscription (spec "Subscription"): a newsletter, an alert, a program's messages.
 * `name` is its public unique id, used in paths (`/v2/subscriptions/{subscription-name}`).
 */
export const subscriptions = pgTable('subscriptions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A way a subscription reaches its audience: `type` is email, sms or smsConfirm (the spec's channel
 * types), `audience` guest (anyone) or stubs (loyalty members). One channel per type per subscription.
 */
export const subscriptionChannels = pgTable(
  'subscription_channels',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    type: text('type').notNull(),
    audience: text('audience').notNull(),
  },
  (t) => [unique('subscription_channels_type_uq').on(t.subscriptionId, t.type)],
);

/**
 * A contact that can be enrolled: an e-mail address and/or a 10-digit mobile number, known by a public
 * `guid` (the spec's subscriber-guid), linked to a site account when the contact is the account's. E-mail
 * addresses are stored lower-cased; both are unique so that one contact is one subscriber.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: serial('id').primaryKey(),
    guid: uuid('guid').notNull().defaultRandom().unique(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    siteAccountId: integer('site_account_id').references(() => siteAccounts.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('subscribers_account_idx').on(t.siteAccountId)],
);

/**
 * One subscriber's membership of one channel. A row is kept after an opt-out (`enrolled` false,
 * `optedOutAt` set) so the history of consent stays. SMS channels start `smsState` = pending and become
 * confirmed with the code texted to the number (docs/accounts.md, "Subscriptions"); the code itself is
 * never stored: it is derived from the row and `confirmationRequestedAt` under PII_KEY.
 */
export const subscriptionEnrolments = pgTable(
  'subscription_enrolments',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => subscriptionChannels.id),
    enrolled: boolean('enrolled').notNull(),
    enrolledAt: ts('enrolled_at'),
    optedOutAt: ts('opted_out_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** SMS channels only: pending until confirmed; null for e-mail. */
    smsState: text('sms_state'),
    confirmationRequestedAt: ts('confirmation_requested_at'),
    confirmationAttempts: integer('confirmation_attempts').notNull().default(0),
    confirmedAt: ts('confirmed_at'),
  },
  (t) => [unique('subscription_enrolments_uq').on(t.subscriberId, t.channelId), index('subscription_enrolments_channel_idx').on(t.channelId)],
);
