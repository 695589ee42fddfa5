import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import {
  getCurrentLayoutsOfTheatres,
  getLayoutSeats,
  getLayoutVersionsByIds,
  getLayoutZones,
  type LayoutSeatRow,
  type LayoutVersionRecord,
  type LayoutZoneRow,
} from '../services/seating';
import { immutableCacheFor } from '../services/shared/immutable-cache';
import { manyByKey, oneByKey } from './keyed';

/** Layout versions whose cells stay cached (≈ 250 cells each): a few MB for a busy chain's hot set. */
const LAYOUT_CACHE_VERSIONS = 2000;

/** Layout versions, their seats and zones; a theatre's current layouts (catalog reads: layout geometry). */
export function createLayoutLoaders(db: Db) {
  return {
    layoutVersionById: new DataLoader<number, LayoutVersionRecord | null>(async (ids) =>
      oneByKey(ids, await getLayoutVersionsByIds(db, ids), (v) => v.versionId),
    ),
    // Cells of a layout version never change (a change is a new version): cached across requests.
    layoutSeatsByVersionId: new DataLoader<number, LayoutSeatRow[]>(async (ids) =>
      immutableCacheFor<number, LayoutSeatRow[]>(db, 'layoutSeatsByVersionId', LAYOUT_CACHE_VERSIONS).loadMany(
        ids,
        async (missing) => manyByKey(missing, await getLayoutSeats(db, missing), (s) => s.layoutVersionId),
      ),
    ),
    layoutZonesByVersionId: new DataLoader<number, LayoutZoneRow[]>(async (ids) =>
      manyByKey(ids, await getLayoutZones(db, ids), (z) => z.layoutVersionId),
    ),
    currentLayoutsByTheatreId: new DataLoader<number, LayoutVersionRecord[]>(async (ids) =>
      manyByKey(ids, await getCurrentLayoutsOfTheatres(db, ids), (v) => v.theatreId),
    ),
  };
}
