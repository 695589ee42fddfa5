import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getRenditionsOfMediaItems, type RenditionRow } from '../services/media';
import { manyByKey } from './keyed';

/** Renditions of media items (image sizes: reference.loaders). */
export function createMediaLoaders(db: Db) {
  return {
    renditionsByMediaItemId: new DataLoader<number, RenditionRow[]>(async (ids) =>
      manyByKey(ids, await getRenditionsOfMediaItems(db, ids), (r) => r.mediaItemId),
    ),
  };
}
