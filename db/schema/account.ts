import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
