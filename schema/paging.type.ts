import { IsInt, Max, Min } from 'class-validator';
import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/**
 * The last page number anyone may ask for: at the largest page size that is 10⁸ rows, past any list we
 * hold, and it keeps page × size (the SQL offset) far inside every integer type on the way.
 */
export const MAX_PAGE_NUMBER = 1_000_000;

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

/** A page of items as services return it; `totalCount` counts every page. */
export interface Page<T> {
  items: T[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

/**
 * The abstract GraphQL page of `T`; extend it with a named type:
 * `@ObjectType() class MoviePage extends PageOf(Movie) {}`.
 */
export function PageOf<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PageClass {
    @Field(() => [itemType])
    items!: T[];

    @Field(() => Int, { description: 'Number of items across all pages.' })
    totalCount!: number;

    @Field(() => Int)
    pageNumber!: number;

    @Field(() => Int)
    pageSize!: number;

    @Field(() => Boolean)
    hasNextPage(): boolean {
      return this.pageNumber * this.pageSize < this.totalCount;
    }
  }
  return PageClass;
}
