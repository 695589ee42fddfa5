import type { Db } from '../../../db/client';
import type {
  walletCreditCards,
  walletExternalCards,
  walletGiftCards,
  walletPartnerCards,
} from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { maskCardNumber } from '../../pii';

/**
 * The wallet as services return it to both surfaces: every personal value already masked. Nothing in
 * these objects may be a full card number, a gift-card number or a PIN (docs/accounts.md, "Wallet").
 */

/** Most cards of each kind an account may hold (the spec's capacities; its numbers are not shown). */
export const WALLET_CAPACITY = { creditCards: 5, giftCards: 10, partnerCards: 5 } as const;

export type CardKind = 'credit' | 'gift' | 'partner';

export interface CardAddress {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
}

export interface CreditCardView extends CardAddress {
  token: string;
  cardType: string;
  name: string;
  default: boolean;
  verified: boolean;
  expirationDate: string;
  lastFour: string;
  merchantCustomer: string | null;
  merchantToken: string;
  cardHolderFirstName: string | null;
  cardHolderLastName: string | null;
  cardHolderEmail: string | null;
}

export interface GiftCardView extends CardAddress {
  token: string;
  balance: number;
  name: string;
  /** Every digit but the last four replaced by `*`. */
  maskedNumber: string;
  /** `****` whenever the card has a PIN (its length is not revealed either). */
  maskedPin: string | null;
  /** Always null: see docs/accounts.md (the sealed value is under the server's key, useless to clients). */
  encryptedNumber: null;
  encryptedPin: null;
  /** Always null: a QR code of the number would be the number in clear. */
  qrCode: null;
  imageUrl: string | null;
  merchantToken: string | null;
  balanceInquiryToken: string;
  status: string;
}

export interface PartnerCardView extends CardAddress {
  token: string;
  balance: number;
  name: string;
  lastFour: string;
  merchantToken: string | null;
  status: string;
}

export interface ExternalCardView {
  id: number;
  typeId: number;
  displayName: string;
  isPrimary: boolean;
  onDemand: boolean;
  billingAddress: {
    name: string | null;
    lineOne: string | null;
    lineTwo: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    country: string | null;
    defaultBilling: boolean;
  };
}

export interface TenderSummary {
  preferredTender: boolean;
  balance: number;
  count: number;
  maxCount: number;
}

export interface WalletView {
  accountId: number;
  creditCardCount: number;
  maxCreditCardCount: number;
  giftCardSummary: TenderSummary;
  partnerCardSummary: TenderSummary;
  loyaltySummary: { autoSpend: boolean; balance: number; number: string | null };
  creditCards: CreditCardView[];
  giftCards: GiftCardView[];
  partnerCards: PartnerCardView[];
  externalCards: ExternalCardView[];
}

const addressOf = (r: CardAddress): CardAddress => ({
  address1: r.address1,
  address2: r.address2,
  city: r.city,
  state: r.state,
  postalCode: r.postalCode,
});

export function toCreditCard(r: typeof walletCreditCards.$inferSelect): CreditCardView {
  return {
    token: r.token,
    cardType: r.cardType,
    name: r.name,
    default: r.isDefault,
    verified: r.verified,
    expirationDate: r.expirationDate,
    lastFour: r.lastFour,
    merchantCustomer: r.merchantCustomer,
    merchantToken: r.merchantToken,
    ...addressOf(r),
    cardHolderFirstName: r.cardHolderFirstName,
    cardHolderLastName: r.cardHolderLastName,
    cardHolderEmail: r.cardHolderEmail,
  };
}

/** The gift card without its number or PIN: only the stored last four and length make the mask. */
export function toGiftCard(r: typeof walletGiftCards.$inferSelect): GiftCardView {
  return {
    token: r.token,
    balance: r.balance,
    name: r.name,
    maskedNumber: maskCardNumber('*'.repeat(Math.max(r.numberLength - 4, 0)) + r.numberLastFour),
    maskedPin: r.pinSealed ? '****' : null,
    encryptedNumber: null,
    encryptedPin: null,
    qrCode: null,
    imageUrl: r.imageUrl,
    merchantToken: r.merchantToken,
    balanceInquiryToken: r.balanceInquiryToken,
    status: r.status,
    ...addressOf(r),
  };
}

export function toPartnerCard(r: typeof walletPartnerCards.$inferSelect): PartnerCardView {
  return {
    token: r.token,
    balance: r.balance,
    name: r.name,
    lastFour: r.lastFour,
    merchantToken: r.merchantToken,
    status: r.status,
    ...addressOf(r),
  };
}

export function toExternalCard(r: typeof walletExternalCards.$inferSelect): ExternalCardView {
  return {
    id: r.id,
    typeId: r.typeId,
    displayName: r.displayName,
    isPrimary: r.isPrimary,
    onDemand: r.onDemand,
    billingAddress: {
      name: r.billingName,
      lineOne: r.billingLineOne,
      lineTwo: r.billingLineTwo,
      city: r.billingCity,
      state: r.billingState,
      postalCode: r.billingPostalCode,
      country: r.billingCountry,
      defaultBilling: r.defaultBilling,
    },
  };
}

/** What wallet services need of a request: the database, the caller and the request's loaders. */
export interface WalletCtx {
  db: Db;
  principal: Principal;
  /** The request's batched read of wallets (its DataLoader, src/loaders). */
  loaders: { walletByAccountId: { load(accountId: number): Promise<WalletView | null>; clear(accountId: number): unknown } };
}

/** A card token: a UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The view of a card of kind `K`. */
export type CardOf<K extends CardKind> = K extends 'credit' ? CreditCardView : K extends 'gift' ? GiftCardView : PartnerCardView;

/** How a card kind is named in messages. */
export const LABEL: Record<CardKind, string> = { credit: 'Credit', gift: 'Gift', partner: 'Partner' };
