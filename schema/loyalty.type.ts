import { GraphQLLocalDate } from 'graphql-scalars';
import { GraphQLDateTime } from './scalars';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { CardView, LoyaltyAccountView } from '../src/services/loyalty';
import { LoyaltyAccountType, LoyaltyStatus, LoyaltyStatusInfo } from './loyalty-enums.type';

@ObjectType({ description: 'A loyalty card, to a caller entitled to it (its number in full: the number earn and fee waivers take).' })
export class LoyaltyCard {
  @Field(() => Int, { description: 'Card id (links that may not carry the number name the card `id-{id}`).' })
  id!: number;

  @Field(() => Int, { nullable: true, description: "The card's loyalty account id (the spec's profileId)." })
  profileId!: number | null;

  @Field(() => String, { description: 'The card number, in full.' })
  cardNumber!: string;

  @Field(() => String, { description: 'The last four characters of the card number.' })
  lastFour!: string;

  @Field(() => Float, { description: 'Reward balance in USD.' })
  balance!: number;

  @Field(() => Int, { description: 'The balance as reward points (100 points per USD).' })
  pointsEarned!: number;

  @Field(() => LoyaltyAccountType, { description: 'Membership type.' })
  accountType!: LoyaltyAccountType;

  @Field(() => LoyaltyStatus, { description: 'Card status.' })
  status!: LoyaltyStatus;

  @Field(() => LoyaltyStatusInfo, { description: 'Card sub-status (FRAUD is the fraud flag).' })
  statusInfo!: LoyaltyStatusInfo;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the card was activated (UTC).' })
  activationDate!: Date | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the card expires (UTC).' })
  expirationDate!: Date | null;

  @Field(() => Boolean, { description: "Whether the card's account holds the A-List product subscription." })
  hasAListSubscription!: boolean;
}

export function toLoyaltyCard(view: CardView): LoyaltyCard {
  return Object.assign(new LoyaltyCard(), view);
}

@ObjectType({ description: "A loyalty account holder's postal address." })
export class LoyaltyAddress {
  @Field(() => String, { nullable: true, description: 'Street address.' })
  address1!: string | null;

  @Field(() => String, { nullable: true, description: 'Second address line.' })
  address2!: string | null;

  @Field(() => String, { nullable: true, description: 'City.' })
  city!: string | null;

  @Field(() => String, { nullable: true, description: 'Postal (ZIP) code.' })
  postalCode!: string | null;

  @Field(() => String, { nullable: true, description: 'State code.' })
  state!: string | null;
}

@ObjectType({ description: 'A loyalty account (holder data: readable by the holder, an admin, or a related vendor).' })
export class LoyaltyAccount {
  @Field(() => Int, { description: 'Loyalty account id.' })
  loyaltyAccountId!: number;

  @Field(() => Int, { nullable: true, description: 'The linked site account, if any.' })
  siteAccountId!: number | null;

  @Field(() => String, { nullable: true, description: "The number of the account's card (its active card, else its newest), in full." })
  cardNumber!: string | null;

  @Field(() => String, { description: "The holder's e-mail address." })
  email!: string;

  @Field(() => String, { description: "The holder's first name." })
  firstName!: string;

  @Field(() => String, { nullable: true, description: "The holder's middle initial." })
  middleInitial!: string | null;

  @Field(() => String, { description: "The holder's last name." })
  lastName!: string;

  @Field(() => String, { nullable: true, description: 'Gender as the holder gave it (M, F, U).' })
  gender!: string | null;

  @Field(() => GraphQLLocalDate, { nullable: true, description: 'Date of birth, YYYY-MM-DD.' })
  birthDate!: string | null;

  @Field(() => String, { nullable: true, description: "The last four digits of the holder's SSN (never more)." })
  ssnLastFour!: string | null;

  @Field(() => LoyaltyAddress, { description: 'Postal address.' })
  address!: LoyaltyAddress;

  @Field(() => LoyaltyStatus, { description: 'Account status.' })
  status!: LoyaltyStatus;

  @Field(() => LoyaltyStatusInfo, { description: 'Account sub-status.' })
  statusInfo!: LoyaltyStatusInfo;

  @Field(() => String, { nullable: true, description: 'Mobile number, ten digits.' })
  mobilePhoneNumber!: string | null;

  @Field(() => Int, { nullable: true, description: "The holder's favorite theatre id." })
  favoriteTheatreId!: number | null;

  @Field(() => Boolean, { description: 'Whether the terms and conditions are accepted.' })
  areTermsAndConditionsAccepted!: boolean;

  @Field(() => Int, { nullable: true, description: 'Version of the accepted terms and conditions.' })
  termsAndConditionsAcceptedVersion!: number | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the terms were accepted (UTC).' })
  acceptedTermsAndConditionsDate!: Date | null;

  @Field(() => Int, { description: 'How many cards the account was issued.' })
  numberOfCardsIssued!: number;

  @Field(() => String, { nullable: true, description: 'ASSO (associate) or WELC (welcome).' })
  activationType!: string | null;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the account was activated (UTC).' })
  activationDate!: Date | null;

  @Field(() => GraphQLDateTime, { description: 'When the holder enrolled (UTC).' })
  enrollDate!: Date;

  @Field(() => Boolean, { description: 'Whether the account may earn rewards.' })
  isEarn!: boolean;

  @Field(() => Boolean, { description: 'Whether the account may spend (redeem) rewards.' })
  isRedeem!: boolean;

  @Field(() => Boolean, { description: 'Notifications by e-mail.' })
  receivesNotificationsViaEmail!: boolean;

  @Field(() => Boolean, { description: 'Notifications by mobile.' })
  receivesNotificationsViaMobile!: boolean;

  @Field(() => Boolean, { description: 'Offers by e-mail.' })
  receivesOffersViaEmail!: boolean;

  @Field(() => Boolean, { description: 'Offers by mobile.' })
  receivesOffersViaMobile!: boolean;

  @Field(() => Boolean, { description: 'The weekly e-mail.' })
  receivesWeeklyEmails!: boolean;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Last website update (UTC; REST prints it in Central time).' })
  websiteLastUpdateCstDateTime!: Date | null;

  @Field(() => String, { nullable: true, description: 'Invalid data reported by the external loyalty system, if any.' })
  validationErrors!: string | null;

  @Field(() => String, { nullable: true, description: 'Portfolio id.' })
  portfolioId!: string | null;

  @Field(() => String, { nullable: true, description: 'Portfolio type (Brand Stubs Premiere, Brand Stubs A-List, …).' })
  portfolioType!: string | null;
}

export function toLoyaltyAccount(view: LoyaltyAccountView): LoyaltyAccount {
  return Object.assign(new LoyaltyAccount(), { ...view, address: Object.assign(new LoyaltyAddress(), view.address) });
}
