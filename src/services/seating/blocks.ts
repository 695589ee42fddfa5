import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { layoutSeats, seatBlocks, showtimes } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { badInput, forbidden, notFound, unauthenticated } from '../../errors';
import { recordSeatChange, transactSeats } from './seat-log';
import { seatKey, type BlockKind } from './seat-status';

const BLOCK_KINDS: readonly BlockKind[] = ['Blocked', 'Unblocked', 'GAOverride'];

export interface SeatBlockInput {
  showtimeId: number;
  seats: { row: number; column: number }[];
}

function requireAdmin(principal: Principal): void {
  if (principal.accountId === null && principal.vendorId === null) throw unauthenticated('Seat blocks need an admin token');
  if (!principal.isAdmin) throw forbidden('Only an admin may block or unblock seats');
}

/** Validates the seats against the showtime's layout version (aisles cannot be blocked or sold). */
async function checkSeats(db: Db, input: SeatBlockInput): Promise<void> {
  if (input.seats.length === 0) throw badInput('seats must name at least one seat', 'seats');
  // statement: showtimeLayoutForBlocks
  const [st] = await db
    .select({ layoutVersionId: showtimes.layoutVersionId })
    .from(showtimes)
    .where(eq(showtimes.id, input.showtimeId));
  if (!st) throw notFound('Showtime', input.showtimeId);
  // statement: layoutCellsOfBlocks
  const cells = await db
    .select({ row: layoutSeats.row, column: layoutSeats.column, type: layoutSeats.type })
    .from(layoutSeats)
    .where(eq(layoutSeats.layoutVersionId, st.layoutVersionId));
  const sellable = new Set(cells.filter((c) => c.type !== 'NotASeat').map((c) => seatKey(c.row, c.column)));
  const bad = input.seats.filter((s) => !sellable.has(seatKey(s.row, s.column)));
  if (bad.length) {
    throw badInput(`seats: ${bad.map((s) => `(${s.row}, ${s.column})`).join(', ')} not a seat of showtime ${input.showtimeId}`, 'seats');
  }
}

/**
 * Sets a manual block of seats of one showtime (Blocked, Unblocked — a blocked seat type made sellable —
 * or GAOverride), replacing any earlier block of those seats. Admin only. The change and its seat event
 * commit together, so viewers see it live.
 */
export async function setSeatBlocks(db: Db, principal: Principal, input: SeatBlockInput & { kind: BlockKind }): Promise<void> {
  requireAdmin(principal);
  if (!BLOCK_KINDS.includes(input.kind)) throw badInput(`kind must be one of ${BLOCK_KINDS.join(', ')}`, 'kind');
  await checkSeats(db, input);
  await transactSeats(db, async (tx) => {
    // statement: upsertSeatBlocks
    await tx
      .insert(seatBlocks)
      .values(input.seats.map((s) => ({ showtimeId: input.showtimeId, row: s.row, column: s.column, kind: input.kind })))
      .onConflictDoUpdate({
        target: [seatBlocks.showtimeId, seatBlocks.row, seatBlocks.column],
        set: { kind: sql`excluded.kind`, createdAt: sql`now()` },
      });
    recordSeatChange(tx, input.showtimeId, input.seats, input.kind, 'block');
  });
}

/** Removes manual blocks of seats of one showtime (they return to their layout's status). Admin only. */
export async function clearSeatBlocks(db: Db, principal: Principal, input: SeatBlockInput): Promise<void> {
  requireAdmin(principal);
  await checkSeats(db, input);
  await transactSeats(db, async (tx) => {
    for (const s of input.seats) {
      // statement: deleteSeatBlocks
      await tx
        .delete(seatBlocks)
        .where(and(eq(seatBlocks.showtimeId, input.showtimeId), eq(seatBlocks.row, s.row), eq(seatBlocks.column, s.column)));
    }
    recordSeatChange(tx, input.showtimeId, input.seats, 'cleared', 'unblock');
  });
}
