import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { markets, theatres } from '../../../db/schema';
import { listOrderBy, type ListQuery } from '../shared/paging';
import { prepared, preparedByKeys } from '../shared/prepared-reads';
import type { MarketRow, TheatreRow } from './model';

/**
 * Theatres' and markets' SQL: every statement of the domain, each under its `// statement: <name>` tag
 * (a prepared statement's tag is its name). A list's page takes its `ListQuery` (read.ts, locations.ts
 * and markets.ts declare the lists, which the read planner reads too).
 */

type Window = { limit: number; offset: number };

/** One theatre, or null when the id is unknown. */
export async function getTheatre(db: Db, id: number): Promise<TheatreRow | null> {
  // statement: theatreById
  const [row] = await prepared(db, 'theatreById', (d) =>
    d.select().from(theatres).where(eq(theatres.id, sql.placeholder('id'))).prepare('theatreById'),
  ).execute({ id });
  return row ?? null;
}

/** Theatres of the given ids, in no particular order (loaders reorder). */
export async function getTheatresByIds(db: Db, ids: readonly number[]): Promise<TheatreRow[]> {
  if (!ids.length) return [];
  // statement: theatresByIds
  return preparedByKeys(db, 'theatresByIds', ids, (d, keyIn, name) => d.select().from(theatres).where(keyIn(theatres.id)).prepare(name));
}

/** Theatres of the given markets, by name. */
export async function getTheatresByMarketIds(db: Db, marketIds: readonly number[]): Promise<TheatreRow[]> {
  if (!marketIds.length) return [];
  // statement: theatresByMarketIds
  return db
    .select()
    .from(theatres)
    .where(inArray(theatres.marketId, [...marketIds]))
    .orderBy(asc(theatres.name), asc(theatres.id));
}

/** A window of a list of theatres (`theatreList`) and the list's count. */
export async function theatresWindow(db: Db, list: ListQuery, window: Window): Promise<{ rows: TheatreRow[]; total: number }> {
  const { where } = list;
  const [rows, [{ total }]] = await Promise.all([
    // statement: theatresPage
    db.select().from(theatres).where(where).orderBy(...listOrderBy(list)).limit(window.limit).offset(window.offset),
    // statement: theatresCount
    db.select({ total: count() }).from(theatres).where(where),
  ]);
  return { rows, total };
}

/** A window of theatres near a point (`nearList`) with each one's distance, and the list's count. */
export async function nearTheatresWindow(
  db: Db,
  list: ListQuery,
  window: Window,
): Promise<{ rows: { theatre: TheatreRow; distance: number }[]; total: number }> {
  const { where, values } = list;
  const [rows, [{ total }]] = await Promise.all([
    // statement: nearTheatresPage
    db
      .select({ theatre: theatres, distance: values!.distance.mapWith(Number) })
      .from(theatres)
      .where(where)
      .orderBy(...listOrderBy(list))
      .limit(window.limit)
      .offset(window.offset),
    // statement: nearTheatresCount
    db.select({ total: count() }).from(theatres).where(where),
  ]);
  return { rows, total };
}

/** A window of the markets (`marketList`) and their count. */
export async function marketsWindow(db: Db, list: ListQuery, window: Window): Promise<{ rows: MarketRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    // statement: marketsPage
    db.select().from(markets).where(list.where).orderBy(...listOrderBy(list)).limit(window.limit).offset(window.offset),
    // statement: marketsCount
    db.select({ total: count() }).from(markets).where(list.where),
  ]);
  return { rows, total };
}

/** Every market (few: the reference cache keeps them all). */
export async function listAllMarkets(db: Db): Promise<MarketRow[]> {
  // statement: allMarkets
  return db.select().from(markets).orderBy(asc(markets.id));
}
