import { Field, Int, ObjectType } from 'type-graphql';
import { MOVIE_LIST_ENTRY_FIELDS, MOVIE_LIST_FIELDS, type MovieListItemRow, type MovieListRecord } from '../src/services/movie';
import { PageOf } from './paging.type';
import { GraphQLDateTime } from './scalars';

@ObjectType({ simpleResolvers: true, description: 'A curated list of movies (spec: Movie list v1), e.g. the NowPlaying list of a season.' })
export class MovieList {
  @Field(() => Int, { description: 'The movie list id (the same integer as in REST).' })
  id!: number;

  @Field(() => String, { description: 'Display name.' })
  name!: string;

  @Field(() => String, { description: 'The list type, e.g. NowPlaying or AdvanceTickets (`currentMovieList(typeName:)` takes it).' })
  typeName!: string;

  @Field(() => GraphQLDateTime, { description: 'Start of the date range the list is current in (UTC).' })
  startDate!: string;

  @Field(() => GraphQLDateTime, { description: 'End of the date range the list is current in (UTC).' })
  endDate!: string;

  @Field(() => Int, { description: 'Number of movies in the list.' })
  count!: number;
}

@ObjectType({ simpleResolvers: true, description: 'A movie at its place in a movie list.' })
export class MovieListEntry {
  @Field(() => Int, { description: 'The 1-based place of the movie in the list; contiguous 1..count.' })
  sequence!: number;

  @Field(() => Int, { description: 'The movie.' })
  movieId!: number;
}

@ObjectType({ description: 'A page of movie lists.' })
export class MovieListPage extends PageOf(MovieList) {}

/** Maps a list record (its row and count) to its GraphQL type. */
export function toMovieList(row: MovieListRecord): MovieList {
  return Object.assign(new MovieList(), MOVIE_LIST_FIELDS.all(row));
}

/** Maps a list entry row to its GraphQL type. */
export function toMovieListEntry(row: MovieListItemRow): MovieListEntry {
  return Object.assign(new MovieListEntry(), MOVIE_LIST_ENTRY_FIELDS.all(row));
}
