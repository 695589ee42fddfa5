import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Attribute } from '../schema/attribute.type';
import { Movie } from '../schema/movie.type';
import { PageArgs } from '../schema/paging.type';
import { ShowtimeFilterArgs, ShowtimesNearArgs, toShowtimeFilters } from '../schema/showtime.input';
import { Showtime, ShowtimePage, TicketPrice } from '../schema/showtime.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { earliestShowtimeList, isAlmostSoldOut, isSoldOut, showtimesNearList } from '../src/services/showtime';
import type { Page } from '../src/services/shared/paging';
import { readFirst, readOne, readPage, relation } from '../src/read-planner';
import { attributesOfIds } from './attributes';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Showtime)
export class ShowtimeResolver {
  @Query(() => Showtime, { nullable: true, description: 'One showtime; null when the id is unknown.' })
  async showtime(
    @Arg('id', () => Int, { description: 'The showtime id.' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Showtime | null> {
    return (await readOne(ctx, info, id)) as Showtime | null;
  }

  @Query(() => Showtime, {
    nullable: true,
    description: 'The earliest future, not canceled showtime of a movie at a theatre; null when none.',
  })
  async earliestShowtime(
    @Arg('theatreId', () => Int, { description: 'The theatre.' }) theatreId: number,
    @Arg('movieId', () => Int, { description: 'The movie.' }) movieId: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Showtime | null> {
    return (await readFirst(ctx, info, earliestShowtimeList(theatreId, movieId))) as Showtime | null;
  }

  @Query(() => ShowtimePage, {
    description:
      'Showtimes on a theatre-local date at theatres within `radius` miles of the point, by distance then time.',
  })
  async showtimesNear(
    @Args(() => ShowtimesNearArgs) near: ShowtimesNearArgs,
    @Args(() => ShowtimeFilterArgs) filters: ShowtimeFilterArgs,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ShowtimePage> {
    const query = { ...near, filters: toShowtimeFilters(filters) };
    return toGraphQLPage(ShowtimePage, (await readPage(ctx, info, showtimesNearList(query), page)) as Page<Showtime>, (s) => s);
  }

  @FieldResolver(() => Movie, { description: 'The movie shown.' })
  movie(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Movie | Promise<Movie> {
    return relation(showtime, info, ctx) as Movie | Promise<Movie>;
  }

  @FieldResolver(() => Theatre, { description: 'The theatre.' })
  theatre(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Theatre | Promise<Theatre> {
    return relation(showtime, info, ctx) as Theatre | Promise<Theatre>;
  }

  @FieldResolver(() => [Attribute], { description: 'Attributes of the showtime (formats, amenities), in display order.' })
  attributes(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context): Attribute[] | Promise<Attribute[]> {
    // The record has the ids; the rows are cached reference data.
    return attributesOfIds(showtime.record.attributeIds, ctx);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: 'Name of the premium format (IMAX, Dolby Cinema, …) among its attributes; null when none.',
  })
  async premiumFormat(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context): Promise<string | null> {
    const attributes = await ctx.loaders.attributesOfIds(showtime.record.attributeIds);
    return attributes.find((a) => a.isPremiumFormat)?.name ?? null;
  }

  @FieldResolver(() => [TicketPrice], { description: 'Display prices by ticket type.' })
  ticketPrices(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): TicketPrice[] | Promise<TicketPrice[]> {
    return relation(showtime, info, ctx) as TicketPrice[] | Promise<TicketPrice[]>;
  }

  @FieldResolver(() => Boolean, { description: 'Every sellable seat is held or sold.' })
  async isSoldOut(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context): Promise<boolean> {
    return isSoldOut(await ctx.loaders.occupancyByShowtimeId.load(showtime.id));
  }

  @FieldResolver(() => Boolean, {
    description: 'At least 90% of the sellable seats are held or sold, but not all (then isSoldOut).',
  })
  async isAlmostSoldOut(@Root() showtime: Parent<Showtime>, @Ctx() ctx: Context): Promise<boolean> {
    return isAlmostSoldOut(await ctx.loaders.occupancyByShowtimeId.load(showtime.id));
  }
}
