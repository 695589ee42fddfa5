import { createHmac } from 'node:crypto';
import type { subscribers, subscriptionChannels, subscriptionEnrolments, subscriptions } from '../../../db/schema';
import type { PiiKeys } from '../../pii';
import { normalizePhone } from '../shared/phone-number';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ChannelRow = typeof subscriptionChannels.$inferSelect;
export type SubscriberRow = typeof subscribers.$inferSelect;
export type EnrolmentRow = typeof subscriptionEnrolments.$inferSelect;

/** The spec's channel types and audiences, spelled as on the wire. */
export const CHANNEL_TYPES = ['email', 'sms', 'smsConfirm'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const AUDIENCES = ['guest', 'stubs'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** A subscription with its channels, as the catalog holds it. */
export interface CatalogEntry {
  subscription: SubscriptionRow;
  channels: ChannelRow[];
}

/** How a contact is named: by e-mail address, mobile number, or subscriber guid. */
export type ContactKind = 'email' | 'phone' | 'guid';
export interface ContactRef {
  kind: ContactKind;
  value: string;
}

/** A channel as both surfaces show it; contact fields are absent when listing without a contact. */
export interface ChannelView {
  subscriptionName: string;
  type: ChannelType;
  audience: Audience;
  contact: {
    identifier: string | null;
    enrolled: boolean;
    /** SMS channels only: confirmed by the guest (null for e-mail). */
    confirmed: boolean | null;
    enrolledAt: Date | null;
    /** The subscriber's guid, when the contact is a known subscriber. */
    subscriberGuid: string | null;
  } | null;
}

export interface SubscriptionView {
  name: string;
  description: string;
  channels: ChannelView[];
}

const EMAIL = /^[^\s@/\\?#%]{1,64}@[^\s@/\\?#%]+\.[^\s@/\\?#%]+$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The contact in canonical form (e-mail lower-cased, a phone as its ten digits whatever form it came
 * in: src/services/shared/phone-number.ts), or null when it is ill-formatted.
 */
export function parseContact(kind: ContactKind, value: string): ContactRef | null {
  if (kind === 'email') return value.length <= 254 && EMAIL.test(value) ? { kind, value: value.toLowerCase() } : null;
  if (kind === 'phone') {
    const phone = normalizePhone(value);
    return phone ? { kind, value: phone } : null;
  }
  return GUID.test(value) ? { kind, value: value.toLowerCase() } : null;
}

/**
 * A route value that may be any of the three (`/v2/subscriptions/{name}/{channel-type}/{contact}`): a
 * guid, else an e-mail address (it has an `@`), else a mobile number. Null when it is none of them.
 */
export function parseRouteContact(value: string): ContactRef | null {
  if (GUID.test(value)) return parseContact('guid', value);
  if (value.includes('@')) return parseContact('email', value);
  return parseContact('phone', value);
}

export const isSmsChannel = (type: string): boolean => type === 'sms' || type === 'smsConfirm';
export const isChannelType = (type: string): type is ChannelType => (CHANNEL_TYPES as readonly string[]).includes(type);
export const isAudience = (value: string): value is Audience => (AUDIENCES as readonly string[]).includes(value);

/** The channel types a contact kind reaches: e-mail → email; phone → the SMS ones; guid → all. */
export function channelTypesOf(kind: ContactKind): readonly ChannelType[] {
  return kind === 'email' ? ['email'] : kind === 'phone' ? ['sms', 'smsConfirm'] : CHANNEL_TYPES;
}

/** Wrong codes accepted on one pending SMS enrolment before a new code must be requested. */
export const MAX_CONFIRMATION_ATTEMPTS = 5;

/**
 * The 6-digit confirmation code texted for a pending SMS enrolment. Derived (HMAC under PII_KEY's hash
 * key) from the enrolment and the moment the code was requested, so it is never stored, and a new
 * request (a repeated opt-in) gives a new code.
 */
export function confirmationCode(keys: PiiKeys, enrolmentId: number, requestedAt: Date): string {
  const mac = createHmac('sha256', keys.hashKey).update(`sms-confirm:${enrolmentId}:${requestedAt.toISOString()}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** The view of one channel for a subscriber (or an unknown contact) and its enrolment row. */
export function channelView(
  name: string,
  channel: ChannelRow,
  contact: { email: string | null; phone: string | null; guid: string | null } | null,
  enrolment: EnrolmentRow | undefined,
): ChannelView {
  const sms = isSmsChannel(channel.type);
  const enrolled = enrolment?.enrolled ?? false;
  return {
    subscriptionName: name,
    type: channel.type as ChannelType,
    audience: channel.audience as Audience,
    contact: contact
      ? {
          identifier: sms ? contact.phone : contact.email,
          enrolled,
          confirmed: sms ? enrolled && enrolment?.smsState === 'confirmed' : null,
          enrolledAt: enrolled ? (enrolment?.enrolledAt ?? null) : null,
          subscriberGuid: contact.guid,
        }
      : null,
  };
}
