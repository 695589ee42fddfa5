import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { loyaltyCards } from '../../../db/schema';
import type { Viewer } from './seat-status';

/** Loyalty account types whose members may buy Premiere-tier seats. */
export const PREMIERE_ACCOUNT_TYPES = ['Premiere', 'PremiereGo'];

/**
 * The viewer of a seat map: a Premiere member when the account or the loyalty card given belongs to an
 * active Premiere-type card. Neither given means a non-member (the spec's default).
 */
export async function resolveViewer(
  db: Db,
  who: { accountId?: number | null; loyaltyCardNumber?: string | null },
): Promise<Viewer> {
  const conditions = [];
  if (who.accountId) conditions.push(eq(loyaltyCards.siteAccountId, who.accountId));
  if (who.loyaltyCardNumber) conditions.push(eq(loyaltyCards.cardNumber, who.loyaltyCardNumber));
  if (conditions.length === 0) return { isPremiereMember: false };
  const [card] = await db
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(
      and(
        or(...conditions),
        inArray(loyaltyCards.accountType, PREMIERE_ACCOUNT_TYPES),
        eq(loyaltyCards.status, 'Active'),
      ),
    )
    .limit(1);
  return { isPremiereMember: Boolean(card) };
}
