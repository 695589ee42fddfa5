import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Info, Int, Mutation, Resolver, Root } from 'type-graphql';
import { Account } from '../schema/account.type';
import { type Movie, MoviePage, MovieView } from '../schema/movie.type';
import { PageArgs } from '../schema/paging.type';
import { WalletCardUpdateInput, WalletCreditCardUpdateInput } from '../schema/wallet.input';
import { CreditCard, ExternalCard, GiftCard, PartnerCard, Wallet, toWallet } from '../schema/wallet.type';
import type { Context } from '../src/context';
import { readPage } from '../src/read-planner';
import { personalizedMovieList } from '../src/services/movie';
import type { Page } from '../src/services/shared/paging';
import { CARD_UPDATE, deleteCard, getWallet, onDemandCards, updateCard } from '../src/services/wallet';
import { parseInput } from '../src/services/shared/parse-input';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@ArgsType()
class PersonalizedMoviesArgs extends PageArgs {
  @Field(() => MovieView, { description: 'Which movie view to rank for the account.' })
  view!: MovieView;
}

/**
 * The account's wallet and personalized movies, on the same services as REST (Wallet v4, Personalized
 * movies v2); the wallet is read through the `walletByAccountId` loader.
 */
@Resolver(() => Account)
export class AccountWalletResolver {
  @FieldResolver(() => Wallet, { description: "The account's wallet: summaries and cards, numbers masked to the last four." })
  async wallet(@Root() account: Parent<Account>, @Ctx() ctx: Context): Promise<Wallet> {
    return toWallet(await getWallet(ctx, account.id));
  }

  @FieldResolver(() => [ExternalCard], { description: 'External cards usable for on-demand purchases (the on-demand wallet view).' })
  async onDemandCards(@Root() account: Parent<Account>, @Ctx() ctx: Context): Promise<ExternalCard[]> {
    return (await onDemandCards(ctx, account.id)).map((c) => Object.assign(new ExternalCard(), c));
  }

  @FieldResolver(() => MoviePage, {
    description: "A movie view ranked for the account's taste (order history genres, favourite theatre, then popularity; docs/accounts.md).",
  })
  async personalizedMovies(
    @Root() account: Parent<Account>,
    @Args(() => PersonalizedMoviesArgs) args: PersonalizedMoviesArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MoviePage> {
    const list = await personalizedMovieList(ctx.db, ctx.principal, account.id, args.view);
    return toGraphQLPage(MoviePage, (await readPage(ctx, info, list, args)) as Page<Movie>, (m) => m);
  }
}

/** What the client gave: absent fields dropped (kept by the update), nulls kept (they clear a field). */
function given(input: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/**
 * Wallet card writes: the same service, rights (the account's own token or an admin) and validation
 * (CARD_UPDATE) as PUT and DELETE on a card's self link, /v4/site-accounts/{account-id}/wallet/{kind}/{card-token}.
 */
@Resolver()
export class WalletMutationResolver {
  @Mutation(() => CreditCard, { description: 'Renames a credit card, changes its billing address or makes it the default (REST `PUT …/wallet/credit-cards/{card-token}`).' })
  async updateWalletCreditCard(
    @Arg('accountId', () => Int, { description: 'Site account id.' }) accountId: number,
    @Arg('token', () => String, { description: "The card's token." }) token: string,
    @Arg('input', () => WalletCreditCardUpdateInput, { description: 'What to change.' }) input: WalletCreditCardUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<CreditCard> {
    const card = await updateCard(ctx, accountId, 'credit', token, parseInput(CARD_UPDATE.credit, given(input)));
    return Object.assign(new CreditCard(), card);
  }

  @Mutation(() => GiftCard, { description: 'Renames a gift card or changes its billing address (REST `PUT …/wallet/gift-cards/{card-token}`).' })
  async updateWalletGiftCard(
    @Arg('accountId', () => Int, { description: 'Site account id.' }) accountId: number,
    @Arg('token', () => String, { description: "The card's token." }) token: string,
    @Arg('input', () => WalletCardUpdateInput, { description: 'What to change.' }) input: WalletCardUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<GiftCard> {
    const card = await updateCard(ctx, accountId, 'gift', token, parseInput(CARD_UPDATE.gift, given(input)));
    return Object.assign(new GiftCard(), card);
  }

  @Mutation(() => PartnerCard, { description: 'Renames a partner card or changes its billing address (REST `PUT …/wallet/partner-cards/{card-token}`).' })
  async updateWalletPartnerCard(
    @Arg('accountId', () => Int, { description: 'Site account id.' }) accountId: number,
    @Arg('token', () => String, { description: "The card's token." }) token: string,
    @Arg('input', () => WalletCardUpdateInput, { description: 'What to change.' }) input: WalletCardUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<PartnerCard> {
    const card = await updateCard(ctx, accountId, 'partner', token, parseInput(CARD_UPDATE.partner, given(input)));
    return Object.assign(new PartnerCard(), card);
  }

  @Mutation(() => Boolean, { description: 'Removes a credit card from the wallet (REST `DELETE …/wallet/credit-cards/{card-token}`); true when done.' })
  async deleteWalletCreditCard(
    @Arg('accountId', () => Int, { description: 'Site account id.' }) accountId: number,
    @Arg('token', () => String, { description: "The card's token." }) token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await deleteCard(ctx, accountId, 'credit', token);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Removes a gift card from the wallet (REST `DELETE …/wallet/gift-cards/{card-token}`); true when done.' })
  async deleteWalletGiftCard(
    @Arg('accountId', () => Int, { description: 'Site account id.' }) accountId: number,
    @Arg('token', () => String, { description: "The card's token." }) token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await deleteCard(ctx, accountId, 'gift', token);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Removes a partner card from the wallet (REST `DELETE …/wallet/partner-cards/{card-token}`); true when done.' })
  async deleteWalletPartnerCard(
    @Arg('accountId', () => Int, { description: 'Site account id.' }) accountId: number,
    @Arg('token', () => String, { description: "The card's token." }) token: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await deleteCard(ctx, accountId, 'partner', token);
    return true;
  }
}
