import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seatBlocks, seatClaims } from '../../db/schema';
import { resolveViewer, type MembershipKey, type Viewer } from '../services/seating';
import { manyByKey } from './keyed';

export type SeatClaimRow = Pick<typeof seatClaims.$inferSelect, 'showtimeId' | 'row' | 'column' | 'status' | 'orderId'>;
export type SeatBlockRow = typeof seatBlocks.$inferSelect;

/**
 * Claims (every status: history matters for the premiere transition) and blocks per showtime, and the
 * seat maps' viewers (their loyalty membership): read on the primary (src/loaders/index.ts).
 */
export function createSeatingLoaders(db: Db) {
  return {
    claimsByShowtimeId: new DataLoader<number, SeatClaimRow[]>(async (ids) => {
      const rows = await db
        .select({
          showtimeId: seatClaims.showtimeId,
          row: seatClaims.row,
          column: seatClaims.column,
          status: seatClaims.status,
          orderId: seatClaims.orderId,
        })
        .from(seatClaims)
        .where(inArray(seatClaims.showtimeId, [...ids]));
      return manyByKey(ids, rows, (r) => r.showtimeId);
    }),
    blocksByShowtimeId: new DataLoader<number, SeatBlockRow[]>(async (ids) => {
      const rows = await db
        .select()
        .from(seatBlocks)
        .where(inArray(seatBlocks.showtimeId, [...ids]));
      return manyByKey(ids, rows, (r) => r.showtimeId);
    }),
    /**
     * The viewer of seat maps for the membership arguments. Keys come from query arguments, not rows,
     * so a request has one or two distinct keys however many showtimes it maps.
     */
    viewerByMembership: new DataLoader<MembershipKey, Viewer, string>(
      (keys) => Promise.all(keys.map((k) => resolveViewer(db, k))),
      { cacheKeyFn: (k) => JSON.stringify([k.accountId ?? null, k.loyaltyCardNumber ?? null, k.cardOwnerAccountId ?? null]) },
    ),
  };
}
