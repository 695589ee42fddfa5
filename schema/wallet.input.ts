import { Field, InputType } from 'type-graphql';

/**
 * What a wallet card update may change: its display name and billing address (REST: the PUT body on the
 * card's self link). An absent field is kept and a null address field is cleared, as in the PUT body; the
 * one validation is the service's (CARD_UPDATE, src/services/wallet/write.ts).
 */
@InputType({ description: 'A new display name or billing address of a gift or partner card; absent fields are kept, a null address field is cleared.' })
export class WalletCardUpdateInput {
  @Field(() => String, { nullable: true, description: 'Display name (1–60 characters).' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Billing address line 1; null clears it.' })
  address1?: string | null;

  @Field(() => String, { nullable: true, description: 'Billing address line 2; null clears it.' })
  address2?: string | null;

  @Field(() => String, { nullable: true, description: 'Billing city; null clears it.' })
  city?: string | null;

  @Field(() => String, { nullable: true, description: 'Billing state, a two-letter code; null clears it.' })
  state?: string | null;

  @Field(() => String, { nullable: true, description: 'Billing ZIP code, 12345 or 12345-6789; null clears it.' })
  postalCode?: string | null;
}

@InputType({ description: 'A new display name or billing address of a credit card, or making it the default; absent fields are kept, a null address field is cleared.' })
export class WalletCreditCardUpdateInput extends WalletCardUpdateInput {
  @Field(() => Boolean, { nullable: true, description: 'true makes this the default card (the others stop being it); false is refused.' })
  default?: boolean | null;
}
