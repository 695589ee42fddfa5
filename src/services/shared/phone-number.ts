/**
 * Mobile numbers, as every place one enters (loyalty `phone-{phone}` lookups, subscription routes,
 * query parameters and GraphQL contacts, SMS ticket confirmations) reads them: normalised once, here,
 * to the ten digits the database keeps (docs/accounts.md, "Phone numbers").
 */

/**
 * Ten digits, optionally after a leading `1` or `+1`, in the forms a legacy client sends: `2125550001`,
 * `12125550001`, `+12125550001`, `(212) 555-0001`, `212-555-0001`, `212.555.0001`, `+1 212 555 0001`.
 * Groups are 3-3-4, separated by at most one space, hyphen or dot (the area code may be in parentheses),
 * and nothing else may stand in the text.
 */
const PHONE = /^\s*(?:\+?1[\s.-]?)?(?:\((\d{3})\)\s?|(\d{3})[\s.-]?)(\d{3})[\s.-]?(\d{4})\s*$/;

/**
 * A mobile number as its ten digits, or null when the text is not one (an ill-formatted route value
 * names nothing: the same 404 as an unknown number; a body or query parameter: a 400 naming it).
 * Any ten digits are a number here, as they were before the forms were widened: a number the
 * service never saw answers as unknown, not as ill-formatted.
 */
export function normalizePhone(raw: string): string | null {
  if (typeof raw !== 'string' || raw.length > 30) return null;
  const m = PHONE.exec(raw);
  return m ? `${m[1] ?? m[2]}${m[3]}${m[4]}` : null;
}

/** The sentence messages use for what a phone parameter accepts. */
export const PHONE_FORMS = 'a 10-digit mobile number (a leading 1 or +1, spaces, hyphens, dots and parentheses around the area code allowed)';
