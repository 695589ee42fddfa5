import { ArgsType, Field, Float } from 'type-graphql';
import { DEFAULT_RADIUS_MILES } from '../src/services/shared/geo';
import { PageArgs } from './paging.type';

/** Bounds are checked by the service (the same check serves REST), with messages naming the argument. */
@ArgsType()
export class LocationsNearArgs extends PageArgs {
  @Field(() => Float, { description: 'Between -90 and 90.' })
  latitude!: number;

  @Field(() => Float, { description: 'Between -180 and 180.' })
  longitude!: number;

  @Field(() => Float, { defaultValue: DEFAULT_RADIUS_MILES, description: 'Miles, greater than 0 and at most 500.' })
  radius: number = DEFAULT_RADIUS_MILES;
}
