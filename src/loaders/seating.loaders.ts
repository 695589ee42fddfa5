import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seatBlocks, seatClaims } from '../../db/schema';

export type SeatClaimRow = Pick<typeof seatClaims.$inferSelect, 'showtimeId' | 'row' | 'column' | 'status' | 'orderId'>;
export type SeatBlockRow = typeof seatBlocks.$inferSelect;

function groupBy<T, K>(keys: readonly K[], rows: T[], keyOf: (row: T) => K): T[][] {
  const byKey = new Map<K, T[]>();
  for (const row of rows) {
    const k = keyOf(row);
    const list = byKey.get(k);
    if (list) list.push(row);
    else byKey.set(k, [row]);
  }
  return keys.map((k) => byKey.get(k) ?? []);
}

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
      return groupBy(ids, rows, (r) => r.showtimeId);
    }),
    blocksByShowtimeId: new DataLoader<number, SeatBlockRow[]>(async (ids) => {
      const rows = await db
        .select()
        .from(seatBlocks)
        .where(inArray(seatBlocks.showtimeId, [...ids]));
      return groupBy(ids, rows, (r) => r.showtimeId);
    }),
  };
}

export { groupBy };
