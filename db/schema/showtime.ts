import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { attributes } from './attribute';
import { movies } from './movie';
import { layoutVersions } from './seating';
import { theatres } from './theatre';

export interface EstimatedFee {
  name: string;
  cost: number;
  tax: number;
  quantity: number;
}

export const showtimes = pgTable(
  'showtimes',
  {
    id: serial('id').primaryKey(),
    performanceNumber: integer('performance_number').notNull(),
    theatreId: integer('theatre_id')
      .notNull()
      .references(() => theatres.id),
    movieId: integer('movie_id')
      .notNull()
      .references(() => movies.id),
    auditorium: integer('auditorium').notNull(),
    layoutId: integer('layout_id').notNull(),
    layoutVersionNumber: integer('layout_version_number').notNull(),
    layoutVersionId: integer('layout_version_id')
      .notNull()
      .references(() => layoutVersions.id),
    showDateTimeUtc: timestamp('show_date_time_utc', { withTimezone: true, mode: 'date' }).notNull(),
    sellUntilDateTimeUtc: timestamp('sell_until_date_time_utc', { withTimezone: true, mode: 'date' }).notNull(),
    isCanceled: boolean('is_canceled').notNull().default(false),
    inTheatreTicketingOnly: boolean('in_theatre_ticketing_only').notNull().default(false),
    isEmbargoed: boolean('is_embargoed'),
    isComingSoon: boolean('is_coming_soon'),
    visibilityDateTimeUtc: timestamp('visibility_date_time_utc', { withTimezone: true, mode: 'date' }),
    isDiscountMatineePriced: boolean('is_discount_matinee_priced').notNull().default(false),
    discountMatineeMessage: text('discount_matinee_message'),
    /** Per-showtime rule: seats beside sold or locked seats show BlockedForSocialDistance. */
    socialDistancing: boolean('social_distancing').notNull().default(false),
    languages: jsonb('languages').$type<Record<string, string>>().notNull().default({}),
    estimatedFees: jsonb('estimated_fees').$type<EstimatedFee[]>().notNull().default([]),
    lastUpdatedDateUtc: timestamp('last_updated_date_utc', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    index('showtimes_theatre_time_idx').on(t.theatreId, t.showDateTimeUtc),
    index('showtimes_movie_time_idx').on(t.movieId, t.showDateTimeUtc),
    index('showtimes_time_idx').on(t.showDateTimeUtc),
  ],
);

/** Display prices of a showtime per ticket type (ADULT, CHILD, SENIOR); orders price tickets from here. */
export const showtimeTicketPrices = pgTable(
  'showtime_ticket_prices',
  {
    showtimeId: integer('showtime_id')
      .notNull()
      .references(() => showtimes.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    tax: numeric('tax', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    sku: text('sku').notNull(),
    agePolicy: text('age_policy'),
  },
  (t) => [primaryKey({ columns: [t.showtimeId, t.type] })],
);

export const showtimeAttributes = pgTable(
  'showtime_attributes',
  {
    showtimeId: integer('showtime_id')
      .notNull()
      .references(() => showtimes.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
  },
  (t) => [primaryKey({ columns: [t.showtimeId, t.attributeId] }), index('showtime_attributes_attr_idx').on(t.attributeId)],
);
