import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attributes, concessionCategories, concessions, contentTypes, imageSizeTypes, mediaItems, movies, people, renditions, theatres } from '../../../db/schema';
import { rowIdOf } from '../../bounds';
import type { ContentTypeRow, ImageSizeTypeRow, MediaFilters, MediaTypeName, ResourceRef } from './model';

/** Media's SQL: every statement of the domain, each under its `// statement: <name>` tag. */

const sizeColumns = { ...getTableColumns(imageSizeTypes), contentType: contentTypes.name };

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

/** The conditions of a resource's active media under the filters (read.ts `mediaList`). */
export function resourceMediaWhere(resource: ResourceRef, filters: MediaFilters): SQL | undefined {
  return and(eq(mediaItems.resourceType, resource.type), eq(mediaItems.resourceKey, resource.key), ...mediaConditions(filters));
}
