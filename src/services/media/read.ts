import type { Db } from '../../../db/client';
import { notFound } from '../../errors';
import { pageWindow, toPage, type Page } from '../shared/paging';
import type { MediaFilters, MediaItemRow, ResourceRef } from './model';
import { mediaCount, mediaPage, resourceExists, resourceMediaWhere } from './store';

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
  const where = resourceMediaWhere(resource, filters);
  const window = pageWindow(page);
  const [rows, total] = await Promise.all([mediaPage(db, where, window), mediaCount(db, where)]);
  return toPage(rows, total, page);
}
