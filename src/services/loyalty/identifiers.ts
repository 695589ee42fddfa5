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

/** Mobile numbers are read by the one function every area uses (src/services/phone.ts). */
export { normalizePhone } from '../phone';

/** Card numbers: 4 to 40 letters and digits (the demo's `PREM000000000001`, 16-digit numbers). */
export function isCardNumber(raw: string): boolean {
  return /^[A-Za-z0-9]{4,40}$/.test(raw);
}
