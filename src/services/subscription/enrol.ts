import type { Db, DbOrTx } from '../../../db/client';
import type { subscriptionEnrolments } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { badInput, DomainError, forbidden, notFound } from '../../errors';
import type { PiiKeys } from '../../pii';
import { contactNotFound, isPrivileged, resolveContact, type ResolvedContact } from './contact';
import {
  channelTypesOf,
  channelView,
  confirmationCode,
  isChannelType,
  isSmsChannel,
  MAX_CONFIRMATION_ATTEMPTS,
  type CatalogEntry,
  type ChannelRow,
  type ChannelView,
  type ContactRef,
  type SubscriberRow,
} from './model';
import { catalogEntry, contactOf } from './read';
import {
  endEnrolments,
  enrolmentOf,
  ensureEnrolment,
  findAccountSubscriber,
  findSubscriber,
  insertSubscriber,
  setSubscriberPhone,
  updateEnrolment,
} from './store';

/** One subscription channel and one contact, as every per-channel operation names them. */
export interface ChannelTarget {
  subscriptionName: string;
  channelType: string;
  contact: ContactRef;
}

/**
 * The channel a target names: NOT_FOUND for an unknown subscription, an unknown channel type, a type the
 * subscription does not offer, or a contact of the wrong kind for it (an e-mail address on an SMS
 * channel, a phone number on an e-mail one) — the spec's route-value rule.
 */
function channelOf(catalog: CatalogEntry[], target: ChannelTarget): { entry: CatalogEntry; channel: ChannelRow } {
  const entry = catalogEntry(catalog, target.subscriptionName);
  const type = target.channelType;
  const channel = isChannelType(type) ? entry.channels.find((c) => c.type === type) : undefined;
  if (!channel) throw notFound('Channel of this subscription', JSON.stringify(type.slice(0, 40)));
  if (!(channelTypesOf(target.contact.kind) as readonly string[]).includes(type)) throw contactNotFound();
  return { entry, channel };
}

/** The contact's identifier this channel needs (its e-mail or phone); NOT_FOUND when it has none. */
function reachable(resolved: ResolvedContact, channel: ChannelRow): void {
  const c = contactOf(resolved);
  if (!(isSmsChannel(channel.type) ? c.phone : c.email)) throw contactNotFound();
}

/** Membership status of a contact in one channel (GET of the per-contact path). */
export async function getChannelStatus(db: Db, principal: Principal, catalog: CatalogEntry[], target: ChannelTarget): Promise<ChannelView> {
  const { entry, channel } = channelOf(catalog, target);
  const resolved = await resolveContact(db, principal, target.contact, 'notFound');
  reachable(resolved, channel);
  const row = resolved.subscriber ? await enrolmentOf(db, resolved.subscriber.id, channel.id) : undefined;
  return channelView(entry.subscription.name, channel, contactOf(resolved), row);
}

/** What an opt-in may carry: the texted code that confirms a pending SMS enrolment, or (vendor, admin) `confirmed`. */
export interface OptInInput {
  confirmationCode?: string | null;
  confirmed?: boolean | null;
}

/**
 * The subscriber of a contact being opted in, created when there is none: an e-mail's linked to the
 * account of that e-mail; an account token's new phone attached to the account's subscriber.
 */
async function subscriberFor(tx: DbOrTx, resolved: ResolvedContact): Promise<SubscriberRow> {
  if (resolved.subscriber) return resolved.subscriber;
  const { ref, accountId } = resolved;
  if (ref.kind === 'phone' && accountId !== null) {
    const mine = await findAccountSubscriber(tx, accountId);
    if (mine) {
      const updated = await setSubscriberPhone(tx, mine.id, ref.value);
      if (!updated) throw contactNotFound();
      return updated;
    }
  }
  const values = ref.kind === 'email' ? { email: ref.value, siteAccountId: accountId } : { phone: ref.value, siteAccountId: accountId };
  // Another request may create the same contact at the same moment: the unique index decides, we re-read.
  await insertSubscriber(tx, values);
  const row = await findSubscriber(tx, ref);
  if (!row) throw contactNotFound();
  return row;
}

/**
 * Opts a contact into a channel (POST of the per-contact path), in one transaction. E-mail channels
 * enrol at once; SMS channels (sms, smsConfirm) enrol as pending and are confirmed by the code texted to
 * the number (`confirmationCode`) or, by a vendor or admin that received the guest's reply, with
 * `confirmed: true`. Repeating an opt-in of a pending enrolment without a code issues a new code.
 * `created` tells whether the contact was not enrolled before (REST answers 201 then).
 */
