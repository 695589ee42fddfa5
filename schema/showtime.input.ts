import { ArrayMaxSize, IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field, Float, Int, registerEnumType } from 'type-graphql';
import { MAX_FILTER_CODES, type ShowtimeFilters } from '../src/services/showtime';
import { PageArgs } from './paging.type';

export enum AttributeOperator {
  AND = 'AND',
  OR = 'OR',
}
registerEnumType(AttributeOperator, {
  name: 'AttributeOperator',
  description: 'How includeAttributes combine: AND = the showtime has all the codes, OR = any of them.',
  valuesConfig: {
    AND: { description: 'The showtime has every code.' },
    OR: { description: 'The showtime has at least one of the codes.' },
  },
});

/** Longest attribute code a filter takes (the chain's are at most 20 characters). */
const MAX_CODE_LENGTH = 40;

/** The spec's showtime filters (movie, movie-id, include/exclude-attributes, attribute-operator). */
@ArgsType()
export class ShowtimeFilterArgs {
  @Field(() => String, { nullable: true, description: "Case-insensitive substring of the movie's name." })
  movieName?: string | null;

  @Field(() => Int, { description: 'Only showtimes of this movie.', nullable: true })
  movieId?: number | null;

  @Field(() => [String], {
    nullable: true,
    description: `Attribute codes the showtime must have (see attributeOperator); at most ${MAX_FILTER_CODES}.`,
  })
  @IsOptional()
  @ArrayMaxSize(MAX_FILTER_CODES)
  @MaxLength(MAX_CODE_LENGTH, { each: true })
  includeAttributes?: string[] | null;

  @Field(() => [String], { nullable: true, description: `Attribute codes the showtime must not have; at most ${MAX_FILTER_CODES}.` })
  @IsOptional()
  @ArrayMaxSize(MAX_FILTER_CODES)
  @MaxLength(MAX_CODE_LENGTH, { each: true })
  excludeAttributes?: string[] | null;

  @Field(() => AttributeOperator, { description: 'How includeAttributes combine: AND (every code) or OR (any code).', defaultValue: AttributeOperator.AND })
  attributeOperator: AttributeOperator = AttributeOperator.AND;
}

/** Filters as the services take them (key order fixed: loaders batch by them). */
export function toShowtimeFilters(args: ShowtimeFilterArgs): ShowtimeFilters {
  return {
    movieName: args.movieName ?? null,
    movieId: args.movieId ?? null,
    includeAttributes: args.includeAttributes ?? null,
    excludeAttributes: args.excludeAttributes ?? null,
    attributeOperator: args.attributeOperator ?? AttributeOperator.AND,
  };
}

@ArgsType()
export class ShowtimeDateArgs {
  @Field(() => String, {
    nullable: true,
    description: "The theatre-local calendar day, YYYY-MM-DD; without it every future showtime.",
  })
  date?: string | null;
}

@ArgsType()
export class ShowtimesNearArgs {
  @Field(() => String, { description: "The theatre-local calendar day, YYYY-MM-DD." })
  date!: string;

  @Field(() => Float, { description: 'Latitude of the point, -90 to 90.' })
  latitude!: number;

  @Field(() => Float, { description: 'Longitude of the point, -180 to 180.' })
  longitude!: number;

  @Field(() => Float, { defaultValue: 50, description: 'Miles, at most 500.' })
  radius: number = 50;
}

@ArgsType()
export class SeatingLayoutArgs {
  @Field(() => Int, {
    nullable: true,
    description:
      "A site account whose Premiere membership unlocks premiere seats: the caller's own (an admin: any); " +
      "defaults to the caller's. Another account's gives the non-member view.",
  })
  accountId?: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A loyalty card of the caller's account whose Premiere membership unlocks premiere seats (an admin: any card). " +
      'Another account\'s card gives the non-member view.',
  })
  loyaltyCardNumber?: string | null;
}

export { PageArgs };
