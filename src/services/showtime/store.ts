import { and, count, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { layoutSeats, movies, showtimes, theatres } from '../../../db/schema';
import { preparedByKeys } from '../shared/prepared-reads';
import type { ShowtimeRecord } from './model';
import { showtimeColumns, takenSeats } from './query';

/**
 * Showtimes' SQL: every statement of the reads (read.ts, the loaders), each under its `// statement:
 * <name>` tag (a prepared statement's tag is its name); the lists (list.ts, read.ts) are paged by
 * `pageOfList` (src/services/shared/paging.ts), the cancellation's statements are store-cancel.ts's. The fragments they are built of (columns, record JSON, conditions), which the read
 * planner shares, are query.ts's.
 */

function selectShowtimes(db: Db) {
  return db
    .select(showtimeColumns)
    .from(showtimes)
    .innerJoin(theatres, eq(theatres.id, showtimes.theatreId))
    .innerJoin(movies, eq(movies.id, showtimes.movieId));
}

/** Showtimes of the given ids (loaders reorder). */
export async function getShowtimesByIds(db: Db, ids: readonly number[]): Promise<ShowtimeRecord[]> {
  if (!ids.length) return [];
  // statement: showtimesByIds
  return preparedByKeys(db, 'showtimesByIds', ids, (d, keyIn, name) =>
    selectShowtimes(d).where(keyIn(showtimes.id)).prepare(name),
  );
}

/** The showtime of a theatre's performance number (the REST seating-layout route's key), or null. */
export async function getShowtimeByPerformance(
  db: Db,
  theatreId: number,
  performanceNumber: number,
): Promise<ShowtimeRecord | null> {
  // statement: getShowtimeByPerformance
  const [row] = await selectShowtimes(db)
    .where(and(eq(showtimes.theatreId, theatreId), eq(showtimes.performanceNumber, performanceNumber)))
    .limit(1);
  return row ?? null;
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
