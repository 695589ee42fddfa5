import { sql, type SQL } from 'drizzle-orm';
import { sharedDb, type Db, type DbOrTx } from '../../../db/client';

/** A seat's new state in the log: a claim state, a block kind, or `unblocked` (block removed). */
export type SeatEventState = 'held' | 'sold' | 'released' | 'expired' | 'refunded' | 'Blocked' | 'Unblocked' | 'GAOverride' | 'cleared';
export type SeatEventCause = 'hold' | 'release' | 'cancel' | 'expiry' | 'sale' | 'refund' | 'block' | 'unblock';

/**
 * The seat-event log (design.md, Real time), written inside the claim transactions of the seating and
 * order services: a rolled-back change is never announced. The relay (src/realtime/relay.ts) reads it.
 */

type Pending = Map<number, { seats: [number, number, string][]; causes: Set<string> }>;
const pendingOf = new WeakMap<object, Pending>();

/**
 * Notes that seats of a showtime changed in transaction `tx`. Nothing is written yet: the transaction's
 * changes go to the log in one statement at its end (`transactSeats`), so the per-showtime head row is
 * locked only from there to the commit.
 */
export function recordSeatChange(
  tx: DbOrTx,
  showtimeId: number,
  seats: readonly { row: number; column: number }[],
  state: SeatEventState,
  cause: SeatEventCause,
): void {
  if (seats.length === 0) return;
  let pending = pendingOf.get(tx);
  if (!pending) pendingOf.set(tx, (pending = new Map()));
  let entry = pending.get(showtimeId);
  if (!entry) pending.set(showtimeId, (entry = { seats: [], causes: new Set() }));
  for (const s of seats) entry.seats.push([s.row, s.column, state]);
  entry.causes.add(cause);
}

/** `recordSeatChange` for claim rows of several showtimes that changed together. */
export function recordClaimChanges(
  tx: DbOrTx,
  claims: readonly { showtimeId: number; row: number; column: number }[],
  state: SeatEventState,
  cause: SeatEventCause,
): void {
  for (const c of claims) recordSeatChange(tx, c.showtimeId, [c], state, cause);
}

/**
 * Appends what `tx` recorded to the log: one event per showtime, numbered from its head, in one
 * statement. Returns the showtimes written.
 */
async function flushSeatEvents(tx: DbOrTx): Promise<number[]> {
  const pending = pendingOf.get(tx);
  if (!pending || pending.size === 0) return [];
  pendingOf.delete(tx);
  const ids = [...pending.keys()].sort((a, b) => a - b);
  const seats = ids.map((id) => JSON.stringify(pending.get(id)!.seats));
  const causes = ids.map((id) => [...pending.get(id)!.causes].join(','));
  // Heads are bumped in showtime order, so two transactions touching the same showtimes cannot deadlock.
  // statement: appendRecordedSeatEvents
  await tx.execute(sql`
    with input as (
      select * from unnest(${`{${ids.join(',')}}`}::int[], ${pgTextArray(seats)}::jsonb[], ${pgTextArray(causes)}::text[])
        as i(showtime_id, seats, cause)
    ), heads as (
      insert into seat_event_heads (showtime_id, seq)
      select showtime_id, 1 from input order by showtime_id
      on conflict (showtime_id) do update set seq = seat_event_heads.seq + 1
      returning showtime_id, seq
    )
    insert into seat_events (showtime_id, seq, seats, cause)
    select h.showtime_id, h.seq, i.seats, i.cause from heads h join input i using (showtime_id)`);
  return ids;
}

/**
 * CTEs (to follow other CTEs of a write statement: `, seat_log_input as …`) that append to the log the
 * seats the CTE `source` (columns `showtime_id`, `row`, `column`) returns, as `state` by `cause`: one
 * event per showtime, heads bumped in showtime order as in `flushSeatEvents`. The aggregate over
 * `source` completes it (and any wait of its rows on racing transactions) before a head is locked, so
 * the head is held only from the end of the statement to the commit. CTE `seat_log` returns the
 * showtimes written: pass them to `markSeatEventsWritten`. For hot paths that write their claims and
 * the log in one statement; the transaction must still run in `transactSeats`.
 */
