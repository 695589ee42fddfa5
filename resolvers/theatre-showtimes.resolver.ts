import type { GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Int, Arg, Resolver, Root } from 'type-graphql';
import { Movie } from '../schema/movie.type';
import { PageArgs } from '../schema/paging.type';
import { ShowtimeDateArgs, ShowtimeFilterArgs } from '../schema/showtime.input';
import { Showtime, ShowtimePage } from '../schema/showtime.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { relation } from '../src/read-planner';
import type { Page } from '../src/services/shared/paging';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Theatre)
export class TheatreShowtimesResolver {
  @FieldResolver(() => [Showtime], {
    description: 'Showtimes on a theatre-local date (every future one without a date), filtered, by start time.',
  })
  showtimes(
    @Root() theatre: Parent<Theatre>,
    @Args(() => ShowtimeDateArgs) _day: ShowtimeDateArgs,
    @Args(() => ShowtimeFilterArgs) filters: ShowtimeFilterArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Showtime[] | Promise<Showtime[]> {
    return relation(theatre, info, ctx) as Showtime[] | Promise<Showtime[]>;
  }

  @FieldResolver(() => ShowtimePage, { description: 'The same list as `showtimes`, paged.' })
  async showtimesPage(
    @Root() theatre: Parent<Theatre>,
    @Args(() => ShowtimeDateArgs) _day: ShowtimeDateArgs,
    @Args(() => ShowtimeFilterArgs) filters: ShowtimeFilterArgs,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ShowtimePage> {
    return toGraphQLPage(ShowtimePage, (await relation(theatre, info, ctx)) as Page<Showtime>, (s) => s);
  }
}

@Resolver(() => Movie)
export class MovieShowtimesResolver {
  @FieldResolver(() => [Showtime], {
    description: "The movie's showtimes, at one theatre or all, on a theatre-local date or every future one.",
  })
  showtimes(
    @Root() movie: Parent<Movie>,
    @Arg('theatreId', () => Int, { description: 'Only showtimes at this theatre.', nullable: true }) theatreId: number | null,
    @Args(() => ShowtimeDateArgs) _day: ShowtimeDateArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Showtime[] | Promise<Showtime[]> {
    return relation(movie, info, ctx) as Showtime[] | Promise<Showtime[]>;
  }
}
