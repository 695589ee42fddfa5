import { ArgsType, Field } from 'type-graphql';
import { MovieView } from './movie.type';
import { PageArgs } from './paging.type';

@ArgsType()
export class MoviesArgs extends PageArgs {
  @Field(() => MovieView, { nullable: true, description: 'Only the movies of this view.' })
  view?: MovieView | null;

  @Field(() => String, { nullable: true, description: 'Exact genre, case-insensitive.' })
  genre?: string | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive substring of the name.' })
  name?: string | null;
}
