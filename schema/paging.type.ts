import { IsInt, Max, Min } from 'class-validator';
import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../src/services/shared/paging';

export { DEFAULT_PAGE_SIZE, MAX_PAGE_NUMBER, MAX_PAGE_SIZE };
/** Services own their page type (src/services/shared/paging.ts); re-exported for the GraphQL layer. */
export type { Page } from '../src/services/shared/paging';

/** Paging arguments of every list that can grow without bound (the spec's page-number / page-size). */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 1, description: `Page number, 1-based, at most ${MAX_PAGE_NUMBER}.` })
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_NUMBER)
  pageNumber: number = 1;

  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `Page size, at most ${MAX_PAGE_SIZE}.` })
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize: number = DEFAULT_PAGE_SIZE;
}

/**
 * The abstract GraphQL page of `T`; extend it with a named type:
 * `@ObjectType() class MoviePage extends PageOf(Movie) {}`.
 */
export function PageOf<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PageClass {
    @Field(() => [itemType], { description: "The items of this page, in the list's order." })
    items!: T[];

    @Field(() => Int, { description: 'Number of items across all pages.' })
    totalCount!: number;

    @Field(() => Int, { description: "This page's number, 1-based." })
    pageNumber!: number;

    @Field(() => Int, { description: 'The page size asked for (at most 100).' })
    pageSize!: number;

    @Field(() => Boolean, { description: 'Whether a page after this one has items.' })
    hasNextPage(): boolean {
      return this.pageNumber * this.pageSize < this.totalCount;
    }
  }
  return PageClass;
}
