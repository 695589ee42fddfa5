import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { getTheatresByIds, type TheatreRow } from '../services/theatre';
import { oneByKey } from './keyed';

/** Theatres by id (markets: reference.loaders). */
export function createTheatreLoaders(db: Db) {
  return {
    theatreById: new DataLoader<number, TheatreRow | null>(async (ids) =>
      oneByKey(ids, await getTheatresByIds(db, ids), (t) => t.id),
    ),
  };
}
