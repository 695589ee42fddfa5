import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput } from '../../errors';
import { PREMIERE_ACCOUNT_TYPES } from '../seating';
import type { OrderView } from './model';
import { mutateOrder, requireVendor, type OrderSettings } from './store';
import { cardByNumber, setLineFees, setOrderCard, ticketLinesOfOrder } from './store-lines';
import { isWaivable } from './totals';
import { maskCardNumber } from '../../pii';
import { cardNumberForWrite } from '../loyalty';

/** Why a Premiere member's convenience fee is waived. */
export const PREMIERE_WAIVER = 'PremiereMember';

/**
 * Applies a loyalty card's benefits to a pending order (REST `POST …/loyalty-discounts`): the card
 * (active) becomes the order's card; a Premiere-type member's convenience fees are waived on every
 * open ticket (and on tickets added later). Other card types have no ticket discount to apply here.
 */
export async function applyLoyaltyDiscounts(
  db: Db,
  principal: Principal,
  orderId: number,
  loyaltyCardNumber: string,
  settings: OrderSettings,
): Promise<OrderView> {
  requireVendor(principal);
  loyaltyCardNumber = await cardNumberForWrite(db, principal, loyaltyCardNumber);
  return mutateOrder(db, principal, orderId, settings, async ({ tx, order }) => {
    const card = await cardByNumber(tx, loyaltyCardNumber);
    if (!card) throw badInput(`Loyalty card ${maskCardNumber(loyaltyCardNumber)} does not exist`, 'loyaltyCardNumber');
    if (card.status !== 'Active') throw badInput(`Loyalty card ${loyaltyCardNumber} is ${card.status}`, 'loyaltyCardNumber');
    await setOrderCard(tx, order.id, loyaltyCardNumber);
    if (!PREMIERE_ACCOUNT_TYPES.includes(card.accountType)) return;
    const tickets = await ticketLinesOfOrder(tx, order.id);
    for (const t of tickets) {
      if (!t.fees.some((f) => isWaivable(f.name) && !f.waived)) continue;
      const fees = t.fees.map((f) => (isWaivable(f.name) ? { ...f, waived: true, waivedReason: PREMIERE_WAIVER } : f));
      await setLineFees(tx, t.id, fees);
    }
  });
}
