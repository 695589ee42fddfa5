import type { loyaltyAccounts, loyaltyCards } from '../../../db/schema';

export type CardRow = typeof loyaltyCards.$inferSelect;
export type LoyaltyAccountRow = typeof loyaltyAccounts.$inferSelect;

/** Reward points per USD of balance: `pointsEarned` is the balance in points (spec: "balance as reward points"). */
export const POINTS_PER_DOLLAR = 100;
/** Reward earned per USD of item price (10 %: a $10 ticket earns $1.00 = 100 points). */
export const EARN_RATE = 0.1;

/** Rounds to cents (balances and amounts are decimals with two places). */
export const cents = (n: number): number => Math.round(n * 100) / 100;
export const pointsOf = (balance: number): number => Math.round(balance * POINTS_PER_DOLLAR);

/**
 * A loyalty card as both surfaces show it, to a caller entitled to it (access.ts decided before a view
 * is made): `cardNumber` in full, the number a client needs for earn and fee waivers (the spec: holder
 * data "returned by the service"). REST links still echo a number only when the request's own path
 * carried it; elsewhere they name the card `id-{cardId}` (docs/accounts.md).
 */
export interface CardView {
  id: number;
  profileId: number | null;
  siteAccountId: number | null;
  cardNumber: string;
  lastFour: string;
  balance: number;
  pointsEarned: number;
  accountType: string;
  status: string;
  statusInfo: string;
  activationDate: Date | null;
  expirationDate: Date | null;
  /** Whether the card's account holds the A-List product subscription (links only then). */
  hasAListSubscription: boolean;
}

export function toCardView(row: CardRow, account: Pick<LoyaltyAccountRow, 'portfolioType'> | null): CardView {
  return {
    id: row.id,
    profileId: row.loyaltyAccountId,
    siteAccountId: row.siteAccountId,
    cardNumber: row.cardNumber,
    lastFour: row.cardNumber.slice(-4),
    balance: row.balance,
    pointsEarned: pointsOf(row.balance),
    accountType: row.accountType,
    status: row.status,
    statusInfo: row.statusInfo,
    activationDate: row.activationDate,
    expirationDate: row.expirationDate,
    hasAListSubscription: account?.portfolioType === A_LIST_PORTFOLIO,
  };
}

const A_LIST_PORTFOLIO = 'Brand Stubs A-List';

/** A loyalty account as both surfaces show it, to a caller entitled to the holder: SSN as its last four only, its card's number in full. */
export interface LoyaltyAccountView {
  loyaltyAccountId: number;
  siteAccountId: number | null;
  cardNumber: string | null;
  email: string;
  firstName: string;
  middleInitial: string | null;
  lastName: string;
  gender: string | null;
  birthDate: string | null;
  ssnLastFour: string | null;
  address: { address1: string | null; address2: string | null; city: string | null; postalCode: string | null; state: string | null };
  status: string;
  statusInfo: string;
  mobilePhoneNumber: string | null;
  favoriteTheatreId: number | null;
  areTermsAndConditionsAccepted: boolean;
  termsAndConditionsAcceptedVersion: number | null;
  acceptedTermsAndConditionsDate: Date | null;
  numberOfCardsIssued: number;
  activationType: string | null;
  activationDate: Date | null;
  enrollDate: Date;
  isEarn: boolean;
  isRedeem: boolean;
  receivesNotificationsViaEmail: boolean;
  receivesNotificationsViaMobile: boolean;
  receivesOffersViaEmail: boolean;
  receivesOffersViaMobile: boolean;
  receivesWeeklyEmails: boolean;
  websiteLastUpdateCstDateTime: Date | null;
  validationErrors: string | null;
  portfolioId: string | null;
  portfolioType: string | null;
}

/**
 * The account's card among its cards (newest first): the newest Active one, else the newest. It is the
 * account's `cardNumber` and what `GET /v4/loyalty-cards?loyalty-account-id=` answers.
 */
export function primaryCard(cards: readonly CardRow[]): CardRow | undefined {
  return cards.find((c) => c.status === 'Active') ?? cards[0];
}

/** `cards` are the account's cards, newest first. */
export function toLoyaltyAccountView(row: LoyaltyAccountRow, cards: CardRow[]): LoyaltyAccountView {
  const primary = primaryCard(cards);
  return {
    loyaltyAccountId: row.id,
    siteAccountId: row.siteAccountId,
    cardNumber: primary ? primary.cardNumber : null,
    email: row.email,
    firstName: row.firstName,
    middleInitial: row.middleInitial,
    lastName: row.lastName,
    gender: row.gender,
    birthDate: row.birthDate,
    ssnLastFour: row.ssnLastFour,
    address: { address1: row.address1, address2: row.address2, city: row.city, postalCode: row.postalCode, state: row.state },
    status: row.status,
    statusInfo: row.statusInfo,
    mobilePhoneNumber: row.mobilePhoneNumber,
    favoriteTheatreId: row.favoriteTheatreId,
    areTermsAndConditionsAccepted: row.termsAccepted,
    termsAndConditionsAcceptedVersion: row.termsVersion,
    acceptedTermsAndConditionsDate: row.termsAcceptedAt,
    numberOfCardsIssued: cards.length,
    activationType: row.activationType,
    activationDate: row.activationDate,
    enrollDate: row.enrollDate,
    isEarn: row.isEarn,
    isRedeem: row.isRedeem,
    receivesNotificationsViaEmail: row.notificationsViaEmail,
    receivesNotificationsViaMobile: row.notificationsViaMobile,
    receivesOffersViaEmail: row.offersViaEmail,
    receivesOffersViaMobile: row.offersViaMobile,
    receivesWeeklyEmails: row.weeklyEmails,
    websiteLastUpdateCstDateTime: row.websiteLastUpdatedAt,
    validationErrors: row.validationErrors,
    portfolioId: row.portfolioId,
    portfolioType: row.portfolioType,
  };
}
