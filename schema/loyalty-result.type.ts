import { GraphQLDateTime } from './scalars';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { CloseLoyaltyResult, LoyaltyTransactionResult, RegistrationResult, ValidationResult } from '../src/services/loyalty';
import { LoyaltyAccountType, LoyaltyStatus, LoyaltyStatusInfo, LoyaltyTransactionKind } from './loyalty-enums.type';

@ObjectType({ description: 'What one earned item added.' })
export class LoyaltyEarnedItem {
  @Field(() => String, { description: "The vendor's product id of the item." })
  productId!: string;

  @Field(() => Float, { description: 'Reward earned, USD.' })
  earned!: number;

  @Field(() => Int, { description: 'Reward earned, points.' })
  pointsEarned!: number;
}

@ObjectType({ description: 'The result of an earn or a fee waiver (what an idempotency key replays).' })
export class LoyaltyTransaction {
  @Field(() => Int, { description: 'Ledger transaction id.' })
  transactionId!: number;

  @Field(() => LoyaltyTransactionKind, { description: 'Earn or fee waiver.' })
  kind!: LoyaltyTransactionKind;

  @Field(() => String, { description: 'The card number, masked.' })
  cardNumber!: string;

  @Field(() => Float, { description: 'Earn: reward added; fee waiver: fees paid from the balance (USD).' })
  amount!: number;

  @Field(() => Int, { description: 'Signed change of points.' })
  pointsChange!: number;

  @Field(() => Float, { description: 'Balance after (USD).' })
  balance!: number;

  @Field(() => Int, { description: 'Balance after, in points.' })
  pointsEarned!: number;

  @Field(() => [LoyaltyEarnedItem], { description: 'Earned items (empty for a fee waiver).' })
  items!: LoyaltyEarnedItem[];

  @Field(() => GraphQLDateTime, { description: 'When the transaction was recorded (UTC).' })
  createdDateUtc!: Date;

  @Field(() => Boolean, { description: 'True when this is the stored answer of an earlier request with the same idempotency key.' })
  replayed!: boolean;
}

export function toLoyaltyTransaction(result: LoyaltyTransactionResult, replayed: boolean): LoyaltyTransaction {
  return Object.assign(new LoyaltyTransaction(), {
    ...result,
    createdDateUtc: new Date(result.createdDateUtc),
    items: result.items.map((i) => Object.assign(new LoyaltyEarnedItem(), i)),
    replayed,
  });
}

@ObjectType({ description: 'A validated card, its number masked.' })
export class LoyaltyCardValidation {
  @Field(() => String, { description: 'The card number, masked.' })
  cardNumber!: string;

  @Field(() => LoyaltyAccountType, { description: 'Membership type.' })
  accountType!: LoyaltyAccountType;

  @Field(() => LoyaltyStatus, { description: 'Card status.' })
  status!: LoyaltyStatus;

  @Field(() => LoyaltyStatusInfo, { description: 'Card sub-status.' })
  statusInfo!: LoyaltyStatusInfo;
}

@ObjectType({ description: 'A validated associate: id and the last four SSN digits only.' })
export class AssociateValidation {
  @Field(() => Int, { description: 'Associate id.' })
  associateId!: number;

  @Field(() => String, { description: 'Last four digits of the SSN.' })
  ssnLastFour!: string;
}

@ObjectType({ description: 'The answer of a loyalty validation.' })
export class LoyaltyValidation {
  @Field(() => Boolean, { description: 'Whether the card (or associate) is valid and usable.' })
  valid!: boolean;

  @Field(() => String, { nullable: true, description: 'Why not: NotFound, Closed, Fraud or Inactive; null when valid.' })
  reason!: string | null;

  @Field(() => LoyaltyCardValidation, { nullable: true, description: 'The card, when a card was validated and exists.' })
  loyaltyCard!: LoyaltyCardValidation | null;

  @Field(() => AssociateValidation, { nullable: true, description: 'The associate, when the id and SSN matched.' })
  associate!: AssociateValidation | null;
}

export function toLoyaltyValidation(v: ValidationResult): LoyaltyValidation {
  return Object.assign(new LoyaltyValidation(), {
    ...v,
    loyaltyCard: v.loyaltyCard && Object.assign(new LoyaltyCardValidation(), v.loyaltyCard),
    associate: v.associate && Object.assign(new AssociateValidation(), v.associate),
  });
}

@ObjectType({ description: 'A loyalty campaign.' })
export class LoyaltyCampaign {
  @Field(() => String, { description: 'Campaign code (the REST path segment).' })
  code!: string;

  @Field(() => String, { description: 'Display name.' })
  name!: string;

  @Field(() => String, { description: 'What the campaign offers.' })
  description!: string;

  @Field(() => GraphQLDateTime, { description: 'Start (UTC).' })
  startDateUtc!: Date;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'End (UTC); null when open-ended.' })
  endDateUtc!: Date | null;
}

@ObjectType({ description: "A loyalty account's registration for a campaign." })
export class LoyaltyCampaignRegistration {
  @Field(() => Int, { description: 'The registered loyalty account.' })
  loyaltyAccountId!: number;

  @Field(() => LoyaltyCampaign, { description: 'The campaign.' })
  campaign!: LoyaltyCampaign;

  @Field(() => GraphQLDateTime, { description: 'When the account registered (UTC).' })
  registeredDateUtc!: Date;

  @Field(() => Boolean, { description: 'False when the account was registered already (nothing changed).' })
  created!: boolean;
}

export function toRegistration(r: RegistrationResult): LoyaltyCampaignRegistration {
  const campaign = Object.assign(new LoyaltyCampaign(), {
    ...r.campaign,
    startDateUtc: new Date(r.campaign.startDateUtc),
    endDateUtc: r.campaign.endDateUtc ? new Date(r.campaign.endDateUtc) : null,
  });
  return Object.assign(new LoyaltyCampaignRegistration(), { ...r, campaign, registeredDateUtc: new Date(r.registeredDateUtc) });
}

@ObjectType({ description: 'What closing loyalty did: the loyalty account unlinked and closed with its cards; orders untouched.' })
export class CloseLoyaltyPayload {
  @Field(() => Int, { description: 'The site account.' })
  siteAccountId!: number;

  @Field(() => Int, { description: 'The loyalty account that was closed.' })
  loyaltyAccountId!: number;

  @Field(() => LoyaltyStatus, { description: 'CLOSED.' })
  status!: LoyaltyStatus;

  @Field(() => LoyaltyStatusInfo, { description: 'CLOSED.' })
  statusInfo!: LoyaltyStatusInfo;

  @Field(() => Int, { description: 'Cards closed with it.' })
  closedCards!: number;

  @Field(() => GraphQLDateTime, { description: 'When (UTC).' })
  closedDateUtc!: Date;
}

export function toClosePayload(r: CloseLoyaltyResult): CloseLoyaltyPayload {
  return Object.assign(new CloseLoyaltyPayload(), { ...r, closedDateUtc: new Date(r.closedDateUtc) });
}
