import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The Postgres channel of seat events; every instance LISTENs on it once. */
export const SEAT_EVENTS_CHANNEL = 'seat_events';

/** NOTIFY payloads must stay under 8000 bytes; a seat is at most ~12 bytes here. */
const SEATS_PER_NOTIFY = 300;

/** The wire form of a seat event: small, so that it fits a NOTIFY; statuses are computed by receivers. */
export interface SeatEventPayload {
  showtimeId: number;
  /** Changed seats as [row, column] pairs. */
  seats: [number, number][];
}

/**
 * Announces that seats of a showtime changed (held, released, expired, sold, refunded, blocked).
 * Call it inside the transaction that makes the change: Postgres delivers a NOTIFY only on commit,
 * so a rolled-back change is never announced, and every instance hears it.
 */
export async function publishSeatChange(
  tx: DbOrTx,
  showtimeId: number,
  seats: readonly { row: number; column: number }[],
): Promise<void> {
  for (let i = 0; i < seats.length; i += SEATS_PER_NOTIFY) {
    const payload: SeatEventPayload = {
      showtimeId,
      seats: seats.slice(i, i + SEATS_PER_NOTIFY).map((s) => [s.row, s.column]),
    };
    await tx.execute(sql`select pg_notify(${SEAT_EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
  }
}

/** Publishes one event per showtime for claim rows that changed together. */
export async function publishClaimChanges(
  tx: DbOrTx,
  claims: readonly { showtimeId: number; row: number; column: number }[],
): Promise<void> {
  const byShowtime = new Map<number, { row: number; column: number }[]>();
  for (const c of claims) {
    const list = byShowtime.get(c.showtimeId) ?? [];
    list.push(c);
    byShowtime.set(c.showtimeId, list);
  }
  for (const [showtimeId, seats] of byShowtime) await publishSeatChange(tx, showtimeId, seats);
}

/** Parses a NOTIFY payload; null for anything malformed (never trust the wire). */
export function parseSeatEvent(raw: string): SeatEventPayload | null {
  try {
    const v = JSON.parse(raw) as SeatEventPayload;
    if (!Number.isInteger(v.showtimeId) || !Array.isArray(v.seats)) return null;
    const seats = v.seats.filter(
      (s): s is [number, number] => Array.isArray(s) && Number.isInteger(s[0]) && Number.isInteger(s[1]),
    );
    return { showtimeId: v.showtimeId, seats };
  } catch {
    return null;
  }
}
