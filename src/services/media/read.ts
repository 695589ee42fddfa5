import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contentTypes, mediaItems } from '../../../db/schema';
import { notFound } from '../../errors';
import type { ListQuery } from '../shared/paging';
import type { MediaFilters, ResourceRef } from './model';
import { resourceExists, resourceMediaWhere } from './store';

/**
 * The active media of a resource, filtered by media type, content type and size, in sort order: the list
 * the read planner pages (GraphQL's `media`, REST's media of a resource). NOT_FOUND when the resource is
 * unknown (`resourceExists`).
 */
export async function mediaList(db: Db, resource: ResourceRef, filters: MediaFilters): Promise<ListQuery> {
  if (!(await resourceExists(db, resource))) throw notFound(resource.type, resource.key);
  return {
    table: mediaItems,
    joins: [{ table: contentTypes, on: eq(contentTypes.id, mediaItems.contentTypeId) }],
    where: resourceMediaWhere(resource, filters),
    order: [mediaItems.sortOrder, mediaItems.id],
  };
}
