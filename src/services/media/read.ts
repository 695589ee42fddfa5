import { and, asc, count, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attributes, concessionCategories, concessions, contentTypes, imageSizeTypes, mediaItems, movies, people, renditions, theatres } from '../../../db/schema';
import { rowIdOf } from '../../bounds';
import { notFound } from '../../errors';
import { pageWindow, toPage, type Page } from '../shared/paging';

export type MediaTypeName = 'image' | 'video';
/** Resource types as stored in `media_items.resource_type` (the spec's route words). */
export type ResourceTypeName = 'theatre' | 'movie' | 'attribute' | 'person' | 'promotion' | 'product' | 'product-category';

export type ContentTypeRow = typeof contentTypes.$inferSelect;
export type ImageSizeTypeRow = typeof imageSizeTypes.$inferSelect & { contentType: string };
export type RenditionRow = typeof renditions.$inferSelect;
/** A media item with its content type's name and media type. */
export type MediaItemRow = typeof mediaItems.$inferSelect & { contentType: string; mediaType: string };

/** A resource that media hang off: `key` is the id as text, or the code for attributes. */
export interface ResourceRef {
  type: ResourceTypeName;
  key: string;
}

export interface MediaFilters {
  mediaType?: MediaTypeName | null;
  /** Content type name (Poster, Interior, …). */
  contentType?: string | null;
  /** Image size name: keeps only items with an active rendition of that size. */
  size?: string | null;
}

const sizeColumns = { ...getTableColumns(imageSizeTypes), contentType: contentTypes.name };
const mediaColumns = { ...getTableColumns(mediaItems), contentType: contentTypes.name, mediaType: contentTypes.mediaType };
const mediaOrder = [asc(mediaItems.sortOrder), asc(mediaItems.id)];

/** Content types, optionally of one media type, by name. */
export async function listContentTypes(db: Db, mediaType?: MediaTypeName | null): Promise<ContentTypeRow[]> {
  return db
    .select()
    .from(contentTypes)
    .where(mediaType ? eq(contentTypes.mediaType, mediaType) : undefined)
    .orderBy(asc(contentTypes.id));
}

/** Image size types, of one content type (by name) when given; an unknown name gives an empty list. */
export async function listImageSizes(db: Db, contentType?: string | null): Promise<ImageSizeTypeRow[]> {
  return db
    .select(sizeColumns)
    .from(imageSizeTypes)
    .innerJoin(contentTypes, eq(contentTypes.id, imageSizeTypes.contentTypeId))
    .where(contentType ? eq(contentTypes.name, contentType) : undefined)
    .orderBy(asc(imageSizeTypes.contentTypeId), asc(imageSizeTypes.width), asc(imageSizeTypes.id));
}

/** One media item (of the media type when given), or null. */
export async function getMediaItem(db: Db, id: number, mediaType?: MediaTypeName | null): Promise<MediaItemRow | null> {
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

/**
 * A page of the active media of a resource, filtered by media type, content type and size, in sort
 * order. Throws NOT_FOUND when the resource is unknown (`resourceExists`).
 */
export async function listMedia(
  db: Db,
  resource: ResourceRef,
  filters: MediaFilters,
  page: { pageNumber: number; pageSize: number },
): Promise<Page<MediaItemRow>> {
  if (!(await resourceExists(db, resource))) throw notFound(resource.type, resource.key);
  const where = and(
    eq(mediaItems.resourceType, resource.type),
    eq(mediaItems.resourceKey, resource.key),
    ...mediaConditions(filters),
  );
  const { limit, offset } = pageWindow(page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(mediaColumns)
      .from(mediaItems)
      .innerJoin(contentTypes, eq(contentTypes.id, mediaItems.contentTypeId))
      .where(where)
      .orderBy(...mediaOrder)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(mediaItems)
      .innerJoin(contentTypes, eq(contentTypes.id, mediaItems.contentTypeId))
      .where(where),
  ]);
  return toPage(rows, total, page);
}

/** Active media of several resources at once (one statement), in sort order. */
export async function getMediaOfResources(db: Db, resources: readonly ResourceRef[]): Promise<MediaItemRow[]> {
  if (!resources.length) return [];
  const keysByType = new Map<ResourceTypeName, string[]>();
  for (const r of resources) keysByType.set(r.type, [...(keysByType.get(r.type) ?? []), r.key]);
  const byResource = [...keysByType].map(([type, keys]) =>
    and(eq(mediaItems.resourceType, type), inArray(mediaItems.resourceKey, keys)),
  );
  return db
    .select(mediaColumns)
    .from(mediaItems)
    .innerJoin(contentTypes, eq(contentTypes.id, mediaItems.contentTypeId))
    .where(and(eq(mediaItems.isActive, true), or(...byResource)))
    .orderBy(...mediaOrder);
}

/** Active renditions of the given media items, smallest first. */
export async function getRenditionsOfMediaItems(db: Db, mediaItemIds: readonly number[]): Promise<RenditionRow[]> {
  if (!mediaItemIds.length) return [];
  return db
    .select()
    .from(renditions)
    .where(and(inArray(renditions.mediaItemId, [...mediaItemIds]), eq(renditions.isActive, true)))
    .orderBy(asc(renditions.mediaItemId), asc(renditions.width), asc(renditions.id));
}
