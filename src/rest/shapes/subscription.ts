import type { ChannelView, ContactRef, SubscriberProfile, SubscriptionView } from '../../services/subscription';
import { seg, type Hal, type Links } from '../hal';
import { arr, bool, obj, str } from '../schemas';
import { component } from '../openapi';
import { fieldOf, resource } from '../derive';

/** Representations of subscriptions (spec "Subscription"), channels and subscriber profiles. */

export const subscriptionPath = (name: string) => `/v2/subscriptions/${seg(name)}`;

export const channelSchema = component('SubscriptionChannel', resource('SubscriptionChannel', {
  // REST links to the subscription instead of naming it; these two REST leaves out without a contact
  // (listing by audience) rather than printing null, so they are REST's own non-null booleans below.
  omit: ['subscriptionName', 'isContactEnrolled', 'confirmed', 'enrolledAt'],
  // REST prints the values' own spelling (GraphQL: the enum names).
  override: { type: str('email, sms or smsConfirm.'), audience: str('guest or stubs.') },
  extra: {
    isContactEnrolled: bool('Whether the contact is opted in; absent without a contact (listing by audience).'),
    confirmed: bool('SMS channels with a contact only: the guest confirmed the number (pending opt-ins are false).'),
    // The spec's spelling of the time, with `Utc`.
    enrolledDateUtc: fieldOf('SubscriptionChannel', 'enrolledAt'),
  },
  links: ['subscription'],
  optional: ['contactIdentifier', 'isContactEnrolled', 'confirmed', 'enrolledDateUtc'],
}));

/** The spec's Subscription: GraphQL's MarketingSubscription (`Subscription` is GraphQL's real-time root). */
export const subscriptionSchema = component('Subscription', resource('MarketingSubscription', {
  // The REST channels, with their links; the spec shows them under `_embedded` too.
  override: { channels: arr(channelSchema) },
  extra: { _embedded: obj({ channels: arr(channelSchema) }) },
  links: true,
}));

export const profileSchema = component('SubscriberProfile', resource('SubscriberProfile', {
  // REST embeds the subscriptions, with their channels' links.
  omit: ['subscriptions'],
  extra: { _embedded: obj({ subscriptions: arr(subscriptionSchema) }) },
  links: ['subscriptions'],
}));

const QUERY_PARAMETER = { email: 'email-address', phone: 'phone-number', guid: 'subscriber-guid' } as const;
const OPT_OUT_ALL = {
  email: { rel: 'v2/subscriptions-optout-all-email', path: 'email-address' },
  phone: { rel: 'v2/subscriptions-optout-all-sms', path: 'phone-number' },
  guid: { rel: 'v2/subscriptions-optout-all', path: 'subscriber-guid' },
} as const;

/**
 * The opt-out-all DELETE link of a known subscriber's list or profile, by the identifier the request
 * named and by no other (docs/security.md, "Personal data in links"): by e-mail the spec's
 * `{base_url}/rels/v2/subscriptions-optout-all-email`, by phone `…-optout-all-sms`; by guid ours,
 * `…-optout-all`, which ends every channel. A list found by a number never links the e-mail address the
 * service knows for it (nor the other way round), and a guid link does not stand in for either: it would
 * end more than the rel says.
 */
export function optOutAllLinks(hal: Hal, sent: ContactRef, known: boolean): Links {
  if (!known) return {};
  const { rel, path } = OPT_OUT_ALL[sent.kind];
  return { [hal.rel(rel)]: hal.link(`/v2/subscriptions/${path}-${seg(sent.value)}`) };
}

/**
 * A channel. For a known subscriber, `self` is its membership path (GET status, POST opt in, DELETE opt
 * out) by guid, so that e-mail addresses and numbers stay out of URLs; otherwise the same path
 * templated by `{email-address}` or `{phone-number}`.
 */
export function toChannel(hal: Hal, c: ChannelView) {
  const base = `${subscriptionPath(c.subscriptionName)}/${seg(c.type)}`;
  const sms = c.type !== 'email';
  const contact = c.contact;
  const self = contact?.subscriberGuid
    ? hal.link(`${base}/${seg(contact.subscriberGuid)}`)
    : hal.link(`${base}/${sms ? '{phone-number}' : '{email-address}'}`, true);
  return {
    audience: c.audience,
    ...(contact
      ? {
          contactIdentifier: contact.identifier,
          isContactEnrolled: contact.enrolled,
          ...(sms ? { confirmed: contact.confirmed ?? false } : {}),
          enrolledDateUtc: contact.enrolledAt?.toISOString() ?? null,
        }
      : {}),
    type: c.type,
    _links: { self, subscription: hal.link(subscriptionPath(c.subscriptionName)) },
  };
}

/** A subscription with its channels (under `channels` and, as the spec also shows it, `_embedded.channels`). */
export function toSubscription(hal: Hal, s: SubscriptionView) {
  const channels = s.channels.map((c) => toChannel(hal, c));
  return { name: s.name, description: s.description, channels, _embedded: { channels }, _links: hal.self(subscriptionPath(s.name)) };
}

/**
 * A subscriber profile (our shape: the spec shows none). Its fields carry the contact's identifiers (the
 * record the caller may read); its links name the subscriber by guid, or the contact the request sent.
 */
export function toProfile(hal: Hal, selfUrl: string, sent: ContactRef, p: SubscriberProfile) {
  const list = p.subscriberGuid
    ? `/v2/subscriptions?subscriber-guid=${seg(p.subscriberGuid)}`
    : `/v2/subscriptions?${QUERY_PARAMETER[sent.kind]}=${seg(sent.value)}`;
  return {
    subscriberGuid: p.subscriberGuid,
    emailAddress: p.emailAddress,
    phoneNumber: p.phoneNumber,
    siteAccountId: p.siteAccountId,
    createdDateUtc: p.createdAt?.toISOString() ?? null,
    count: p.subscriptions.length,
    _embedded: { subscriptions: p.subscriptions.map((s) => toSubscription(hal, s)) },
    _links: {
      self: { href: hal.url(selfUrl), templated: false },
      subscriptions: hal.link(list),
      ...optOutAllLinks(hal, sent, p.subscriberGuid !== null),
    },
  };
}
