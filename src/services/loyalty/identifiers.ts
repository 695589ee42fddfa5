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

/**
 * A US mobile number as ten digits, or null. Accepts `2125550101`, `+1 212 555 0101`, `(212) 555-0101`,
 * `1-212-555-0101`; the area code and exchange may not start with 0 or 1 (NANP).
 */
export function normalizePhone(raw: string): string | null {
  if (!/^[+\d\s().-]{10,20}$/.test(raw)) return null;
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** Card numbers: 4 to 40 letters and digits (the demo's `PREM000000000001`, 16-digit numbers). */
export function isCardNumber(raw: string): boolean {
  return /^[A-Za-z0-9]{4,40}$/.test(raw);
}
