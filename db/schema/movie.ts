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

/** Media URLs of a movie, keyed as the spec spells them (posterDynamic, trailerHd, …). */
export type MovieMedia = Partial<Record<string, string>>;

export const movies = pgTable(
  'movies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    sortableName: text('sortable_name').notNull(),
    slug: text('slug').notNull().unique(),
    genre: text('genre').notNull(),
    mpaaRating: text('mpaa_rating').notNull(),
    vendorReleaseNumber: integer('vendor_release_number'),
    internalReleaseNumber: integer('internal_release_number'),
    runTime: integer('run_time').notNull(),
    score: numeric('score', { precision: 4, scale: 3, mode: 'number' }),
    synopsis: text('synopsis'),
    synopsisTagLine: text('synopsis_tag_line'),
    releaseDateUtc: timestamp('release_date_utc', { withTimezone: true, mode: 'date' }).notNull(),
    displayOnlineTicketAvailability: boolean('display_online_ticket_availability').notNull().default(true),
    onlineTicketAvailabilityDateUtc: timestamp('online_ticket_availability_date_utc', {
      withTimezone: true,
      mode: 'date',
    }),
    websiteUrl: text('website_url'),
    distributorId: integer('distributor_id'),
    distributorCode: text('distributor_code'),
    availableForAList: boolean('available_for_a_list').notNull().default(true),
    preferredMediaType: text('preferred_media_type').notNull().default('Theatrical'),
    externalDbId: text('external_db_id'),
    privateTheatreRentalTier: text('private_theatre_rental_tier'),
    media: jsonb('media').$type<MovieMedia>().notNull().default({}),
  },
  (t) => [index('movies_release_idx').on(t.releaseDateUtc), index('movies_genre_idx').on(t.genre)],
);

export const movieAttributes = pgTable(
  'movie_attributes',
  {
    movieId: integer('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
  },
  (t) => [primaryKey({ columns: [t.movieId, t.attributeId] })],
);

export const people = pgTable('people', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  biography: text('biography'),
  biographyUrl: text('biography_url'),
  profileImageUrl: text('profile_image_url'),
});

/** Cast and crew: `job` is Actor, Director, Producer or Writer; `role` is set for actors only. */
export const movieCredits = pgTable(
  'movie_credits',
  {
    id: serial('id').primaryKey(),
    movieId: integer('movie_id')
      .notNull()
      .references(() => movies.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id),
    job: text('job').notNull(),
    role: text('role'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('movie_credits_movie_idx').on(t.movieId), index('movie_credits_person_idx').on(t.personId)],
);
