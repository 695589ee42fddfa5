import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Attribute, toAttribute } from '../schema/attribute.type';
import { Market, toMarket } from '../schema/market.type';
import { MediaItem, toMediaItem } from '../schema/media.type';
import { TheatresArgs } from '../schema/theatre.input';
import { Theatre, TheatrePage, toTheatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { getTheatre, listTheatres } from '../src/services/theatre.service';
import { selectLeanTheatreDay } from '../src/services/showtime-day.service';
import { leanTheatreFold } from './lookahead';
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
    // `theatre(id) { …columns… showtimes(date) { …plain… } }`: the theatre and its day in one statement;
    // Theatre.showtimes then finds its day in the loader (resolvers/lookahead.ts).
    const fold = leanTheatreFold(info);
    if (fold) {
      const day = await selectLeanTheatreDay(ctx.catalogDb, id, fold.fields, fold.date, fold.shape);
      ctx.loaders.referenceVersionSeen(day.referenceVersion);
      if (!day.theatre) return null;
      ctx.loaders.showtimeDayLean.prime(
        { theatreId: id, date: fold.date, shape: fold.shape },
        { referenceVersion: day.referenceVersion, showtimes: day.showtimes },
      );
      return Object.assign(day.theatre, { id }) as unknown as Theatre;
    }
    const row = await getTheatre(ctx.catalogDb, id);
    return row ? toTheatre(row) : null;
  }

  @Query(() => TheatrePage, { description: 'Theatres by market, state and name, ordered by name.' })
  async theatres(@Args(() => TheatresArgs) args: TheatresArgs, @Ctx() ctx: Context): Promise<TheatrePage> {
    const page = await listTheatres(ctx.catalogDb, { marketSlug: args.marketSlug, state: args.state, name: args.name }, args);
    return toGraphQLPage(TheatrePage, page, toTheatre);
  }

  @FieldResolver(() => Market, { description: 'The market the theatre belongs to.' })
  async market(@Root() theatre: Parent<Theatre>, @Ctx() ctx: Context): Promise<Market> {
    const row = await ctx.loaders.marketById.load(theatre.marketId);
    // market_id is a non-null foreign key: a missing market is a broken database, not a client error.
    if (!row) throw new Error(`market ${theatre.marketId} of theatre ${theatre.id} is missing`);
    return toMarket(row);
  }

  @FieldResolver(() => [Attribute], { description: "The theatre's attributes (amenities), in display order." })
  async attributes(@Root() theatre: Parent<Theatre>, @Ctx() ctx: Context): Promise<Attribute[]> {
    return (await ctx.loaders.attributesByTheatreId.load(theatre.id)).map(toAttribute);
  }

  @FieldResolver(() => [MediaItem], { description: 'Active media of the theatre (Primary, Interior, Exterior, …).' })
  async media(@Root() theatre: Parent<Theatre>, @Ctx() ctx: Context): Promise<MediaItem[]> {
    const rows = await ctx.loaders.mediaItemsByResource.load({ type: 'theatre', key: String(theatre.id) });
    return rows.map((r) => toMediaItem(r));
  }
}
