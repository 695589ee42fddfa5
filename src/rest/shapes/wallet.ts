import type { CardKind, CreditCardView, ExternalCardView, GiftCardView, PartnerCardView, WalletView } from '../../services/wallet/model';
import type { Hal } from '../hal';
import { arr, bool, int, links, nstr, num, obj, str } from '../schemas';

/** Path segment and `_embedded` name of each card kind. */
export const CARD_KINDS: Record<CardKind, { segment: string; embedded: string; rel: string }> = {
  credit: { segment: 'credit-cards', embedded: 'creditCards', rel: 'creditcards' },
  gift: { segment: 'gift-cards', embedded: 'giftCards', rel: 'giftcards' },
  partner: { segment: 'partner-cards', embedded: 'partnerCards', rel: 'partnercards' },
};

export const walletPath = (accountId: number) => `/v4/site-accounts/${accountId}/wallet`;
export const cardsPath = (accountId: number, kind: CardKind) => `${walletPath(accountId)}/${CARD_KINDS[kind].segment}`;
export const cardPath = (accountId: number, kind: CardKind, token: string) => `${cardsPath(accountId, kind)}/${token}`;

const address = { address1: nstr(), address2: nstr(), city: nstr(), state: nstr(), postalCode: nstr() };

export const creditCardSchema = obj({
  token: str('The card in the wallet (its self link); not a payment credential.'),
  cardType: str(),
  name: str(),
  default: bool(),
  verified: bool('Verified by a zero-dollar authorization.'),
  expirationDate: str('MM/YYYY.'),
  lastFour: str('The only digits of the number ever stored.'),
  merchantCustomer: nstr(),
  merchantToken: str("The processor's token that pays with the card."),
  ...address,
  cardHolderFirstName: nstr('Only when the holder is not the account holder.'),
  cardHolderLastName: nstr(),
  cardHolderEmail: nstr(),
  _links: links(),
});

export const giftCardSchema = obj({
  token: str(),
  balance: num(),
  name: str(),
  maskedNumber: str('Every digit but the last four is `*`.'),
  maskedPin: nstr('`****` when the card has a PIN.'),
  encryptedNumber: nstr('Always null (docs/accounts.md).'),
  encryptedPin: nstr('Always null (docs/accounts.md).'),
  qrCode: nstr('Always null: it would encode the number in clear.'),
  imageUrl: nstr(),
  merchantToken: nstr(),
  balanceInquiryToken: str('Named `token` in wallet v3.'),
  status: str('Active, Depleted, Inactive or Closed.'),
  ...address,
  _links: links(),
});

export const partnerCardSchema = obj({
  token: str(),
  balance: num(),
  name: str(),
  lastFour: str(),
  merchantToken: nstr(),
  status: str('Active, Inactive or Closed.'),
  ...address,
  _links: links(),
});

export const externalCardSchema = obj({
  id: int(),
  typeID: int(),
  displayName: str(),
  isPrimary: bool(),
  billingAddress: obj({
    name: nstr(),
    lineOne: nstr(),
    lineTwo: nstr(),
    city: nstr(),
    state: nstr(),
    postalCode: nstr(),
    country: nstr(),
    defaultBilling: bool(),
  }),
});

const summary = obj({ preferredTender: bool(), balance: num(), count: int(), maxCount: int() });
export const loyaltySummarySchema = obj({
  autoSpend: bool(),
  balance: num(),
  number: nstr("The account's loyalty card number, in full (a wallet is read by its holder or an admin)."),
});

export const walletSchema = obj({
  creditCardCount: int(),
  maxCreditCardCount: int(),
  giftCardSummary: summary,
  loyaltySummary: loyaltySummarySchema,
  partnerCardSummary: summary,
  _embedded: obj({
    creditCards: arr(creditCardSchema),
    giftCards: arr(giftCardSchema),
    partnerCards: arr(partnerCardSchema),
    externalCards: arr(externalCardSchema),
  }),
  _links: links(['loyalty', 'creditcards', 'giftcards', 'partnercards']),
});

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
export const onDemandCardSchema = obj({
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
});

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
