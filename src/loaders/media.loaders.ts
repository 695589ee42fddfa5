import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  getMediaOfResources,
  getRenditionsOfMediaItems,
  type MediaItemRow,
  type RenditionRow,
  type ResourceRef,
} from '../services/media';
import { manyByKey } from './keyed';

const resourceKey = (r: ResourceRef) => `${r.type}:${r.key}`;

/** Media of resources (keyed by `{type, key}`) and renditions of media items (image sizes: reference.loaders). */
export function createMediaLoaders(db: Db) {
  return {
    mediaItemsByResource: new DataLoader<ResourceRef, MediaItemRow[], string>(
      async (refs) =>
        manyByKey(refs.map(resourceKey), await getMediaOfResources(db, refs), (m) =>
          resourceKey({ type: m.resourceType as ResourceRef['type'], key: m.resourceKey }),
        ),
      { cacheKeyFn: resourceKey },
    ),
    renditionsByMediaItemId: new DataLoader<number, RenditionRow[]>(async (ids) =>
      manyByKey(ids, await getRenditionsOfMediaItems(db, ids), (r) => r.mediaItemId),
    ),
  };
}
