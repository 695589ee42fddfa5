import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const attributeGroups = pgTable('attribute_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
});

/** Image URLs of an attribute, keyed as the spec spells them (LogoDynamic, IconDynamic, …). */
export type AttributeMedia = Partial<
  Record<
    | 'LogoDynamic'
    | 'HeroDesktopDynamic'
    | 'HeroMobileDynamic'
    | 'BackgroundMobileDynamicUrl'
    | 'BackgroundDesktopDynamicUrl'
    | 'IconDynamic',
    string
  >
>;

/** A filterable label of movies, theatres and showtimes; `code` is what include/exclude filters take. */
export const attributes = pgTable('attributes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation'),
  shortDescription: text('short_description'),
  longDescription: text('long_description'),
  appliesToTheatre: boolean('applies_to_theatre').notNull().default(false),
  appliesToShowtime: boolean('applies_to_showtime').notNull().default(false),
  appliesToMovie: boolean('applies_to_movie').notNull().default(false),
  url: text('url'),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Marks premium formats (IMAX, Dolby, …): a showtime's `premiumFormat` is the name of its first such attribute. */
  isPremiumFormat: boolean('is_premium_format').notNull().default(false),
  groupId: integer('group_id').references(() => attributeGroups.id),
  media: jsonb('media').$type<AttributeMedia>().notNull().default({}),
}, (t) => [index('attributes_group_idx').on(t.groupId)]);
