import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getTheatresByIds, getTheatresByMarketIds, type TheatreRow } from '../services/theatre';
import { manyByKey, oneByKey } from './keyed';

/** Theatres by id and by market (markets: reference.loaders). */
export function createTheatreLoaders(db: Db) {
  return {
    theatreById: new DataLoader<number, TheatreRow | null>(async (ids) =>
      oneByKey(ids, await getTheatresByIds(db, ids), (t) => t.id),
    ),
    theatresByMarketId: new DataLoader<number, TheatreRow[]>(async (ids) =>
      manyByKey(ids, await getTheatresByMarketIds(db, ids), (t) => t.marketId),
    ),
  };
}
