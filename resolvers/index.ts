import type { NonEmptyArray } from 'type-graphql';
import { ReferenceResolver } from './reference.resolver';

/** Every resolver class of the schema; add a domain's resolvers here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [ReferenceResolver];
