import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { loyaltyCards } from '../../../db/schema';
import { PREMIERE_ACCOUNT_TYPES } from '../seating/membership';

/**
 * Whether an order's owner (account or loyalty card) is an active Premiere-type member, read inside
 * the caller's transaction (a second connection per transaction could starve the pool under load).
 */
export async function isPremiereMemberTx(
  tx: DbOrTx,
  accountId: number | null,
  loyaltyCardNumber: string | null,
): Promise<boolean> {
  const who = [];
  if (accountId) who.push(eq(loyaltyCards.siteAccountId, accountId));
  if (loyaltyCardNumber) who.push(eq(loyaltyCards.cardNumber, loyaltyCardNumber));
  if (who.length === 0) return false;
  const [card] = await tx
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(and(or(...who), inArray(loyaltyCards.accountType, PREMIERE_ACCOUNT_TYPES), eq(loyaltyCards.status, 'Active')))
    .limit(1);
  return Boolean(card);
}