export async function optIn(
  db: Db,
  principal: Principal,
  keys: PiiKeys,
  catalog: CatalogEntry[],
  target: ChannelTarget,
  input: OptInInput = {},
): Promise<{ view: ChannelView; created: boolean }> {
  const { entry, channel } = channelOf(catalog, target);
  const sms = isSmsChannel(channel.type);
  const code = input.confirmationCode ?? null;
  if ((code !== null || input.confirmed) && !sms) throw badInput('Only SMS channels are confirmed', code !== null ? 'confirmationCode' : 'confirmed');
  if (input.confirmed && !isPrivileged(principal)) throw forbidden('Only a vendor or an admin may confirm without the texted code');

  const failure: { wrongCode: DomainError | null } = { wrongCode: null };
  const result = await db.transaction(async (tx) => {
    const resolved = await resolveContact(tx, principal, target.contact, target.contact.kind === 'guid' ? 'notFound' : 'create');
    reachable(resolved, channel);
    const subscriber = await subscriberFor(tx, resolved);
    const now = new Date();
    await ensureEnrolment(tx, subscriber.id, channel.id, now);
    const row = (await enrolmentOf(tx, subscriber.id, channel.id, true))!;
    const created = !row.enrolled;
    let patch: Partial<typeof subscriptionEnrolments.$inferInsert>;
    if (created) {
      patch = { enrolled: true, enrolledAt: now, optedOutAt: null, smsState: sms ? 'pending' : null, confirmationRequestedAt: sms ? now : null, confirmationAttempts: 0, confirmedAt: null };
      if (sms && input.confirmed) Object.assign(patch, { smsState: 'confirmed', confirmedAt: now });
    } else if (sms && row.smsState === 'pending') {
      if (input.confirmed) patch = { smsState: 'confirmed', confirmedAt: now };
      else if (code === null) patch = { confirmationRequestedAt: now, confirmationAttempts: 0 };
      else if (row.confirmationAttempts >= MAX_CONFIRMATION_ATTEMPTS) {
        throw new DomainError('CONFLICT', 'Too many wrong codes: opt in again without a code for a new one', { argument: 'confirmationCode' });
      } else if (row.confirmationRequestedAt && code === confirmationCode(keys, row.id, row.confirmationRequestedAt)) {
        patch = { smsState: 'confirmed', confirmedAt: now };
      } else {
        // The failed attempt must count even though the call fails, so it commits and the error follows.
        patch = { confirmationAttempts: row.confirmationAttempts + 1 };
        failure.wrongCode = badInput('confirmationCode does not match the code texted to the number', 'confirmationCode');
      }
    } else {
      patch = {};
    }
    const saved = Object.keys(patch).length ? await updateEnrolment(tx, row.id, patch, now) : row;
    const view = channelView(entry.subscription.name, channel, contactOf({ ref: target.contact, subscriber }), saved);
    return { view, created };
  });
  if (failure.wrongCode) throw failure.wrongCode;
  return result;
}

/** Opts a contact out of one channel (DELETE of the per-contact path); opting out twice is not an error. */
export async function optOut(db: Db, principal: Principal, catalog: CatalogEntry[], target: ChannelTarget): Promise<ChannelView> {
  const { entry, channel } = channelOf(catalog, target);
  return db.transaction(async (tx) => {
    const resolved = await resolveContact(tx, principal, target.contact, 'notFound');
    reachable(resolved, channel);
    let row = resolved.subscriber ? await enrolmentOf(tx, resolved.subscriber.id, channel.id, true) : undefined;
    if (row?.enrolled) {
      const now = new Date();
      row = await updateEnrolment(tx, row.id, { enrolled: false, optedOutAt: now }, now);
    }
    return channelView(entry.subscription.name, channel, contactOf(resolved), row);
  });
}

/**
 * Opts a contact out of every subscription it reaches by that identifier (e-mail: e-mail channels; phone:
 * SMS channels; guid: all) and answers how many enrolments ended. An unknown contact is NOT_FOUND.
 */
export async function optOutAll(db: Db, principal: Principal, catalog: CatalogEntry[], contact: ContactRef): Promise<number> {
  const types = channelTypesOf(contact.kind) as readonly string[];
  const channelIds = catalog.flatMap((e) => e.channels.filter((c) => types.includes(c.type)).map((c) => c.id));
  return db.transaction(async (tx) => {
    const resolved = await resolveContact(tx, principal, contact, 'notFound');
    if (!resolved.subscriber || !channelIds.length) return 0;
    const now = new Date();
    return endEnrolments(tx, resolved.subscriber.id, channelIds, now);
  });
}
