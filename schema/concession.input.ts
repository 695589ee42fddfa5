import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from './paging.type';

@ArgsType()
export class ConcessionsArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: "A category name; matches the product's categories and their parents (case-insensitive).",
  })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'A display group name (case-insensitive).' })
  group?: string | null;
}
