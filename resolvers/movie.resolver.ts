import type { GraphQLResolveInfo } from 'graphql';
import { GraphQLDateTime } from '../schema/scalars';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import { Attribute } from '../schema/attribute.type';
import { MediaItem } from '../schema/media.type';
import { MoviesArgs } from '../schema/movie.input';
import { Movie, MoviePage } from '../schema/movie.type';
import { Credit } from '../schema/person.type';
import type { Context } from '../src/context';
import { movieList, privateRentalMovieList } from '../src/services/movie';
import { PageArgs } from '../schema/paging.type';
import type { Page } from '../src/services/shared/paging';
import { summarizeCredits } from '../src/services/person';
import { readOne, readPage, relation } from '../src/read-planner';
import { attributesOfIds } from './attributes';
import { toGraphQLPage } from './page';
import type { Parent } from '../schema/parent';

async function creditSummary(movie: Movie, ctx: Context) {
  const credits = await ctx.loaders.creditsByMovieId.load(movie.id);
  return summarizeCredits(credits.map(({ credit, person }) => ({ job: credit.job, name: person.name })));
}

@Resolver(() => Movie)
export class MovieResolver {
  @Query(() => Movie, { nullable: true, description: 'One movie; null when the id is unknown.' })
  async movie(
    @Arg('id', () => Int, { description: 'The movie id.' }) id: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Movie | null> {
    return (await readOne(ctx, info, id)) as Movie | null;
  }

  @Query(() => MoviePage, { description: 'Movies by view, genre and name, ordered by sortable name.' })
  async movies(@Args(() => MoviesArgs) args: MoviesArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<MoviePage> {
    const filters = { view: args.view, genre: args.genre, name: args.name };
    return toGraphQLPage(MoviePage, (await readPage(ctx, info, movieList(filters), args)) as Page<Movie>, (m) => m);
  }

  @Query(() => MoviePage, {
    description: 'Movies a guest can rent a private auditorium for (those with a privateTheatreRentalTier), by sortable name (as GET /v2/showtimes/private-theatre-rental-movies).',
  })
  async privateTheatreRentalMovies(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<MoviePage> {
    return toGraphQLPage(MoviePage, (await readPage(ctx, info, privateRentalMovieList, page)) as Page<Movie>, (m) => m);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Actors in billing order, comma separated.' })
  async starringActors(@Root() movie: Parent<Movie>, @Ctx() ctx: Context): Promise<string | null> {
    return (await creditSummary(movie, ctx)).starringActors;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Directors, comma separated.' })
  async directors(@Root() movie: Parent<Movie>, @Ctx() ctx: Context): Promise<string | null> {
    return (await creditSummary(movie, ctx)).directors;
  }

  @FieldResolver(() => GraphQLDateTime, { nullable: true, description: 'The earliest future showtime (UTC); null when none.' })
  async earliestShowingUtc(@Root() movie: Parent<Movie>, @Ctx() ctx: Context): Promise<string | null> {
    return (await ctx.loaders.earliestShowtimeByMovieId.load(movie.id))?.toISOString() ?? null;
  }

  @FieldResolver(() => Boolean, { description: 'Whether future performances are scheduled.' })
  async hasScheduledShowtimes(@Root() movie: Parent<Movie>, @Ctx() ctx: Context): Promise<boolean> {
    return (await ctx.loaders.earliestShowtimeByMovieId.load(movie.id)) !== null;
  }

  @FieldResolver(() => [Attribute], { description: "The movie's attributes, in display order." })
  async attributes(@Root() movie: Parent<Movie>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Attribute[]> {
    return attributesOfIds((await relation(movie, info, ctx)) as number[], ctx);
  }

  @FieldResolver(() => [Credit], { description: 'Cast and crew in billing order.' })
  castAndCrew(@Root() movie: Parent<Movie>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Credit[] | Promise<Credit[]> {
    return relation(movie, info, ctx) as Credit[] | Promise<Credit[]>;
  }

  @FieldResolver(() => [MediaItem], { description: 'Active media items of the movie (posters, stills, trailers).' })
  mediaItems(@Root() movie: Parent<Movie>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): MediaItem[] | Promise<MediaItem[]> {
    return relation(movie, info, ctx) as MediaItem[] | Promise<MediaItem[]>;
  }
}
