import type { DbOrTx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { notFound, unauthenticated } from '../../errors';
import type { ContactRef, SubscriberRow } from './model';
import { accountIdOfEmail, findAccountSubscriber, findSubscriber } from './store';

/**
 * Who may read or change a contact's enrolments (docs/accounts.md, "Subscriptions"):
 *
 * - an admin token, or a vendor key without an account token: any contact (box offices and partner
 *   apps sign guests up, and run the unsubscribe links of e-mails);
 * - an account token (alone or with a vendor key, which then acts for that account, as with orders):
 *   its own contacts only — the account's e-mail and the contacts of its subscriber;
 * - nobody else (401).
 *
 * Anything that is not the caller's is the same 404 as an unknown contact, so the surfaces cannot be
 * used to learn which e-mail addresses or numbers are subscribed.
 */
export function isPrivileged(principal: Principal): boolean {
  return principal.isAdmin || (principal.vendorId !== null && principal.accountId === null);
}

export function assertContactCredentials(principal: Principal): void {
  if (!principal.isAdmin && principal.vendorId === null && principal.accountId === null) {
    throw unauthenticated("A contact's subscriptions need an X-Vendor-Key or the account's own token");
  }
}

/** A contact as resolved: its subscriber (null when none yet) and the account its e-mail belongs to. */
export interface ResolvedContact {
  ref: ContactRef;
  subscriber: SubscriberRow | null;
  /** The site account of the contact: the subscriber's, else the account whose e-mail this is. */
  accountId: number | null;
}

/** The same answer for "no such contact" and "not yours"; it never echoes the contact. */
export const contactNotFound = () => notFound('Contact', '(given)');

/**
 * Resolves a contact for `principal` under the rule above. `unknown`: what an unknown contact is —
 * 'notFound' (a route value naming it: status, opt-out), 'allow' (a vendor's or admin's list, where it
 * simply has no enrolments), 'create' (an opt-in, which creates it). For an account token an unknown
 * contact is NOT_FOUND, except a phone on opt-in while the account's subscriber has no number yet (it
 * becomes the account's number): so a read can never tell "nobody's" from "someone else's".
 */
export async function resolveContact(
  db: DbOrTx,
  principal: Principal,
  ref: ContactRef,
  unknown: 'notFound' | 'allow' | 'create',
): Promise<ResolvedContact> {
  assertContactCredentials(principal);
  const subscriber = await findSubscriber(db, ref);
  const accountId = subscriber ? subscriber.siteAccountId : ref.kind === 'email' ? await accountIdOfEmail(db, ref.value) : null;
  const known = subscriber !== null || accountId !== null;
  if (ref.kind === 'guid' && !subscriber) throw contactNotFound();
  if (isPrivileged(principal)) {
    if (!known && unknown === 'notFound') throw contactNotFound();
    return { ref, subscriber, accountId };
  }
  const own = principal.accountId;
  if (known) {
    if (accountId !== own) throw contactNotFound();
    return { ref, subscriber, accountId };
  }
  if (unknown === 'create' && ref.kind === 'phone' && own !== null) {
    const mine = await findAccountSubscriber(db, own);
    if (!mine?.phone) return { ref, subscriber: null, accountId: own };
  }
  throw contactNotFound();
}
