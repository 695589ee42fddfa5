import type { DbOrTx } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { badInput, notFound } from '../../errors';
import { PHONE_FORMS } from '../shared/phone-number';
import { resolveContact, type ResolvedContact } from './contact';
import { allSubscriptions, channelsOfSubscriptions, enrolmentsOfSubscribers } from './store';
import {
  channelTypesOf,
  channelView,
  isAudience,
  parseContact,
  type Audience,
  type CatalogEntry,
  type ContactKind,
  type ContactRef,
  type EnrolmentRow,
  type SubscriberRow,
  type SubscriptionView,
} from './model';

/** Every subscription with its channels, in catalog order (a small list: the whole catalog). */
export async function loadCatalog(db: DbOrTx): Promise<CatalogEntry[]> {
  const subs = await allSubscriptions(db);
  const channels = subs.length ? await channelsOfSubscriptions(db, subs.map((s) => s.id)) : [];
  return subs.map((subscription) => ({ subscription, channels: channels.filter((c) => c.subscriptionId === subscription.id) }));
}

/** The catalog entry of `name`; NOT_FOUND for an unknown name (the spec's 404 rule). */
export function catalogEntry(catalog: CatalogEntry[], name: string): CatalogEntry {
  const entry = catalog.find((e) => e.subscription.name === name);
  if (!entry) throw notFound('Subscription', JSON.stringify(name.slice(0, 100)));
  return entry;
}

/** A subscription without contact information (the catalog view). */
export function catalogView(entry: CatalogEntry, audience?: Audience): SubscriptionView {
  const channels = entry.channels.filter((c) => !audience || c.audience === audience);
  return {
    name: entry.subscription.name,
    description: entry.subscription.description,
    channels: channels.map((c) => channelView(entry.subscription.name, c, null, undefined)),
  };
}

/** The subscriptions having a channel for `audience`, with those channels only. */
export function subscriptionsForAudience(catalog: CatalogEntry[], audience: Audience): SubscriptionView[] {
  return catalog.filter((e) => e.channels.some((c) => c.audience === audience)).map((e) => catalogView(e, audience));
}

/** What a contact looks like in views: its e-mail and phone (null when unknown) and guid. */
export function contactOf(resolved: { ref: ContactRef; subscriber: SubscriberRow | null }) {
  const s = resolved.subscriber;
  return {
    email: s?.email ?? (resolved.ref.kind === 'email' ? resolved.ref.value : null),
    phone: s?.phone ?? (resolved.ref.kind === 'phone' ? resolved.ref.value : null),
    guid: s?.guid ?? null,
  };
}

/**
 * The subscriptions a contact can receive (those with a channel its kind reaches: e-mail → email
 * channels, phone → SMS, guid → all), each channel with the contact and its enrolment.
 */
export function contactSubscriptions(
  catalog: CatalogEntry[],
  kind: ContactKind,
  contact: { email: string | null; phone: string | null; guid: string | null },
  enrolments: readonly EnrolmentRow[],
): SubscriptionView[] {
  const types = channelTypesOf(kind) as readonly string[];
  const byChannel = new Map(enrolments.map((e) => [e.channelId, e]));
  return catalog
    .map((e) => ({ e, channels: e.channels.filter((c) => types.includes(c.type)) }))
    .filter(({ channels }) => channels.length > 0)
    .map(({ e, channels }) => ({
      name: e.subscription.name,
      description: e.subscription.description,
      channels: channels.map((c) => channelView(e.subscription.name, c, contact, byChannel.get(c.id))),
    }));
}

/** The query parameters that name a contact, in the spec's words, and their kinds. */
export const CONTACT_PARAMETERS: Record<string, ContactKind> = {
  'email-address': 'email',
  'phone-number': 'phone',
  'subscriber-guid': 'guid',
};

/** A contact given as a query parameter; an ill-formatted one is a 400 naming it. */
export function contactFromQuery(parameter: string, value: string): ContactRef {
  const kind = CONTACT_PARAMETERS[parameter];
  const ref = kind ? parseContact(kind, value) : null;
  if (!ref) throw badInput(`querystring parameter '${parameter}' is not ${kind === 'email' ? 'a valid e-mail address' : kind === 'phone' ? PHONE_FORMS : 'a valid subscriber guid'}`, parameter);
  return ref;
}

