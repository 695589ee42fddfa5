import { Args, ArgsType, Ctx, Field, FieldResolver, Resolver, Root } from 'type-graphql';
import { Account } from '../schema/account.type';
import { MoviePage, MovieView, toMovie } from '../schema/movie.type';
import { PageArgs } from '../schema/paging.type';
import { ExternalCard, Wallet, toWallet } from '../schema/wallet.type';
import type { Context } from '../src/context';
import { listPersonalizedMovies } from '../src/services/movie';
import { getWallet, onDemandCards } from '../src/services/wallet';
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
  async personalizedMovies(@Root() account: Parent<Account>, @Args(() => PersonalizedMoviesArgs) args: PersonalizedMoviesArgs, @Ctx() ctx: Context): Promise<MoviePage> {
    const page = await listPersonalizedMovies(ctx.db, ctx.principal, account.id, args.view, args);
    return toGraphQLPage(MoviePage, page, toMovie);
  }
}
