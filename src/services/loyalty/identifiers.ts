/**
 * Formats of the personal identifiers loyalty is looked up by. A route value that is not well formed
 * names nothing, so lookups answer it with the same NOT_FOUND as an unknown one (the spec's rule for
 * route values); bodies answer BAD_USER_INPUT naming the field.
 */

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A normalized e-mail address (trimmed, lower case), or null when it is not one. */
export function normalizeEmail(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  return value.length <= 254 && EMAIL.test(value) ? value : null;
}

/** Mobile numbers are read by the one function every area uses (src/services/shared/phone-number.ts). */
export { normalizePhone } from '../shared/phone-number';

/** Card numbers: 4 to 40 letters and digits (the demo's `PREM000000000001`, 16-digit numbers). */
export function isCardNumber(raw: string): boolean {
  return /^[A-Za-z0-9]{4,40}$/.test(raw);
}

/**
 * `id-{cardId}`: how links name a card whose number the response may not echo (docs/accounts.md). The
 * rule table of REST credentials (src/rest/auth-rules.ts) matches path values with it too.
 */
export const CARD_ID_PATTERN = /^id-([1-9][0-9]{0,9})$/;

/** A card as an operation names it: by its number, or by id as links write it. */
export type CardRef = { kind: 'number'; number: string } | { kind: 'id'; id: number };

/**
 * The one parser of card references: every operation that takes a card number (loyalty reads, earn,
 * fee waivers, validations, account lookups and campaign registrations by card, an order's card, a seat
 * map's membership card) reads its value here, so each takes every form links write. Null when the
 * value is neither (it names no card: the caller's usual "no such card").
 */
export function parseCardRef(raw: string): CardRef | null {
  if (typeof raw !== 'string') return null;
  const byId = CARD_ID_PATTERN.exec(raw);
  if (byId) {
    const id = Number(byId[1]);
    return id <= 2_147_483_647 ? { kind: 'id', id } : null;
  }
  return isCardNumber(raw) ? { kind: 'number', number: raw } : null;
}

/** Whether `raw` names a card by id (`id-{cardId}`), whatever the id. */
export const isCardIdRef = (raw: string | null | undefined): boolean => typeof raw === 'string' && CARD_ID_PATTERN.test(raw);
