import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { loyaltyCards } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { parseCardRef } from '../loyalty';
import type { Viewer } from './seat-status';

/** Loyalty account types whose members may buy Premiere-tier seats. */
export const PREMIERE_ACCOUNT_TYPES = ['Premiere', 'PremiereGo'];

/** Whose membership to look up: an account's cards, a card, and whose account a card must belong to. */
export interface MembershipKey {
  accountId?: number | null;
  loyaltyCardNumber?: string | null;
  /** When set, `loyaltyCardNumber` counts only if the card belongs to this account. */
  cardOwnerAccountId?: number | null;
}

/** Membership arguments of a seat map (GraphQL `seatingLayout`, REST seating routes, WebSocket params). */
export interface MembershipArgs {
  accountId?: number | null;
  loyaltyCardNumber?: string | null;
}

/**
 * Whose membership a seat map may show the caller: the lookup to make, or null for the non-member view.
 *
 * Membership is private: only the account itself (its token) or an admin may learn it. So
 * `accountId` counts only when it is the caller's own account, `loyaltyCardNumber` only when the card
 * belongs to the caller's account (checked in the lookup, `cardOwnerAccountId`); an admin may ask for
 * anyone. Anything else is silently the non-member view — an error would tell a prober as much as a
 * member view does. Without arguments the caller's own account decides; anonymous is a non-member.
 */
export function membershipLookup(principal: Principal | null, args: MembershipArgs): MembershipKey | null {
  const card = args.loyaltyCardNumber || null;
  const given = args.accountId != null || card !== null;
  const own = principal?.accountId ?? null;
  if (!given) return own === null ? null : { accountId: own };
  if (principal?.isAdmin) return { accountId: args.accountId ?? null, loyaltyCardNumber: card };
  if (own === null) return null;
  const accountId = args.accountId === own ? own : null;
  if (accountId === null && card === null) return null;
  return { accountId, loyaltyCardNumber: card, cardOwnerAccountId: card === null ? null : own };
}

/**
 * The viewer of a seat map: a Premiere member when the account or the loyalty card given belongs to an
 * active Premiere-type card. Neither given means a non-member (the spec's default). Who may ask about
 * whom is `membershipLookup`'s to decide, before this is called.
 */
export async function resolveViewer(db: Db, who: MembershipKey): Promise<Viewer> {
  const conditions = [];
  if (who.accountId) conditions.push(eq(loyaltyCards.siteAccountId, who.accountId));
  // The card by number or by `id-{cardId}` as links write it (the same owner rule either way).
  const ref = who.loyaltyCardNumber ? parseCardRef(who.loyaltyCardNumber) : null;
  if (ref) {
    const card = ref.kind === 'id' ? eq(loyaltyCards.id, ref.id) : eq(loyaltyCards.cardNumber, ref.number);
    conditions.push(who.cardOwnerAccountId ? and(card, eq(loyaltyCards.siteAccountId, who.cardOwnerAccountId))! : card);
  }
  if (conditions.length === 0) return { isPremiereMember: false };
  // statement: premiereCardOfViewer
  const [found] = await db
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
  return { isPremiereMember: Boolean(found) };
}
