import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from './paging.type';

@ArgsType()
export class TheatresArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Slug of the market.' })
  marketSlug?: string | null;

  @Field(() => String, { nullable: true, description: 'State name (Texas, new-york) or two-letter code (TX).' })
  state?: string | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive substring of the name or long name.' })
  name?: string | null;
}
