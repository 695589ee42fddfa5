import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** The spec's content types (Poster, MovieStill, Trailer, …); `mediaType` is image or video. */
export const contentTypes = pgTable('content_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  mediaType: text('media_type').notNull(),
  allowMultipleMedia: boolean('allow_multiple_media').notNull(),
});

/** Image sizes per content type (Thumb 100x150, Standard 200x300, …) exactly as the spec shows. */
export const imageSizeTypes = pgTable(
  'image_size_types',
  {
    id: serial('id').primaryKey(),
    contentTypeId: integer('content_type_id')
      .notNull()
      .references(() => contentTypes.id),
    name: text('name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    resizeMode: text('resize_mode').notNull().default('crop'),
  },
  (t) => [unique('image_size_types_ct_name_uq').on(t.contentTypeId, t.name)],
);

/**
 * A media item of a resource. `resourceType` is theatre, movie, attribute, person, promotion, product or
 * product-category; `resourceKey` is the resource id as text (the code, for attributes).
 */
export const mediaItems = pgTable(
  'media_items',
  {
    id: serial('id').primaryKey(),
    resourceType: text('resource_type').notNull(),
    resourceKey: text('resource_key').notNull(),
    contentTypeId: integer('content_type_id')
      .notNull()
      .references(() => contentTypes.id),
    externalId: text('external_id'),
    name: text('name').notNull(),
    shortDescription: text('short_description'),
    longDescription: text('long_description'),
    imageUrl: text('image_url'),
    stillImageUrl: text('still_image_url'),
    thumbnailUrl: text('thumbnail_url'),
    videoUrl: text('video_url'),
    relatedLinkDisplayText: text('related_link_display_text'),
    relatedLinkUrl: text('related_link_url'),
    tags: text('tags'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    effectiveStartDate: timestamp('effective_start_date', { withTimezone: true, mode: 'date' }),
    effectiveEndDate: timestamp('effective_end_date', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('media_items_resource_idx').on(t.resourceType, t.resourceKey)],
);

/** A rendition of a media item at one size (`size` is the image size name, e.g. Thumb). */
export const renditions = pgTable(
  'renditions',
  {
    id: serial('id').primaryKey(),
    mediaItemId: integer('media_item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    size: text('size').notNull(),
    url: text('url').notNull(),
    width: integer('width'),
    height: integer('height'),
    bitRate: integer('bit_rate'),
    bytes: integer('bytes'),
    duration: integer('duration'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('renditions_media_idx').on(t.mediaItemId)],
);
