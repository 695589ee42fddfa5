import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { siteAccounts } from './account';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A mobile device (an app installation) of a site account, keyed by the app's device application
 * token. It belongs to the account that registered it (docs/accounts.md).
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull().unique(),
    siteAccountId: integer('site_account_id')
      .notNull()
      .references(() => siteAccounts.id, { onDelete: 'cascade' }),
    /** Tablet or Mobile Phone. */
    category: text('category').notNull(),
    /** iOS, Android or Windows. */
    osType: text('os_type').notNull(),
    osVersion: text('os_version'),
    /** Brand Theatres, Wallet or Google Wallet. */
    application: text('application').notNull(),
    isPushEnabled: boolean('is_push_enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('devices_account_idx').on(t.siteAccountId)],
);

/** A push registration of a device (an APNs / FCM / WNS token); never returned in full. */
export const devicePushRegistrations = pgTable(
  'device_push_registrations',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    pushRegistrationToken: text('push_registration_token').notNull(),
    registrationType: text('registration_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('device_push_registrations_uq').on(t.deviceId, t.pushRegistrationToken)],
);
