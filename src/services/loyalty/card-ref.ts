import type { DbOrTx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput } from '../../errors';
import { assertIdFormWriter, isCardHolder } from './access';
import { parseCardRef } from './identifiers';
import { cardById } from './read';

/**
 * The card number an order write names (`loyaltyCardNumber` of createOrder, updateOrder and
 * loyalty-discounts, REST and GraphQL): a number as given (the order checks that it exists), or, for
 * `id-{cardId}` as links write it, the card's number — a write through the id form, so only for the
 * holder's token or an admin (a vendor key alone: FORBIDDEN, access.ts `ID_FORM_WRITE_RULE`); an unknown
 * id and another's card are the same BAD_USER_INPUT as an unknown number. Absent stays absent.
 */
export async function cardNumberForWrite<T extends string | null | undefined>(
  db: DbOrTx,
  principal: Principal,
  raw: T,
  field = 'loyaltyCardNumber',
): Promise<T | string> {
  if (typeof raw !== 'string') return raw;
  const ref = parseCardRef(raw);
  if (ref?.kind !== 'id') return raw;
  assertIdFormWriter(principal);
  const found = await cardById(db, ref.id);
  if (!found || !isCardHolder(principal, found.card, found.account)) throw badInput(`Loyalty card ${raw} does not exist`, field);
  return found.card.cardNumber;
}