export function appendSeatEventsFrom(source: 'claimed' | 'released' | 'expired' | 'sold', state: SeatEventState, cause: SeatEventCause): SQL {
  // statement: appendSeatEventsFrom (a CTE other statements end with)
  return sql`, seat_log_input as (
      select showtime_id, jsonb_agg(jsonb_build_array("row", "column", ${state}::text) order by "row", "column") as seats
      from ${sql.raw(source)} group by showtime_id
    ), seat_log_heads as (
      insert into seat_event_heads (showtime_id, seq)
      select showtime_id, 1 from seat_log_input order by showtime_id
      on conflict (showtime_id) do update set seq = seat_event_heads.seq + 1
      returning showtime_id, seq
    ), seat_log as (
      insert into seat_events (showtime_id, seq, seats, cause)
      select h.showtime_id, h.seq, i.seats, ${cause}::text from seat_log_heads h join seat_log_input i using (showtime_id)
      returning showtime_id
    )`;
}

const writtenBy = new WeakMap<object, Set<number>>();

/** Notes showtimes whose events `tx` wrote itself (`appendSeatEventsFrom`), so the relay is woken after the commit. */
export function markSeatEventsWritten(tx: DbOrTx, showtimeIds: readonly number[]): void {
  if (showtimeIds.length === 0) return;
  let set = writtenBy.get(tx);
  if (!set) writtenBy.set(tx, (set = new Set()));
  for (const id of showtimeIds) set.add(id);
}

/** A Postgres array literal of text values (each quoted, quotes and backslashes escaped). */
function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

type CommitListener = (showtimeIds: number[]) => void;
const listeners = new WeakMap<object, Set<CommitListener>>();

/** Calls `listener` after every commit through `db` that wrote seat events (the relay's wake-up). */
export function onSeatEventsCommitted(db: Db, listener: CommitListener): () => void {
  let set = listeners.get(sharedDb(db));
  if (!set) listeners.set(sharedDb(db), (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * After a commit through `db` that wrote seat events of `showtimeIds` by itself (not in `transactSeats`:
 * the order services' pipelined transactions, db/prepared.ts), wakes this instance's relay as
 * `transactSeats` does.
 */
export function announceSeatEvents(db: Db, showtimeIds: readonly number[]): void {
  if (showtimeIds.length === 0) return;
  for (const listener of listeners.get(sharedDb(db)) ?? []) listener([...showtimeIds]);
}

/**
 * Runs `fn` in one transaction and writes the seat changes it recorded at its end; after the commit,
 * wakes this instance's relay. Every claim or block change goes through here.
 */
export async function transactSeats<T>(db: Db, fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
  let written: number[] = [];
  const result = await db.transaction(async (tx) => {
    const value = await fn(tx);
    written = await flushSeatEvents(tx);
    const marked = writtenBy.get(tx);
    if (marked) written = [...new Set([...written, ...marked])];
    return value;
  });
  if (written.length > 0) for (const listener of listeners.get(sharedDb(db)) ?? []) listener(written);
  return result;
}

/**
 * Deletes events older than `retentionMs`, at most `batch` at once. Rows another instance is deleting
 * are skipped, so any number of instances can run it.
 */
export async function pruneSeatEvents(db: Db, retentionMs: number, batch = 5000): Promise<number> {
  // statement: pruneSeatEvents
  const deleted = await db.execute(sql`
    delete from seat_events where (showtime_id, seq) in (
      select showtime_id, seq from seat_events
      where created_at < clock_timestamp() - ${retentionMs} * interval '1 millisecond'
      limit ${batch} for update skip locked)
    returning 1`);
  return rowsOf(deleted).length;
}

/** postgres.js returns the rows as the result; PGlite as `.rows`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
