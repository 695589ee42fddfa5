import { Field, Float, Int, ObjectType } from 'type-graphql';
import type { CreditCardView, ExternalCardView, GiftCardView, PartnerCardView, WalletView } from '../src/services/wallet';

/** The billing address of a saved card: the same five fields on every card type. */
abstract class BillingAddressed {
  address1!: string | null;
  address2!: string | null;
  city!: string | null;
  state!: string | null;
  postalCode!: string | null;
}

/**
 * Declares the GraphQL fields of `BillingAddressed` right after the field it decorates: the decorators
 * of one property run bottom-up, so placed above that property's `@Field` it keeps each card type's SDL
 * field order (a type-graphql base class would put its fields first).
 */
function BillingAddressFields(stateDescription = 'Billing state.'): PropertyDecorator {
  return (prototype, _key) => {
    const fields: [keyof BillingAddressed, string][] = [
      ['address1', 'Billing address line 1.'],
      ['address2', 'Billing address line 2.'],
      ['city', 'Billing city.'],
      ['state', stateDescription],
      ['postalCode', 'Billing ZIP code.'],
    ];
    for (const [name, description] of fields) Field(() => String, { nullable: true, description })(prototype, name);
  };
}

@ObjectType({ description: 'A saved credit card: a processor token and the last four digits; the full number is never stored.' })
export class CreditCard extends BillingAddressed {
  @Field(() => String, { description: "The card's id in the wallet (REST self link); not a payment credential." })
  token!: string;

  @Field(() => String, { description: 'Card brand: Visa, MasterCard, AmericanExpress, Discover, …' })
  cardType!: string;

  @Field(() => String, { description: 'Display name the holder gave the card.' })
  name!: string;

  @Field(() => Boolean, { description: 'Whether this is the default card of the wallet.' })
  default!: boolean;

  @Field(() => Boolean, { description: 'Verified by a zero-dollar authorization.' })
  verified!: boolean;

  @Field(() => String, { description: 'Expiration month, `MM/YYYY`.' })
  expirationDate!: string;

  @Field(() => String, { description: 'The last four digits of the number (the only digits stored).' })
  lastFour!: string;

  @Field(() => String, { nullable: true, description: "The processor's customer id." })
  merchantCustomer!: string | null;

  @BillingAddressFields('Billing state (two-letter code).')
  @Field(() => String, { description: "The processor's token that pays with the card." })
  merchantToken!: string;

  @Field(() => String, { nullable: true, description: "Holder's first name, only when not the account holder." })
  cardHolderFirstName!: string | null;

  @Field(() => String, { nullable: true, description: "Holder's last name, only when not the account holder." })
  cardHolderLastName!: string | null;

  @Field(() => String, { nullable: true, description: "Holder's e-mail, only when not the account holder." })
  cardHolderEmail!: string | null;
}

@ObjectType({ description: 'A gift card. Its number and PIN are stored sealed and never returned: only masks.' })
export class GiftCard extends BillingAddressed {
  @Field(() => String, { description: "The card's id in the wallet." })
  token!: string;

  @Field(() => Float, { description: 'Balance in USD.' })
  balance!: number;

  @Field(() => String, { description: 'Display name.' })
  name!: string;

  @Field(() => String, { description: 'The number with every digit but the last four replaced by `*`.' })
  maskedNumber!: string;

  @Field(() => String, { nullable: true, description: '`****` when the card has a PIN; null otherwise.' })
  maskedPin!: string | null;

  @Field(() => String, { nullable: true, description: 'Always null: the number is sealed under the server key, which clients cannot use (docs/accounts.md).' })
  encryptedNumber!: null;

  @Field(() => String, { nullable: true, description: 'Always null, as encryptedNumber.' })
  encryptedPin!: null;

  @Field(() => String, { nullable: true, description: 'Always null: a QR code would carry the number in clear.' })
  qrCode!: null;

  @Field(() => String, { nullable: true, description: 'Card design image.' })
  imageUrl!: string | null;

  @Field(() => String, { nullable: true, description: "The processor's token of the card." })
  merchantToken!: string | null;

  @Field(() => String, { description: 'Token for balance inquiries (named `token` in wallet v3).' })
  balanceInquiryToken!: string;

  @BillingAddressFields()
  @Field(() => String, { description: 'Active, Depleted, Inactive or Closed.' })
  status!: string;
}

@ObjectType({ description: "A partner (co-brand) stored-value card, shown by its last four." })
export class PartnerCard extends BillingAddressed {
  @Field(() => String, { description: "The card's id in the wallet." })
  token!: string;

  @Field(() => Float, { description: 'Balance in USD.' })
  balance!: number;

  @Field(() => String, { description: 'Display name.' })
  name!: string;

  @Field(() => String, { description: 'Last four digits of the number.' })
  lastFour!: string;

