import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Attribute } from '../schema/attribute.type';
import { Market, toMarket } from '../schema/market.type';
import { MediaItem } from '../schema/media.type';
import { TheatresArgs } from '../schema/theatre.input';
import { Theatre, TheatrePage } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { theatreList } from '../src/services/theatre';
import type { Page } from '../src/services/shared/paging';
import { NOT_PLANNED, plannedOf, readOne, readPage, relation } from '../src/read-planner';
import { attributesOfIds } from './attributes';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Theatre)
export class TheatreResolver {
  @Query(() => Theatre, { nullable: true, description: 'One theatre; null when the id is unknown.' })
  async theatre(
    @Arg('id', () => Int, { description: 'The theatre id (the theatre number of REST paths).' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Theatre | null> {
    return (await readOne(ctx, info, id)) as Theatre | null;
  }

  @Query(() => TheatrePage, { description: 'Theatres by market, state and name, ordered by name.' })
  async theatres(@Args(() => TheatresArgs) args: TheatresArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<TheatrePage> {
    const filters = { marketSlug: args.marketSlug, state: args.state, name: args.name };
    return toGraphQLPage(TheatrePage, (await readPage(ctx, info, theatreList(filters), args)) as Page<Theatre>, (t) => t);
  }

  @FieldResolver(() => Market, { description: 'The market the theatre belongs to.' })
  async market(@Root() theatre: Parent<Theatre>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Market> {
    const planned = plannedOf(theatre, info);
    if (planned !== NOT_PLANNED) return planned as Market;
    const row = await ctx.loaders.marketById.load(theatre.marketId);
    // market_id is a non-null foreign key: a missing market is a broken database, not a client error.
    if (!row) throw new Error(`market ${theatre.marketId} of theatre ${theatre.id} is missing`);
    return toMarket(row);
  }

  @FieldResolver(() => [Attribute], { description: "The theatre's attributes (amenities), in display order." })
  async attributes(@Root() theatre: Parent<Theatre>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Attribute[]> {
    return attributesOfIds((await relation(theatre, info, ctx)) as number[], ctx);
  }

  @FieldResolver(() => [MediaItem], { description: 'Active media of the theatre (Primary, Interior, Exterior, …).' })
  media(@Root() theatre: Parent<Theatre>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): MediaItem[] | Promise<MediaItem[]> {
    return relation(theatre, info, ctx) as MediaItem[] | Promise<MediaItem[]>;
  }
}
