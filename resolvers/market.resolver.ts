import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Market, MarketPage } from '../schema/market.type';
import { toMarket } from '../schema/market.type';
import { PageArgs } from '../schema/paging.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { NOT_PLANNED, readOne, readPage, relation } from '../src/read-planner';
import { listMarkets, marketList } from '../src/services/theatre';
import type { Page } from '../src/services/shared/paging';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Market)
export class MarketResolver {
  @Query(() => MarketPage, { description: 'Markets, by name.' })
  async markets(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<MarketPage> {
    const planned = await readPage(ctx, info, marketList, page);
    if (planned !== NOT_PLANNED) return toGraphQLPage(MarketPage, planned as Page<Market>, (m) => m);
    return toGraphQLPage(MarketPage, await listMarkets(ctx.catalogDb, page), toMarket);
  }

  @Query(() => Market, { nullable: true, description: 'One market (REST `GET /v1/markets/{market-id}`); null when the id is unknown.' })
  async market(
    @Arg('id', () => Int, { description: 'The market id.' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Market | null> {
    const planned = await readOne(ctx, info, id);
    if (planned !== NOT_PLANNED) return planned as Market | null;
    // The planner off: the loader REST's market route reads.
    const row = await ctx.loaders.marketById.load(id);
    return row ? toMarket(row) : null;
  }

  @FieldResolver(() => [Theatre], { description: 'Theatres of the market, by name.' })
  async theatres(@Root() market: Parent<Market>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Theatre[]> {
    return (await relation(market, info, ctx)) as Theatre[];
  }
}
