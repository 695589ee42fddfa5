import { Field, Float, Int, ObjectType } from 'type-graphql';
import { PageOf } from './paging.type';
import { Theatre } from './theatre.type';

@ObjectType({ description: 'A theatre near the searched point.' })
export class Location {
  @Field(() => Int, { description: '1 is the closest.' })
  rank!: number;

  @Field(() => Float, { description: 'Great-circle distance in miles.' })
  distance!: number;

  @Field(() => Theatre, { description: 'The theatre at this location.' })
  theatre!: Theatre;
}

@ObjectType({ description: 'Theatres within a radius of a point, closest first.' })
export class LocationPage extends PageOf(Location) {
  @Field(() => Float, { description: 'The latitude searched from.' })
  latitude!: number;

  @Field(() => Float, { description: 'The longitude searched from.' })
  longitude!: number;

  @Field(() => Float, { description: 'The radius searched, in miles.' })
  radius!: number;
}

/** A location of a theatre already mapped (read through the planner: `nearList`'s item and its distance). */
export function locationOf(rank: number, distance: number, theatre: Theatre): Location {
  return Object.assign(new Location(), { rank, distance, theatre });
}
