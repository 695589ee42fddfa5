import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { PageArgs } from './paging.type';

/**
 * The shapes type-graphql needs for the movie-list inputs, without rules: the one validation is the
 * service's zod schema (MOVIE_LIST_CREATE, MOVIE_LIST_ADD, MOVIE_LIST_MOVE in
 * src/services/movie/lists.ts), which the resolvers parse with, as REST parses its bodies.
 */

@InputType({ description: 'A new movie list (the body of POST /v1/movie-lists).' })
export class CreateMovieListInput {
  @Field(() => String, { description: 'Display name, 1 to 200 characters.' })
  name!: string;

  @Field(() => String, { description: 'The list type, e.g. NowPlaying or AdvanceTickets; 1 to 100 characters.' })
  typeName!: string;

  @Field(() => String, { description: 'Start, `YYYY-MM-DD hh:mm:ss` (UTC; also `YYYY-MM-DDThh:mm:ss`, or `YYYY-MM-DD` for midnight).' })
  startDate!: string;

  @Field(() => String, { description: 'End, in the same form; not before the start.' })
  endDate!: string;
}

@InputType({ description: 'A movie to add to a list, or to move within it (the body of POST and PUT /v1/movie-lists/{id}).' })
export class MovieListEntryInput {
  @Field(() => Int, { description: 'The list.' })
  movieListId!: number;

  @Field(() => Int, { description: 'The movie.' })
  movieId!: number;

  @Field(() => Int, { nullable: true, description: '1-based place, clamped to the list length; adding without one puts the movie last, moving needs one.' })
  position?: number | null;
}

@ArgsType()
export class MovieListsArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only lists of this type (case-insensitive), as REST `type`.' })
  type?: string | null;

  @Field(() => String, { nullable: true, description: 'Only lists whose range ends at or after this time, `YYYY-MM-DD hh:mm:ss` (UTC), as REST `start-date`.' })
  startDate?: string | null;

  @Field(() => String, { nullable: true, description: 'Only lists whose range starts at or before this time, as REST `end-date`.' })
  endDate?: string | null;
}
