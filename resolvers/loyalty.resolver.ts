import { Arg, Ctx, FieldResolver, Float, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Account } from '../schema/account.type';
import { AssociateInput, EarnForItemsInput } from '../schema/loyalty.input';
import {
  CloseLoyaltyPayload,
  LoyaltyCampaignRegistration,
  LoyaltyTransaction,
  LoyaltyValidation,
  toClosePayload,
  toLoyaltyTransaction,
  toLoyaltyValidation,
  toRegistration,
} from '../schema/loyalty-result.type';
import { LoyaltyAccount, LoyaltyCard, toLoyaltyAccount, toLoyaltyCard } from '../schema/loyalty.type';
import type { Context } from '../src/context';
import { badInput } from '../src/errors';
import { orNull } from './nullable-root';
import { parseIdempotencyKey } from '../src/services/shared/idempotency';
import { parseIndexedFields } from '../src/services/shared/parse-input';
import * as loyalty from '../src/services/loyalty';
import type { Parent } from '../schema/parent';

/** Exactly one of the given lookup arguments, as an AccountKey. */
function accountKey(args: { id?: number | null; email?: string | null; phone?: string | null; cardNumber?: string | null }): loyalty.AccountKey {
  const given = Object.entries(args).filter(([, v]) => v !== undefined && v !== null);
  if (given.length !== 1) throw badInput('Give exactly one of id, email, phone and cardNumber', 'id');
  const { id, email, phone, cardNumber } = args;
  if (id != null) return { by: 'id', id };
  if (email != null) return { by: 'email', email };
  if (phone != null) return { by: 'phone', phone };
  return { by: 'card', cardNumber: cardNumber! };
}

/** The account's loyalty fields (batched through loaders); the parent Account was read under the account rule. */
@Resolver(() => Account)
export class AccountLoyaltyResolver {
  @FieldResolver(() => LoyaltyAccount, { nullable: true, description: 'The loyalty account linked to this site account, if any.' })
  async loyaltyAccount(@Root() account: Parent<Account>, @Ctx() ctx: Context): Promise<LoyaltyAccount | null> {
    const view = await ctx.loaders.loyaltyAccountBySiteAccount.load(account.id);
    return view && toLoyaltyAccount(view);
  }

  @FieldResolver(() => [LoyaltyCard], { description: "The account's loyalty cards, oldest first." })
  async loyaltyCards(@Root() account: Parent<Account>, @Ctx() ctx: Context): Promise<LoyaltyCard[]> {
    return (await ctx.loaders.loyaltyCardsBySiteAccount.load(account.id)).map(toLoyaltyCard);
  }
}

/**
 * Loyalty roots and mutations: the services of REST (src/services/loyalty) with the same rights, the
 * same one NOT_FOUND (null here) and the same validation.
 */
@Resolver()
export class LoyaltyResolver {
  @Query(() => LoyaltyCard, {
    nullable: true,
    description:
      "A loyalty card by number (vendor key or admin) or by `id-{cardId}` as links write it (the holder, an admin or a related vendor); null when unknown or not the caller's, alike.",
  })
  async loyaltyCard(
    @Arg('cardNumber', () => String, { description: 'The card number, or `id-{cardId}`.' }) cardNumber: string,
    @Ctx() ctx: Context,
  ) {
    const card = await orNull(loyalty.getLoyaltyCardByRef(ctx.db, ctx.principal, cardNumber));
    return card && toLoyaltyCard(card);
  }

  @Query(() => LoyaltyAccount, {
    nullable: true,
    description: 'A loyalty account by exactly one of id, e-mail, phone or card number (identifiers need a vendor key); null when unknown or not the caller\'s, alike.',
  })
  async loyaltyAccount(
    @Ctx() ctx: Context,
    @Arg('id', () => Int, { nullable: true, description: 'Loyalty account id.' }) id?: number,
    @Arg('email', () => String, { nullable: true, description: 'E-mail address.' }) email?: string,
    @Arg('phone', () => String, { nullable: true, description: 'Mobile number.' }) phone?: string,
    @Arg('cardNumber', () => String, { nullable: true, description: 'Card number, or `id-{cardId}`.' }) cardNumber?: string,
  ): Promise<LoyaltyAccount | null> {
    const view = await orNull(loyalty.getLoyaltyAccount(ctx.db, ctx.principal, accountKey({ id, email, phone, cardNumber })));
    return view && toLoyaltyAccount(view);
  }

  @Query(() => LoyaltyCard, {
    nullable: true,
    description:
      "The loyalty card of a loyalty account, by the account's id or e-mail (exactly one; an e-mail needs a vendor key or admin): its active card, else its newest (REST `GET /v4/loyalty-cards`); null when the account is unknown, not the caller's, or has no card, alike.",
  })
  async accountLoyaltyCard(
    @Ctx() ctx: Context,
    @Arg('loyaltyAccountId', () => Int, { nullable: true, description: 'Loyalty account id.' }) loyaltyAccountId?: number | null,
    @Arg('email', () => String, { nullable: true, description: 'E-mail of the loyalty account.' }) email?: string | null,
  ): Promise<LoyaltyCard | null> {
    const card = await orNull(loyalty.getAccountLoyaltyCard(ctx.db, ctx.principal, { loyaltyAccountId: loyaltyAccountId ?? undefined, email: email ?? undefined }));
    return card && toLoyaltyCard(card);
  }

