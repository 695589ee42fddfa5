import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { layoutSeats, movies, showtimes, theatres } from '../../../db/schema';
import { preparedByKeys } from '../shared/prepared-reads';
import type { ShowtimeRecord } from './model';
import { showtimeRecordJson, showtimeRecordOf, takenSeats } from './query';

/**
 * Showtimes' SQL: every statement of the reads (read.ts, the loaders), each under its `// statement:
 * <name>` tag (a prepared statement's tag is its name); the lists (list.ts, read.ts) are read by the
 * read planner (src/read-planner/), the cancellation's statements are store-cancel.ts's. The fragments they
 * are built of (the record, conditions), which the read planner shares, are query.ts's.
 */

/** Showtimes' records (query.ts) from the showtime and the theatre and movie it names. */
function selectShowtimes(db: Db) {
  return db
    .select({ record: sql<string>`${showtimeRecordJson}::text` })
    .from(showtimes)
    .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId));
}

const recordsOf = (rows: readonly { record: string }[]): ShowtimeRecord[] => rows.map((row) => showtimeRecordOf(JSON.parse(row.record)));

/** Showtimes of the given ids (loaders reorder). */
export async function getShowtimesByIds(db: Db, ids: readonly number[]): Promise<ShowtimeRecord[]> {
  if (!ids.length) return [];
  // statement: showtimesByIds
  return recordsOf(await preparedByKeys(db, 'showtimesByIds', ids, (d, keyIn, name) => selectShowtimes(d).where(keyIn(showtimes.id)).prepare(name)));
}

/** The showtime of a theatre's performance number (the REST seating-layout route's key), or null. */
export async function getShowtimeByPerformance(
  db: Db,
  theatreId: number,
  performanceNumber: number,
): Promise<ShowtimeRecord | null> {
  // statement: getShowtimeByPerformance
  const rows = await selectShowtimes(db)
    .where(and(eq(showtimes.theatreId, theatreId), eq(showtimes.performanceNumber, performanceNumber)))
    .limit(1);
  return recordsOf(rows)[0] ?? null;
}

/** The active claims of each given showtime (the partial index of active claims answers it) and its layout version. */
export function takenOf(db: Db, showtimeIds: readonly number[]): Promise<{ showtimeId: number; layoutVersionId: number; taken: number }[]> {
  // statement: takenOf
  return preparedByKeys(db, 'takenOf', showtimeIds, (d, keyIn, name) =>
    d
      .select({
        showtimeId: showtimes.id,
        layoutVersionId: showtimes.layoutVersionId,
        taken: takenSeats.mapWith(Number),
      })
      .from(showtimes)
      .where(keyIn(showtimes.id))
      .prepare(name),
  );
}

/** The sellable seats (not aisles, not blocked) of each given layout version that has any. */
export function capacityOf(db: Db, layoutVersionIds: number[]): Promise<{ versionId: number; seats: number }[]> {
  // statement: capacityOf
  return preparedByKeys(db, 'capacityOf', layoutVersionIds, (d, keyIn, name) =>
    d
      .select({ versionId: layoutSeats.layoutVersionId, seats: count() })
      .from(layoutSeats)
      .where(and(keyIn(layoutSeats.layoutVersionId), notInArray(layoutSeats.type, ['NotASeat', 'Blocked'])))
      .groupBy(layoutSeats.layoutVersionId)
      .prepare(name),
  );
}
