import type { GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Int, Arg, Resolver, Root } from 'type-graphql';
import { Movie } from '../schema/movie.type';
import { PageArgs } from '../schema/paging.type';
import { ShowtimeDateArgs, ShowtimeFilterArgs, toShowtimeFilters } from '../schema/showtime.input';
import { Showtime, ShowtimePage, toShowtime } from '../schema/showtime.type';
import { Theatre } from '../schema/theatre.type';
import type { Context } from '../src/context';
import { NOT_PLANNED, plannedOf } from '../src/read-planner';
import { optionalDate, validateFilters } from '../src/services/showtime';
import type { Page } from '../src/services/shared/paging';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

@Resolver(() => Theatre)
export class TheatreShowtimesResolver {
  @FieldResolver(() => [Showtime], {
    description: 'Showtimes on a theatre-local date (every future one without a date), filtered, by start time.',
  })
  async showtimes(
    @Root() theatre: Parent<Theatre>,
    @Args(() => ShowtimeDateArgs) { date }: ShowtimeDateArgs,
    @Args(() => ShowtimeFilterArgs) filters: ShowtimeFilterArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Showtime[]> {
    const planned = plannedOf(theatre, info);
    if (planned !== NOT_PLANNED) return planned as Showtime[];
    const day = optionalDate(date);
    const valid = validateFilters(toShowtimeFilters(filters));
    const rows = await ctx.loaders.showtimesBySelection.load({ theatreId: theatre.id, date: day, filters: valid });
    return rows.map(toShowtime);
  }

  @FieldResolver(() => ShowtimePage, { description: 'The same list as `showtimes`, paged.' })
  async showtimesPage(
    @Root() theatre: Parent<Theatre>,
    @Args(() => ShowtimeDateArgs) { date }: ShowtimeDateArgs,
    @Args(() => ShowtimeFilterArgs) filters: ShowtimeFilterArgs,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ShowtimePage> {
    const planned = plannedOf(theatre, info);
    if (planned !== NOT_PLANNED) return toGraphQLPage(ShowtimePage, planned as Page<Showtime>, (s) => s);
    const result = await ctx.loaders.showtimePageByQuery.load({
      query: { theatreId: theatre.id, date, filters: toShowtimeFilters(filters) },
      page: { pageNumber: page.pageNumber, pageSize: page.pageSize },
    });
    return toGraphQLPage(ShowtimePage, result, toShowtime);
  }
}

@Resolver(() => Movie)
export class MovieShowtimesResolver {
  @FieldResolver(() => [Showtime], {
    description: "The movie's showtimes, at one theatre or all, on a theatre-local date or every future one.",
  })
  async showtimes(
    @Root() movie: Parent<Movie>,
    @Arg('theatreId', () => Int, { description: 'Only showtimes at this theatre.', nullable: true }) theatreId: number | null,
    @Args(() => ShowtimeDateArgs) { date }: ShowtimeDateArgs,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Showtime[]> {
    const planned = plannedOf(movie, info);
    if (planned !== NOT_PLANNED) return planned as Showtime[];
    const rows = await ctx.loaders.showtimesBySelection.load({
      movieId: movie.id,
      theatreId: theatreId ?? null,
      date: optionalDate(date),
      filters: toShowtimeFilters(new ShowtimeFilterArgs()),
    });
    return rows.map(toShowtime);
  }
}
