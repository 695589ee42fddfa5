import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CreateMovieListInput, MovieListEntryInput, MovieListsArgs } from '../schema/movie-list.input';
import { MovieList, MovieListEntry, MovieListPage } from '../schema/movie-list.type';
import { Movie, toMovie } from '../schema/movie.type';
import type { Parent } from '../schema/parent';
import type { Context } from '../src/context';
import { notFound } from '../src/errors';
import { NOT_PLANNED, plannedOf, readFirst, readOne, readPage, relation } from '../src/read-planner';
import {
  addMovieToList,
  createMovieList,
  currentMovieListQuery,
  deleteMovieList,
  MOVIE_LIST_ADD,
  MOVIE_LIST_CREATE,
  MOVIE_LIST_MOVE,
  movieListQuery,
  parseListDate,
  removeMovieFromList,
  repositionMovieInList,
} from '../src/services/movie';
import type { Page } from '../src/services/shared/paging';
import { parseInput } from '../src/services/shared/parse-input';
import { toGraphQLPage } from './page';

/** A date argument in the lists' form, parsed as REST parses its query (BAD_USER_INPUT naming it). */
const dateArg = (value: string | null | undefined, name: string) => (value ? parseListDate(value, name) : null);

/**
 * Movie lists: reads through the read planner (one statement per root field, whatever the selection
 * under it), writes through the same service functions as REST (admin only; docs/rest.md, "Movie lists").
 */
@Resolver(() => MovieList)
export class MovieListResolver {
  @Query(() => MovieListPage, { description: 'Movie lists, newest start first; of one type and overlapping a date range when given (as GET /v1/movie-lists).' })
  async movieLists(@Args(() => MovieListsArgs) args: MovieListsArgs, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<MovieListPage> {
    const list = movieListQuery({ typeName: args.type, startDate: dateArg(args.startDate, 'startDate'), endDate: dateArg(args.endDate, 'endDate') });
    const page = { pageNumber: args.pageNumber, pageSize: args.pageSize };
    return toGraphQLPage(MovieListPage, (await readPage(ctx, info, list, page)) as Page<MovieList>, (l) => l);
  }

  @Query(() => MovieList, { nullable: true, description: 'One movie list; null when the id is unknown.' })
  async movieList(@Arg('id', () => Int, { description: 'The movie list id.' }) id: number, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<MovieList | null> {
    return readList(ctx, info, id);
  }

  @Query(() => MovieList, {
    nullable: true,
    description: 'The current list of a type: the one whose date range contains now (the latest-starting when several do); null when none (as GET /v1/movie-lists/views/{typeName}).',
  })
  async currentMovieList(
    @Arg('typeName', () => String, { description: 'The list type, case-insensitive, e.g. NowPlaying.' }) typeName: string,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MovieList | null> {
    return (await readFirst(ctx, info, currentMovieListQuery(typeName))) as MovieList | null;
  }

  @FieldResolver(() => [MovieListEntry], { description: 'The movies of the list in sequence order.' })
  movies(@Root() list: Parent<MovieList>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): MovieListEntry[] | Promise<MovieListEntry[]> {
    return relation(list, info, ctx) as MovieListEntry[] | Promise<MovieListEntry[]>;
  }

  @Mutation(() => MovieList, { description: 'Creates an empty movie list (admin; as POST /v1/movie-lists).' })
  async createMovieList(
    @Arg('input', () => CreateMovieListInput, { description: 'The new list.' }) input: CreateMovieListInput,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MovieList> {
    const id = await createMovieList(ctx.db, ctx.principal, parseInput(MOVIE_LIST_CREATE, { ...input }));
    return written(ctx, info, id);
  }

  @Mutation(() => MovieList, { description: 'Adds a movie to a list at a position, the later ones moving down (admin; as POST /v1/movie-lists/{id}); the list after.' })
  async addMovieToList(
    @Arg('input', () => MovieListEntryInput, { description: 'The list, the movie and its place (default: last).' }) input: MovieListEntryInput,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MovieList> {
    await addMovieToList(ctx.db, ctx.principal, input.movieListId, parseInput(MOVIE_LIST_ADD, entryBody(input)));
    return written(ctx, info, input.movieListId);
  }

  @Mutation(() => MovieList, { description: 'Moves a movie of a list to a new position (admin; as PUT /v1/movie-lists/{id}); the list after.' })
  async repositionMovieInList(
    @Arg('input', () => MovieListEntryInput, { description: 'The list, the movie and its new place.' }) input: MovieListEntryInput,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MovieList> {
    await repositionMovieInList(ctx.db, ctx.principal, input.movieListId, parseInput(MOVIE_LIST_MOVE, entryBody(input)));
    return written(ctx, info, input.movieListId);
  }

  @Mutation(() => MovieList, { description: 'Removes a movie from a list, the later ones moving up (admin; as DELETE /v1/movie-lists/{id}/{movieId}); the list after.' })
  async removeMovieFromList(
    @Arg('movieListId', () => Int, { description: 'The list.' }) movieListId: number,
    @Arg('movieId', () => Int, { description: 'The movie.' }) movieId: number,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MovieList> {
    await removeMovieFromList(ctx.db, ctx.principal, movieListId, movieId);
    return written(ctx, info, movieListId);
  }

  @Mutation(() => Boolean, { description: 'Deletes a movie list and its entries (admin; as DELETE /v1/movie-lists/{id}); true when done.' })
  async deleteMovieList(@Arg('id', () => Int, { description: 'The movie list id.' }) id: number, @Ctx() ctx: Context): Promise<boolean> {
    await deleteMovieList(ctx.db, ctx.principal, id);
    return true;
  }
}

@Resolver(() => MovieListEntry)
export class MovieListEntryResolver {
  @FieldResolver(() => Movie, { description: 'The movie.' })
  async movie(@Root() entry: Parent<MovieListEntry>, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo): Promise<Movie> {
    const planned = plannedOf(entry, info);
    if (planned !== NOT_PLANNED) return planned as Movie;
    const row = await ctx.loaders.movieById.load(entry.movieId);
    // An entry's movie is a foreign key: it exists while the entry does.
    if (!row) throw notFound('Movie', entry.movieId);
    return toMovie(row);
  }
}

/** The body fields of an entry input (GraphQL gives an absent position as null; the body leaves it out). */
function entryBody(input: MovieListEntryInput): { movieId: number; position?: number } {
  return input.position == null ? { movieId: input.movieId } : { movieId: input.movieId, position: input.position };
}

/** A list by id with the selection under it: the planner's one statement. */
async function readList(ctx: Context, info: GraphQLResolveInfo, id: number): Promise<MovieList | null> {
  return (await readOne(ctx, info, id)) as MovieList | null;
}

/** The list a write changed, read after it (a mutation's catalog reads go to the primary: src/read-route.ts). */
async function written(ctx: Context, info: GraphQLResolveInfo, id: number): Promise<MovieList> {
  const list = await readList(ctx, info, id);
  if (!list) throw notFound('Movie list', id);
  return list;
}
