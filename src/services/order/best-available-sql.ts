import { sql, type SQL } from 'drizzle-orm';
import { orderFactsColumns, orderFactsJoins } from './hold-sql';
import type { TicketType } from './model';

/**
 * The reads of a best-available hold (best-available.ts); the write is the explicit hold's own
 * (`insertHoldStatement`). Both are prepared statements.
 */

/**
 * One statement: the order row `FOR UPDATE` with the facts of `lockForHold` (the showtime, its price, its
 * `is_canceled` under `FOR KEY SHARE`, the membership), then the showtime's hold lock — the transaction-scoped
 * advisory lock (`lockKey`, showtimeId) that explicit holds under social distancing take too — so that
 * allocations of one showtime run one after the other, from here to their commit.
 *
 * The order is locked in a CTE so that the advisory lock is taken after it (the outer select list is
 * evaluated on the row the CTE locked): the same order as an explicit hold, which locks the order and then
 * the showtime. No row (and no showtime lock) when the order does not exist.
 */
export function lockForAllocationStatement(orderId: number, showtimeId: number, ticketType: TicketType, lockKey: number): SQL {
  return sql`/* lockForAllocation */
    with o as materialized (
      select id, vendor_id, site_account_id, status, expires_at, loyalty_card_number from orders where id = ${orderId} for update
    )
    select ${orderFactsColumns(showtimeId)},
      pg_advisory_xact_lock(${lockKey}::int, ${showtimeId}::int)::text as serialized
    from o
    ${orderFactsJoins(showtimeId, ticketType)}`;
}

/** What `showtimeSeatsStatement` returns. */
export interface ShowtimeSeatRows {
  claims: [number, number, string][];
  blocks: [number, number, string][];
}

/**
 * The active claims (held, sold) and the blocks of the whole showtime. Sent right behind
 * `lockForAllocationStatement`: a statement's snapshot is taken when it starts, so this one, which starts
 * once the showtime lock is granted, sees every claim an earlier allocation committed. Released and
 * expired claims are history (a busy showtime gathers thousands) and are not read, as in `lockForHold`:
 * the partial unique index on active claims answers this.
 */
export const showtimeSeatsStatement = (showtimeId: number): SQL => sql`/* showtimeSeats */
  select
    (select coalesce(json_agg(json_build_array(c."row", c."column", c.status)), '[]'::json) from seat_claims c
     where c.showtime_id = ${showtimeId}::int and c.status in ('held', 'sold')) as claims,
    (select coalesce(json_agg(json_build_array(b."row", b."column", b.kind)), '[]'::json) from seat_blocks b
     where b.showtime_id = ${showtimeId}::int) as blocks`;