/** An audience given as a query parameter; anything else is a 400. */
export function audienceFromQuery(value: string): Audience {
  if (!isAudience(value)) throw badInput("querystring parameter 'audience' must be guest or stubs", 'audience');
  return value;
}

/** A contact's subscriptions with its enrolments, for a caller allowed to read them (contact.ts). */
export async function listContactSubscriptions(
  db: DbOrTx,
  principal: Principal,
  catalog: CatalogEntry[],
  ref: ContactRef,
): Promise<{ resolved: ResolvedContact; subscriptions: SubscriptionView[] }> {
  const resolved = await resolveContact(db, principal, ref, 'allow');
  const enrolments = resolved.subscriber ? await enrolmentsOfSubscribers(db, [resolved.subscriber.id]) : [];
  return { resolved, subscriptions: contactSubscriptions(catalog, ref.kind, contactOf(resolved), enrolments) };
}

/** A subscriber profile: the contact and the subscriptions it is enrolled in (any channel). */
export interface SubscriberProfile {
  subscriberGuid: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  siteAccountId: number | null;
  createdAt: Date | null;
  subscriptions: SubscriptionView[];
}

/**
 * The profile of a contact (`GET /v2/subscriber-profiles`): every channel of the subscriber (e-mail and
 * SMS alike, whichever identifier named it), listing the subscriptions with at least one enrolment.
 * An unknown contact, or another account's, is NOT_FOUND.
 */
export async function getSubscriberProfile(db: DbOrTx, principal: Principal, catalog: CatalogEntry[], ref: ContactRef): Promise<SubscriberProfile> {
  const resolved = await resolveContact(db, principal, ref, 'notFound');
  const s = resolved.subscriber;
  const enrolments = s ? await enrolmentsOfSubscribers(db, [s.id]) : [];
  const all = contactSubscriptions(catalog, 'guid', contactOf(resolved), enrolments);
  return {
    subscriberGuid: s?.guid ?? null,
    emailAddress: contactOf(resolved).email,
    phoneNumber: contactOf(resolved).phone,
    siteAccountId: resolved.accountId,
    createdAt: s?.createdAt ?? null,
    subscriptions: all.filter((v) => v.channels.some((c) => c.contact?.enrolled)),
  };
}

/**
 * The subscriptions of a site account (GraphQL `Account.subscriptions`), from rows its loaders read:
 * every subscription with every channel, carrying the account subscriber's e-mail (else the account's)
 * and phone and its enrolments. The caller has already passed the account access rule.
 */
export function accountSubscriptions(
  catalog: CatalogEntry[],
  account: { email: string },
  subscriber: SubscriberRow | null,
  enrolments: readonly EnrolmentRow[],
): SubscriptionView[] {
  const contact = { email: subscriber?.email ?? account.email.toLowerCase(), phone: subscriber?.phone ?? null, guid: subscriber?.guid ?? null };
  return contactSubscriptions(catalog, 'guid', contact, enrolments);
}

/** A contact given as exactly one of three fields (GraphQL inputs); BAD_USER_INPUT naming the field otherwise. */
export function contactFromFields(fields: { emailAddress?: string | null; phoneNumber?: string | null; subscriberGuid?: string | null }): ContactRef {
  const given = (['emailAddress', 'phoneNumber', 'subscriberGuid'] as const).filter((k) => fields[k] != null);
  if (given.length !== 1) throw badInput('contact needs exactly one of emailAddress, phoneNumber or subscriberGuid', 'contact');
  const field = given[0];
  const kind: ContactKind = field === 'emailAddress' ? 'email' : field === 'phoneNumber' ? 'phone' : 'guid';
  const ref = parseContact(kind, fields[field]!);
  if (!ref) throw badInput(`contact.${field} is not ${kind === 'email' ? 'a valid e-mail address' : kind === 'phone' ? PHONE_FORMS : 'a valid subscriber guid'}`, `contact.${field}`);
  return ref;
}