  @Field(() => String, { nullable: true, description: "The processor's token of the card." })
  merchantToken!: string | null;

  @BillingAddressFields()
  @Field(() => String, { description: 'Active, Inactive or Closed.' })
  status!: string;
}

@ObjectType({ description: 'Billing address of an external card.' })
export class ExternalBillingAddress {
  @Field(() => String, { nullable: true, description: 'Name on the bill.' })
  name!: string | null;

  @Field(() => String, { nullable: true, description: 'Address line one.' })
  lineOne!: string | null;

  @Field(() => String, { nullable: true, description: 'Address line two.' })
  lineTwo!: string | null;

  @Field(() => String, { nullable: true, description: 'City.' })
  city!: string | null;

  @Field(() => String, { nullable: true, description: 'State.' })
  state!: string | null;

  @Field(() => String, { nullable: true, description: 'ZIP code.' })
  postalCode!: string | null;

  @Field(() => String, { nullable: true, description: 'Country code.' })
  country!: string | null;

  @Field(() => Boolean, { description: 'Whether this is the default billing address.' })
  defaultBilling!: boolean;
}

@ObjectType({ description: 'A card of an external biller (carrier or app-store billing).' })
export class ExternalCard {
  @Field(() => Int, { description: 'External card id.' })
  id!: number;

  @Field(() => Int, { description: "The biller type's id (`typeID` in REST)." })
  typeId!: number;

  @Field(() => String, { description: 'Display name.' })
  displayName!: string;

  @Field(() => Boolean, { description: 'Whether this is the primary external card.' })
  isPrimary!: boolean;

  @Field(() => Boolean, { description: 'Usable for on-demand purchases (the on-demand wallet view).' })
  onDemand!: boolean;

  @Field(() => ExternalBillingAddress, { description: 'Billing address.' })
  billingAddress!: ExternalBillingAddress;
}

@ObjectType({ description: 'Summary of the gift or partner cards of a wallet.' })
export class TenderSummary {
  @Field(() => Boolean, { description: 'Whether this kind of card is the preferred tender of the account.' })
  preferredTender!: boolean;

  @Field(() => Float, { description: 'Sum of the balances, USD.' })
  balance!: number;

  @Field(() => Int, { description: 'Number of cards.' })
  count!: number;

  @Field(() => Int, { description: 'Most cards of this kind a wallet may hold.' })
  maxCount!: number;
}

@ObjectType({ description: "Summary of the account's loyalty card within the wallet." })
export class LoyaltySummary {
  @Field(() => Boolean, { description: 'Whether rewards are spent automatically.' })
  autoSpend!: boolean;

  @Field(() => Float, { description: 'Reward balance, USD.' })
  balance!: number;

  @Field(() => String, { nullable: true, description: "The account's loyalty card number, in full (the wallet is its holder's); null without a card." })
  number!: string | null;
}

@ObjectType({ description: "An account's wallet (Wallet v4): summaries and saved cards, payment card numbers masked." })
export class Wallet {
  @Field(() => Int, { description: 'Number of saved credit cards.' })
  creditCardCount!: number;

  @Field(() => Int, { description: 'Most credit cards a wallet may hold.' })
  maxCreditCardCount!: number;

  @Field(() => TenderSummary, { description: 'Gift cards summary.' })
  giftCardSummary!: TenderSummary;

  @Field(() => TenderSummary, { description: 'Partner cards summary.' })
  partnerCardSummary!: TenderSummary;

  @Field(() => LoyaltySummary, { description: 'Loyalty summary.' })
  loyaltySummary!: LoyaltySummary;

  @Field(() => [CreditCard], { description: 'Saved credit cards.' })
  creditCards!: CreditCard[];

  @Field(() => [GiftCard], { description: 'Gift cards.' })
  giftCards!: GiftCard[];

  @Field(() => [PartnerCard], { description: 'Partner cards.' })
  partnerCards!: PartnerCard[];

  @Field(() => [ExternalCard], { description: 'External biller cards.' })
  externalCards!: ExternalCard[];
}

/** The GraphQL wallet of a service view (already masked; plain field copies). */
export function toWallet(w: WalletView): Wallet {
  return Object.assign(new Wallet(), {
    creditCardCount: w.creditCardCount,
    maxCreditCardCount: w.maxCreditCardCount,
    giftCardSummary: w.giftCardSummary,
    partnerCardSummary: w.partnerCardSummary,
    loyaltySummary: w.loyaltySummary,
    creditCards: w.creditCards.map((c: CreditCardView) => ({ ...c })),
    giftCards: w.giftCards.map((c: GiftCardView) => ({ ...c })),
    partnerCards: w.partnerCards.map((c: PartnerCardView) => ({ ...c })),
    externalCards: w.externalCards.map((c: ExternalCardView) => ({ ...c })),
  });
}
