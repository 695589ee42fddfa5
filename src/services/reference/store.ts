import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { refundReasons } from '../../../db/schema';

/**
 * Reference data's SQL (refund reasons), each statement under its `// statement: <name>` tag. The domain
 * has one row type and no logic of its own, so its type stands here and it has no model.ts.
 */

export type RefundReasonRow = typeof refundReasons.$inferSelect;

/** All refund reasons, grouped by type in the spec's order. */
export async function listRefundReasons(db: Db): Promise<RefundReasonRow[]> {
  // statement: listRefundReasons
  return db.select().from(refundReasons).orderBy(asc(refundReasons.id));
}
