import type { NonEmptyArray } from 'type-graphql';
import { ReferenceResolver } from './reference.resolver';
import { AttributeResolver } from './attribute.resolver';
import { LocationResolver } from './location.resolver';
import { MarketResolver } from './market.resolver';
import { ContentTypeResolver, MediaItemResolver } from './media.resolver';
import { MovieResolver } from './movie.resolver';
import { CreditResolver, PersonResolver } from './person.resolver';
import { TheatreResolver } from './theatre.resolver';

/** Every resolver class of the schema; add a domain's resolvers here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  ReferenceResolver,
  MovieResolver,
  TheatreResolver,
  MarketResolver,
  LocationResolver,
  AttributeResolver,
  ContentTypeResolver,
  MediaItemResolver,
  PersonResolver,
  CreditResolver,
];
