import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { markets, theatres } from '../../../db/schema';
import { preparedByKeys } from '../shared/prepared-reads';
import type { MarketRow, TheatreRow } from './model';

/**
 * Theatres' and markets' SQL: every statement of the domain, each under its `// statement: <name>` tag
 * (a prepared statement's tag is its name). The lists (read.ts, locations.ts and markets.ts declare
 * them) are read by the read planner (src/read-planner/).
 */

/** Theatres of the given ids, in no particular order (loaders reorder). */
export async function getTheatresByIds(db: Db, ids: readonly number[]): Promise<TheatreRow[]> {
  if (!ids.length) return [];
  // statement: theatresByIds
  return preparedByKeys(db, 'theatresByIds', ids, (d, keyIn, name) => d.select().from(theatres).where(keyIn(theatres.id)).prepare(name));
}

/** Every market (few: the reference cache keeps them all). */
export async function listAllMarkets(db: Db): Promise<MarketRow[]> {
  // statement: allMarkets
  return db.select().from(markets).orderBy(asc(markets.id));
}
