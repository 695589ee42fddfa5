import type { CardView, LoyaltyAccountView, LoyaltyTransactionResult } from '../../services/loyalty';
import { toLocalDateTime } from '../../services/shared/local-time';
import type { Hal, Links } from '../hal';
import { seg } from '../hal';
import { fieldOf, resource } from '../derive';
import { component } from '../openapi';
import { arr, int, links, nstr, num, obj, str } from '../schemas';

/**
 * Loyalty cards and accounts as HAL (docs/accounts.md, "Loyalty"). `cardNumber` is the number in full:
 * these resources answer only callers entitled to them (the holder, an admin, a vendor the rules let
 * read them). A link carries a card number only when the request's own path did (`ref`); otherwise it
 * names the card as `id-{cardId}`, and e-mail or phone lookups link to the account by id, so no link
 * holds an identifier the caller did not send.
 */

export const A_LIST_REL = 'v2/loyalty-cards/product-subscriptions/alist';
export const cardPath = (ref: string) => `/v4/loyalty-cards/${seg(ref)}`;
export const cardIdRef = (card: { id: number }) => `id-${card.id}`;
export const aListPath = (ref: string) => `/v2/loyalty-cards/${seg(ref)}/product-subscriptions/alist`;
export const loyaltyAccountPath = (id: number) => `/v4/loyalty-accounts/${id}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Status and status info of a card or an account in the spec's spelling (GraphQL: the enum names). */
const SPEC_STATUS = {
  status: str('Active, Inactive, Closed'),
  statusInfo: str('Active, Not Activated, Closed, Fraud, Lost/Stolen, Expired, Expiring, Cancelled, Suspended'),
};

export const cardSchema = component('LoyaltyCard', resource('LoyaltyCard', {
  // REST names a card by its number (or `id-{id}` in links) and links its A-List subscription.
  omit: ['id', 'lastFour', 'hasAListSubscription', 'activationDate'],
  // REST prints the spec's spelling of these enums, listed here.
  override: { accountType: str('WebOnly, Legacy, Insider, Premiere, PremiereGo, Associate'), ...SPEC_STATUS },
  // The spec spells it with a capital A.
  extra: { ActivationDate: fieldOf('LoyaltyCard', 'activationDate') },
  links: ['subscription'],
}));

export function toCardHal(hal: Hal, card: CardView, ref: string): Record<string, unknown> {
  const l: Links = { self: hal.link(cardPath(ref)) };
  if (card.hasAListSubscription) {
    l.subscription = hal.link(aListPath(ref));
    l[hal.rel(A_LIST_REL)] = hal.link(aListPath(ref));
  }
  return {
    profileId: card.profileId,
    cardNumber: card.cardNumber,
    balance: card.balance,
    pointsEarned: card.pointsEarned,
    accountType: card.accountType,
    status: card.status,
    statusInfo: card.statusInfo,
    ActivationDate: iso(card.activationDate),
    expirationDate: iso(card.expirationDate),
    _links: l,
  };
}

/** The deprecated v3 card: no PremiereGo (shown as Premiere, its v3 equivalent). */
export const cardV3Schema = component('LoyaltyCardV3', obj({
  balance: num(),
  accountType: str('WebOnly, Legacy, Insider, Premiere, Associate'),
  status: str(),
  statusInfo: str(),
  expirationDate: nstr(),
  _links: links(),
}));

export function toCardV3Hal(hal: Hal, card: CardView, ref: string): Record<string, unknown> {
  return {
    balance: card.balance,
    accountType: card.accountType === 'PremiereGo' ? 'Premiere' : card.accountType,
    status: card.status,
    statusInfo: card.statusInfo,
    expirationDate: iso(card.expirationDate),
    _links: { self: hal.link(`/v3/loyalty-cards/${seg(ref)}`) },
  };
}

export const aListSchema = component('AListSubscription', obj({
  name: str('A-List'),
  cardNumber: str('The card number, in full.'),
  status: str('The card status: Active, Inactive, Closed.'),
  startDateUtc: nstr(),
  _links: links(['loyalty-card']),
}));

export const transactionSchema = component('LoyaltyTransaction', obj({
  transactionId: int(),
  kind: str('Earn or WaiveFees'),
  cardNumber: str('Masked to the last four (the request named the card).'),
  amount: num('Earn: reward added, USD; WaiveFees: fees paid from the balance, USD.'),
  pointsChange: int('Signed change of points.'),
  balance: num('Balance after, USD.'),
  pointsEarned: int('Balance after, in points.'),
  items: arr(obj({ productId: str(), earned: num(), pointsEarned: int() })),
  createdDateUtc: str(),
  _links: links(['loyalty-card']),
}));

export function toTransactionHal(hal: Hal, result: LoyaltyTransactionResult, cardNumber: string): Record<string, unknown> {
  return { ...result, _links: { self: hal.link(cardPath(cardNumber)), 'loyalty-card': hal.link(cardPath(cardNumber)) } };
}

export const loyaltyAccountSchema = component('LoyaltyAccount', resource('LoyaltyAccount', {
  // REST does not print the linked site account; it masks the SSN (`ssn` below, not its last four).
  omit: ['siteAccountId', 'ssnLastFour', 'validationErrors', 'portfolioId', 'portfolioType'],
  override: {
    ...SPEC_STATUS,
    // REST prints the time the spec names "CST": Central local time, not an instant in UTC.
    websiteLastUpdateCstDateTime: nstr('Central time (America/Chicago), no zone designator.'),
  },
  extra: {
    ssn: nstr('Masked: the last four digits only (e.g. *****6789).'),
    // REST leaves it out when there are none rather than printing null; the spec spells it with a capital V.
    ValidationErrors: str('Only when the loyalty system reported invalid data.'),
    // The spec spells these with a capital P.
    PortfolioId: fieldOf('LoyaltyAccount', 'portfolioId'),
    PortfolioType: fieldOf('LoyaltyAccount', 'portfolioType'),
  },
  links: ['loyalty-cards'],
  optional: ['ValidationErrors'],
}));

/** `YYYY-MM-DDThh:mm:ss` in US Central time (the spec's "CST" field). */
export function centralTime(d: Date | null): string | null {
  return d ? toLocalDateTime(d, 'America/Chicago') : null;
}

export function toLoyaltyAccountHal(hal: Hal, a: LoyaltyAccountView): Record<string, unknown> {
  return {
    address: a.address,
    loyaltyAccountId: a.loyaltyAccountId,
    cardNumber: a.cardNumber,
    email: a.email,
    firstName: a.firstName,
    middleInitial: a.middleInitial,
    lastName: a.lastName,
    gender: a.gender,
    birthDate: a.birthDate,
    ssn: a.ssnLastFour ? `*****${a.ssnLastFour}` : null,
    status: a.status,
    statusInfo: a.statusInfo,
    mobilePhoneNumber: a.mobilePhoneNumber,
    favoriteTheatreId: a.favoriteTheatreId,
    areTermsAndConditionsAccepted: a.areTermsAndConditionsAccepted,
    termsAndConditionsAcceptedVersion: a.termsAndConditionsAcceptedVersion,
    acceptedTermsAndConditionsDate: iso(a.acceptedTermsAndConditionsDate),
    numberOfCardsIssued: a.numberOfCardsIssued,
    activationType: a.activationType,
    activationDate: iso(a.activationDate),
    enrollDate: a.enrollDate.toISOString(),
    isEarn: a.isEarn,
    isRedeem: a.isRedeem,
    receivesNotificationsViaEmail: a.receivesNotificationsViaEmail,
    receivesNotificationsViaMobile: a.receivesNotificationsViaMobile,
    receivesOffersViaEmail: a.receivesOffersViaEmail,
    receivesOffersViaMobile: a.receivesOffersViaMobile,
    receivesWeeklyEmails: a.receivesWeeklyEmails,
    websiteLastUpdateCstDateTime: centralTime(a.websiteLastUpdateCstDateTime),
    ...(a.validationErrors ? { ValidationErrors: a.validationErrors } : {}),
    PortfolioId: a.portfolioId,
    PortfolioType: a.portfolioType,
    _links: {
      self: hal.link(loyaltyAccountPath(a.loyaltyAccountId)),
      'loyalty-cards': hal.link(`/v4/loyalty-cards?loyalty-account-id=${a.loyaltyAccountId}`),
    },
  };
}