  @Mutation(() => LoyaltyTransaction, {
    description:
      'Earns rewards for purchased items (vendor key; by `id-{cardId}` also the holder\'s or an admin\'s token, else FORBIDDEN). Idempotent with idempotencyKey; an item earns once.',
  })
  async earnLoyaltyPoints(
    @Arg('cardNumber', () => String, { description: 'The card to earn on: its number, or `id-{cardId}`.' }) cardNumber: string,
    @Arg('input', () => EarnForItemsInput, { description: 'Total and items.' }) input: EarnForItemsInput,
    @Ctx() ctx: Context,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'A retry with the same key returns the first answer.' })
    idempotencyKey?: string,
  ): Promise<LoyaltyTransaction> {
    // The one validation of this surface: the body's zod schema, as REST parses its body.
    const body = parseIndexedFields(loyalty.earnForItemsSchema, { total: input.total, earnItems: (input.earnItems ?? []).map((i) => ({ ...i })) });
    const key = parseIdempotencyKey(idempotencyKey ?? undefined, 'idempotencyKey');
    const out = await loyalty.earnForItems(ctx.db, ctx.principal, cardNumber, body, { idempotencyKey: key, piiKey: ctx.config.PII_KEY });
    return toLoyaltyTransaction(out.result, out.replayed);
  }

  @Mutation(() => LoyaltyTransaction, {
    description:
      "Pays fees from the card's balance (vendor key; by `id-{cardId}` also the holder's or an admin's token, else FORBIDDEN); never below zero. Idempotent with idempotencyKey.",
  })
  async waiveLoyaltyFees(
    @Arg('cardNumber', () => String, { description: 'The card to spend from: its number, or `id-{cardId}`.' }) cardNumber: string,
    @Arg('amount', () => Float, { description: 'Fees to waive, positive USD with at most two decimals.' }) amount: number,
    @Ctx() ctx: Context,
    @Arg('idempotencyKey', () => String, { nullable: true, description: 'A retry with the same key returns the first answer.' })
    idempotencyKey?: string,
  ): Promise<LoyaltyTransaction> {
    const key = parseIdempotencyKey(idempotencyKey ?? undefined, 'idempotencyKey');
    const out = await loyalty.waiveFees(ctx.db, ctx.principal, cardNumber, parseIndexedFields(loyalty.waiveFeesSchema, { amount }), { idempotencyKey: key, piiKey: ctx.config.PII_KEY });
    return toLoyaltyTransaction(out.result, out.replayed);
  }

  @Mutation(() => LoyaltyValidation, { description: 'Validates a card number, or an associate id with its SSN (vendor key). Give exactly one.' })
  async validateLoyalty(
    @Ctx() ctx: Context,
    @Arg('cardNumber', () => String, { nullable: true, description: 'A card number to validate (or `id-{cardId}`: answered only to who may read the card by id).' }) cardNumber?: string,
    @Arg('associate', () => AssociateInput, { nullable: true, description: 'An associate to validate.' }) associate?: AssociateInput,
  ): Promise<LoyaltyValidation> {
    const body = parseIndexedFields(loyalty.validationSchema, {
      ...(cardNumber != null ? { loyaltyCard: { number: cardNumber } } : {}),
      ...(associate != null ? { associate: { ssn: associate.ssn, associateId: associate.associateId } } : {}),
    });
    return toLoyaltyValidation(await loyalty.validateLoyalty(ctx.db, ctx.principal, body, ctx.config.PII_KEY));
  }

  @Mutation(() => LoyaltyCampaignRegistration, {
    description: 'Registers the loyalty account of an e-mail or card (exactly one; vendor key) for a campaign; registering again changes nothing.',
  })
  async registerLoyaltyCampaign(
    @Arg('campaign', () => String, { description: 'Campaign code.' }) campaign: string,
    @Ctx() ctx: Context,
    @Arg('email', () => String, { nullable: true, description: "The account's e-mail." }) email?: string,
    @Arg('cardNumber', () => String, { nullable: true, description: "The account's card number, or `id-{cardId}` (then a vendor key with the holder's token, or an admin)." }) cardNumber?: string,
  ): Promise<LoyaltyCampaignRegistration> {
    return toRegistration(await loyalty.registerCampaign(ctx.db, ctx.principal, accountKey({ email, cardNumber }), campaign));
  }

  @Mutation(() => CloseLoyaltyPayload, {
    description: 'Unlinks the loyalty account from the site account and closes it with its cards (own token or admin); orders stay.',
  })
  async closeLoyalty(
    @Arg('siteAccountId', () => Int, { description: 'The site account.' }) siteAccountId: number,
    @Ctx() ctx: Context,
  ): Promise<CloseLoyaltyPayload> {
    const result = await loyalty.closeLoyalty(ctx.db, ctx.principal, siteAccountId);
    ctx.loaders.loyaltyAccountBySiteAccount.clear(siteAccountId);
    ctx.loaders.loyaltyCardsBySiteAccount.clear(siteAccountId);
    return toClosePayload(result);
  }
}
