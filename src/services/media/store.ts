import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attributes, concessionCategories, concessions, contentTypes, imageSizeTypes, mediaItems, movies, people, renditions, theatres } from '../../../db/schema';
import { rowIdOf } from '../../bounds';
import type { ContentTypeRow, ImageSizeTypeRow, MediaFilters, MediaItemRow, MediaTypeName, RenditionRow, ResourceRef } from './model';

/** Media's SQL: every statement of the domain, each under its `// statement: <name>` tag. */

const sizeColumns = { ...getTableColumns(imageSizeTypes), contentType: contentTypes.name };
const mediaColumns = { ...getTableColumns(mediaItems), contentType: contentTypes.name, mediaType: contentTypes.mediaType };
const mediaOrder = [asc(mediaItems.sortOrder), asc(mediaItems.id)];

/** Content types, optionally of one media type, by name. */
export async function listContentTypes(db: Db, mediaType?: MediaTypeName | null): Promise<ContentTypeRow[]> {
  // statement: listContentTypes
  return db
    .select()
    .from(contentTypes)
    .where(mediaType ? eq(contentTypes.mediaType, mediaType) : undefined)
    .orderBy(asc(contentTypes.id));
}

/** Image size types, of one content type (by name) when given; an unknown name gives an empty list. */
export async function listImageSizes(db: Db, contentType?: string | null): Promise<ImageSizeTypeRow[]> {
  // statement: listImageSizes
  return db
    .select(sizeColumns)
    .from(imageSizeTypes)
    .innerJoin(contentTypes, eq(contentTypes.id, imageSizeTypes.contentTypeId))
    .where(contentType ? eq(contentTypes.name, contentType) : undefined)
    .orderBy(asc(imageSizeTypes.contentTypeId), asc(imageSizeTypes.width), asc(imageSizeTypes.id));
}

/** One media item (of the media type when given), or null. */
export async function getMediaItem(db: Db, id: number, mediaType?: MediaTypeName | null): Promise<MediaItemRow | null> {
  // statement: getMediaItem
  const [row] = await db
    .select(mediaColumns)
    .from(mediaItems)
    .innerJoin(contentTypes, eq(contentTypes.id, mediaItems.contentTypeId))
    .where(and(eq(mediaItems.id, id), mediaType ? eq(contentTypes.mediaType, mediaType) : undefined));
  return row ?? null;
}

/**
 * Whether the resource exists (the spec: "a resourceId that does not exist gives 404"): a theatre,
 * movie or person by id, an attribute by code, a product (`products`, a concession's id) or product
 * category by id; a promotion has no table of its own and exists when media were ever published for it
 * (active or not).
 */
export async function resourceExists(db: Db, resource: ResourceRef): Promise<boolean> {
  // A key that cannot be an int4 id matches no row (and must not reach SQL as one).
  const id = rowIdOf(resource.key);
  const numeric = async (query: Promise<unknown[]>) => (await query).length > 0;
  // statement: resourceExists (one of its kind's, by the resource's type)
  switch (resource.type) {
    case 'theatre':
      return id !== null && numeric(db.select({ id: theatres.id }).from(theatres).where(eq(theatres.id, id)));
    case 'movie':
      return id !== null && numeric(db.select({ id: movies.id }).from(movies).where(eq(movies.id, id)));
    case 'person':
      return id !== null && numeric(db.select({ id: people.id }).from(people).where(eq(people.id, id)));
    case 'product':
      return id !== null && numeric(db.select({ id: concessions.id }).from(concessions).where(eq(concessions.id, id)));
    case 'product-category':
      return id !== null && numeric(db.select({ id: concessionCategories.id }).from(concessionCategories).where(eq(concessionCategories.id, id)));
    case 'attribute':
      return numeric(db.select({ id: attributes.id }).from(attributes).where(eq(attributes.code, resource.key)));
    case 'promotion':
      return numeric(
        db
          .select({ id: mediaItems.id })
          .from(mediaItems)
          .where(and(eq(mediaItems.resourceType, 'promotion'), eq(mediaItems.resourceKey, resource.key)))
          .limit(1),
      );
  }
}

function mediaConditions(filters: MediaFilters): SQL[] {
  const conditions: SQL[] = [eq(mediaItems.isActive, true)];
  if (filters.mediaType) conditions.push(eq(contentTypes.mediaType, filters.mediaType));
  if (filters.contentType) conditions.push(eq(contentTypes.name, filters.contentType));
  if (filters.size) {
    conditions.push(
      sql`exists (select 1 from ${renditions} where ${renditions.mediaItemId} = ${mediaItems.id}
        and ${renditions.isActive} and ${renditions.size} = ${filters.size})`,
    );
  }
  return conditions;
}

/** The conditions of a resource's active media under the filters (`mediaPage`, `mediaCount`). */
export function resourceMediaWhere(resource: ResourceRef, filters: MediaFilters): SQL | undefined {
  return and(eq(mediaItems.resourceType, resource.type), eq(mediaItems.resourceKey, resource.key), ...mediaConditions(filters));
}

/** A window of the media matching `where`, in sort order. */
export function mediaPage(db: Db, where: SQL | undefined, window: { limit: number; offset: number }): Promise<MediaItemRow[]> {
  // statement: mediaPage
  return db
    .select(mediaColumns)
    .from(mediaItems)
    .innerJoin(contentTypes, eq(contentTypes.id, mediaItems.contentTypeId))
    .where(where)
    .orderBy(...mediaOrder)
    .limit(window.limit)
    .offset(window.offset);
}

/** How many media match `where`. */
export async function mediaCount(db: Db, where: SQL | undefined): Promise<number> {
  // statement: mediaCount
  const [{ total }] = await db
    .select({ total: count() })
    .from(mediaItems)
    .innerJoin(contentTypes, eq(contentTypes.id, mediaItems.contentTypeId))
    .where(where);
  return total;
}

/** Active renditions of the given media items, smallest first. */
export async function getRenditionsOfMediaItems(db: Db, mediaItemIds: readonly number[]): Promise<RenditionRow[]> {
  if (!mediaItemIds.length) return [];
  // statement: getRenditionsOfMediaItems
  return db
    .select()
    .from(renditions)
    .where(and(inArray(renditions.mediaItemId, [...mediaItemIds]), eq(renditions.isActive, true)))
    .orderBy(asc(renditions.mediaItemId), asc(renditions.width), asc(renditions.id));
}
