import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { attributes } from './attribute';

/** A market groups the theatres of one metropolitan area (spec: Market). */
export const markets = pgTable('markets', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

/** A theatre of the chain. `timezone` is IANA; every `…Local` value is computed from UTC with it. */
export const theatres = pgTable(
  'theatres',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    name: text('name').notNull(),
    longName: text('long_name').notNull(),
    slug: text('slug').notNull().unique(),
    timezone: text('timezone').notNull(),
    addressLine1: text('address_line1').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    state: text('state').notNull(),
    stateName: text('state_name').notNull(),
    country: text('country').notNull().default('United States'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    showtimesPhoneNumber: text('showtimes_phone_number'),
    guestServicesPhoneNumber: text('guest_services_phone_number'),
    facebookUrl: text('facebook_url'),
    websiteUrl: text('website_url'),
    ticketable: boolean('ticketable').notNull().default(true),
  },
  (t) => [index('theatres_market_idx').on(t.marketId), index('theatres_state_idx').on(t.stateName)],
);

export const theatreAttributes = pgTable(
  'theatre_attributes',
  {
    theatreId: integer('theatre_id')
      .notNull()
      .references(() => theatres.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
  },
  (t) => [primaryKey({ columns: [t.theatreId, t.attributeId] })],
);
