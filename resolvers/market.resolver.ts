import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Market, MarketPage } from '../schema/market.type';
import { PageArgs } from '../schema/paging.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { readOne, readPage, relation } from '../src/read-planner';
import { marketList } from '../src/services/theatre';
import type { Page } from '../src/services/shared/paging';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Market)
export class MarketResolver {
  @Query(() => MarketPage, { description: 'Markets, by name.' })
  async markets(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<MarketPage> {
    return toGraphQLPage(MarketPage, (await readPage(ctx, info, marketList, page)) as Page<Market>, (m) => m);
  }

  @Query(() => Market, { nullable: true, description: 'One market (REST `GET /v1/markets/{market-id}`); null when the id is unknown.' })
  async market(
    @Arg('id', () => Int, { description: 'The market id.' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Market | null> {
    return (await readOne(ctx, info, id)) as Market | null;
  }

  @FieldResolver(() => [Theatre], { description: 'Theatres of the market, by name.' })
  theatres(@Root() market: Parent<Market>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Theatre[] | Promise<Theatre[]> {
    return relation(market, info, ctx) as Theatre[] | Promise<Theatre[]>;
  }
}
