import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { refundReasons } from '../../../db/schema';

export type RefundReasonRow = typeof refundReasons.$inferSelect;

/** All refund reasons, grouped by type in the spec's order. */
export async function listRefundReasons(db: Db): Promise<RefundReasonRow[]> {
  return db.select().from(refundReasons).orderBy(asc(refundReasons.id));
}
