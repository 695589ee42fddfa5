import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seatEventHeads, seatEvents } from '../../db/schema';

/**
 * Reads of the seat-event log for the relay and the fan-out. The log is written by the seating and
 * order services in their claim transactions (src/services/seating/seat-log.ts).
 */

/** One entry of a showtime's log, as the relay reads it. */
export interface SeatEvent {
  showtimeId: number;
  seq: number;
  seats: [number, number, string][];
  cause: string;
}

/** The last `seq` of a showtime's log (0 before its first event). */
export async function readHead(db: Db, showtimeId: number): Promise<number> {
  const [row] = await db
    .select({ seq: seatEventHeads.seq })
    .from(seatEventHeads)
    .where(eq(seatEventHeads.showtimeId, showtimeId));
  return row?.seq ?? 0;
}

/** Events of several showtimes after the given `seq` of each, in showtime and `seq` order. */
export async function readEventsAfter(db: Db, positions: ReadonlyMap<number, number>, limit: number): Promise<SeatEvent[]> {
  const ids = [...positions.keys()];
  const seqs = ids.map((id) => positions.get(id)!);
  type Row = { showtime_id: number; seq: string | number; seats: [number, number, string][]; cause: string };
  const rows = await db.execute<Row>(sql`
    select e.showtime_id, e.seq, e.seats, e.cause
    from unnest(${`{${ids.join(',')}}`}::int[], ${`{${seqs.join(',')}}`}::bigint[]) as w(showtime_id, seq)
    join seat_events e on e.showtime_id = w.showtime_id and e.seq > w.seq
    order by e.showtime_id, e.seq
    limit ${limit}`);
  return rowsOf<Row>(rows).map((r) => ({ showtimeId: r.showtime_id, seq: Number(r.seq), seats: r.seats, cause: r.cause }));
}

/** One showtime's events after `seq`, oldest first (at most `limit`). */
export async function readShowtimeEventsAfter(db: Db, showtimeId: number, seq: number, limit: number): Promise<SeatEvent[]> {
  return db
    .select({ showtimeId: seatEvents.showtimeId, seq: seatEvents.seq, seats: seatEvents.seats, cause: seatEvents.cause })
    .from(seatEvents)
    .where(and(eq(seatEvents.showtimeId, showtimeId), gt(seatEvents.seq, seq)))
    .orderBy(asc(seatEvents.seq))
    .limit(limit);
}

/** postgres.js returns the rows as the result; PGlite as `.rows`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
