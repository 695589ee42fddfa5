import { GraphQLLocalDateTime } from 'graphql-scalars';
import { GraphQLDateTime } from './scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { PickupTimes as PickupTimesRecord } from '../src/services/concession';

@ObjectType({ description: 'A concession pickup slot.' })
export class PickupTime {
  @Field(() => Int, { description: 'How many more orders the slot can take.' })
  available!: number;

  @Field(() => GraphQLDateTime, { description: 'Start of the slot (UTC).' })
  pickupDateTimeUtc!: string;

  @Field(() => GraphQLLocalDateTime, { description: 'Theatre-local, without zone designator.' })
  pickupDateTimeLocal!: string;

  @Field(() => Boolean, { description: 'The default selection (showtime variant only; false otherwise).' })
  isDefault!: boolean;
}

@ObjectType({ description: 'Concession pickup times of a theatre on a date, or around a showtime.' })
export class PickupTimes {
  @Field(() => Int, { description: 'The theatre.' })
  theatreId!: number;

  @Field(() => Int, { nullable: true, description: 'Set in the showtime variant.' })
  showtimeId!: number | null;

  @Field(() => [PickupTime], { description: 'The pickup slots, in time order.' })
  pickupTimes!: PickupTime[];
}

export function toPickupTimes(p: PickupTimesRecord): PickupTimes {
  return Object.assign(new PickupTimes(), {
    theatreId: p.theatreId,
    showtimeId: p.showtimeId,
    pickupTimes: p.pickupTimes.map((t) =>
      Object.assign(new PickupTime(), {
        available: t.available,
        pickupDateTimeUtc: t.pickupDateTimeUtc.toISOString(),
        pickupDateTimeLocal: t.pickupDateTimeLocal,
        isDefault: t.isDefault,
      }),
    ),
  });
}
