import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seatBlocks, seatClaims } from '../../db/schema';
import { manyByKey } from './keyed';

export type SeatClaimRow = Pick<typeof seatClaims.$inferSelect, 'showtimeId' | 'row' | 'column' | 'status' | 'orderId'>;
export type SeatBlockRow = typeof seatBlocks.$inferSelect;

/** Claims (every status: history matters for the premiere transition) and blocks per showtime. */
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
  };
}

