import type { CardKind, CreditCardView, ExternalCardView, GiftCardView, PartnerCardView, WalletView } from '../../services/wallet';
import type { Hal } from '../hal';
import { fieldOf, resource } from '../derive';
import { component } from '../openapi';
import { arr, bool, int, nstr, obj, str } from '../schemas';

/** Path segment and `_embedded` name of each card kind. */
export const CARD_KINDS: Record<CardKind, { segment: string; embedded: string; rel: string }> = {
  credit: { segment: 'credit-cards', embedded: 'creditCards', rel: 'creditcards' },
  gift: { segment: 'gift-cards', embedded: 'giftCards', rel: 'giftcards' },
  partner: { segment: 'partner-cards', embedded: 'partnerCards', rel: 'partnercards' },
};

export const walletPath = (accountId: number) => `/v4/site-accounts/${accountId}/wallet`;
export const cardsPath = (accountId: number, kind: CardKind) => `${walletPath(accountId)}/${CARD_KINDS[kind].segment}`;
export const cardPath = (accountId: number, kind: CardKind, token: string) => `${cardsPath(accountId, kind)}/${token}`;

export const creditCardSchema = component('CreditCard', resource('CreditCard', { links: true }));
export const giftCardSchema = component('GiftCard', resource('GiftCard', { links: true }));
export const partnerCardSchema = component('PartnerCard', resource('PartnerCard', { links: true }));

export const externalCardSchema = component('ExternalCard', resource('ExternalCard', {
  // `onDemand` picks the cards of the on-demand view; REST spells the type id as the spec does, `typeID`.
  omit: ['onDemand', 'typeId'],
  extra: { typeID: fieldOf('ExternalCard', 'typeId') },
}));

/** The wallet's `loyalty` link: its loyalty summary. */
export const walletLoyaltySchema = component('WalletLoyaltySummary', resource('LoyaltySummary', { links: ['wallet'] }));

export const walletSchema = component('Wallet', resource('Wallet', {
  omit: ['creditCards', 'giftCards', 'partnerCards', 'externalCards'],
  extra: {
    _embedded: obj({
      creditCards: arr(creditCardSchema),
      giftCards: arr(giftCardSchema),
      partnerCards: arr(partnerCardSchema),
      externalCards: arr(externalCardSchema),
    }),
  },
  links: ['loyalty', 'creditcards', 'giftcards', 'partnercards'],
}));

export function toCreditCardHal(hal: Hal, accountId: number, c: CreditCardView) {
  return { ...c, _links: hal.self(cardPath(accountId, 'credit', c.token)) };
}
export function toGiftCardHal(hal: Hal, accountId: number, c: GiftCardView) {
  return { ...c, _links: hal.self(cardPath(accountId, 'gift', c.token)) };
}
export function toPartnerCardHal(hal: Hal, accountId: number, c: PartnerCardView) {
  return { ...c, _links: hal.self(cardPath(accountId, 'partner', c.token)) };
}
export function toExternalCardHal(c: ExternalCardView) {
  return { id: c.id, typeID: c.typeId, displayName: c.displayName, isPrimary: c.isPrimary, billingAddress: c.billingAddress };
}

/** The spec's Wallet (v4). */
export function toWalletHal(hal: Hal, w: WalletView) {
  const id = w.accountId;
  return {
    creditCardCount: w.creditCardCount,
    maxCreditCardCount: w.maxCreditCardCount,
    giftCardSummary: w.giftCardSummary,
    loyaltySummary: w.loyaltySummary,
    partnerCardSummary: w.partnerCardSummary,
    _embedded: {
      creditCards: w.creditCards.map((c) => toCreditCardHal(hal, id, c)),
      giftCards: w.giftCards.map((c) => toGiftCardHal(hal, id, c)),
      partnerCards: w.partnerCards.map((c) => toPartnerCardHal(hal, id, c)),
      externalCards: w.externalCards.map(toExternalCardHal),
    },
    _links: {
      ...hal.self(walletPath(id)),
      loyalty: hal.link(`${walletPath(id)}/loyalty`),
      creditcards: hal.link(cardsPath(id, 'credit')),
      giftcards: hal.link(cardsPath(id, 'gift')),
      partnercards: hal.link(cardsPath(id, 'partner')),
    },
  };
}

/** The on-demand view's entry: the spec spells its billing address in PascalCase. */
export const onDemandCardSchema = component('OnDemandCard', obj({
  id: int(),
  typeID: int(),
  displayName: str(),
  isPrimary: bool(),
  BillingAddress: obj({
    Name: nstr(),
    LineOne: nstr(),
    LineTwo: nstr(),
    City: nstr(),
    State: nstr(),
    PostalCode: nstr(),
    Country: nstr(),
    DefaultBilling: bool(),
  }),
}));

export function toOnDemandCard(c: ExternalCardView) {
  const { billingAddress: a, ...card } = toExternalCardHal(c);
  return {
    ...card,
    BillingAddress: {
      Name: a.name,
      LineOne: a.lineOne,
      LineTwo: a.lineTwo,
      City: a.city,
      State: a.state,
      PostalCode: a.postalCode,
      Country: a.country,
      DefaultBilling: a.defaultBilling,
    },
  };
}
