import type { ChannelView, SubscriberProfile, SubscriptionView } from '../../services/subscription';
import { seg, type Hal, type Links } from '../hal';
import { arr, bool, int, links, nint, nstr, obj, str } from '../schemas';

/** Representations of subscriptions (spec "Subscription"), channels and subscriber profiles. */

export const subscriptionPath = (name: string) => `/v2/subscriptions/${seg(name)}`;

export const channelSchema = obj(
  {
    audience: str('guest or stubs.'),
    contactIdentifier: nstr('The e-mail address (email channels) or mobile number (SMS channels) of the contact; absent when listing by audience, null when the contact has none for this channel.'),
    isContactEnrolled: bool('Whether the contact is opted in; absent when listing by audience.'),
    type: str('email, sms or smsConfirm.'),
    confirmed: bool('SMS channels with a contact only: the guest confirmed the number (pending opt-ins are false).'),
    enrolledDateUtc: nstr('When the contact opted in (null when not enrolled); absent when listing by audience.'),
    _links: links(['subscription']),
  },
  ['contactIdentifier', 'isContactEnrolled', 'confirmed', 'enrolledDateUtc'],
);

export const subscriptionSchema = obj({
  name: str('Public unique id of the subscription.'),
  description: str(),
  channels: arr(channelSchema),
  _embedded: obj({ channels: arr(channelSchema) }),
  _links: links(),
});

export const profileSchema = obj({
  subscriberGuid: nstr('The subscriber guid; null for an account e-mail never enrolled.'),
  emailAddress: nstr(),
  phoneNumber: nstr(),
  siteAccountId: nint('The site account of the contact, when it has one.'),
  createdDateUtc: nstr('When the subscriber was first enrolled.'),
  count: int('Subscriptions the contact is enrolled in (any channel).'),
  _embedded: obj({ subscriptions: arr(subscriptionSchema) }),
  _links: links(['subscriptions']),
});

/** `{base_url}/rels/v2/subscriptions-optout-all-email` and `-sms`: DELETE links of a contact's list. */
export function optOutAllLinks(hal: Hal, contact: { email: string | null; phone: string | null } | null): Links {
  const l: Links = {};
  if (contact?.email) l[hal.rel('v2/subscriptions-optout-all-email')] = hal.link(`/v2/subscriptions/email-address-${seg(contact.email)}`);
  if (contact?.phone) l[hal.rel('v2/subscriptions-optout-all-sms')] = hal.link(`/v2/subscriptions/phone-number-${seg(contact.phone)}`);
  return l;
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

/** A subscriber profile (our shape: the spec shows none). */
export function toProfile(hal: Hal, selfUrl: string, p: SubscriberProfile) {
  const list = p.subscriberGuid
    ? `/v2/subscriptions?subscriber-guid=${seg(p.subscriberGuid)}`
    : `/v2/subscriptions?email-address=${seg(p.emailAddress ?? '')}`;
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
      ...optOutAllLinks(hal, { email: p.emailAddress, phone: p.phoneNumber }),
    },
  };
}
