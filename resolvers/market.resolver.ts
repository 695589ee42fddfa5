import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { Market, MarketPage } from '../schema/market.type';
import { toMarket } from '../schema/market.type';
import { PageArgs } from '../schema/paging.type';
import { Theatre, toTheatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { listMarkets } from '../src/services/market.service';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Market)
export class MarketResolver {
  @Query(() => MarketPage, { description: 'Markets, by name.' })
  async markets(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context): Promise<MarketPage> {
    return toGraphQLPage(MarketPage, await listMarkets(ctx.catalogDb, page), toMarket);
  }

  @FieldResolver(() => [Theatre], { description: 'Theatres of the market, by name.' })
  async theatres(@Root() market: Parent<Market>, @Ctx() ctx: Context): Promise<Theatre[]> {
    return (await ctx.loaders.theatresByMarketId.load(market.id)).map(toTheatre);
  }
}
