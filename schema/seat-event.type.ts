import { Field, Int, ObjectType } from 'type-graphql';
import { Seat } from './seat.type';

@ObjectType({
  description:
    'Seats of a showtime whose status changed, with their new status for the subscriber. The first message of a subscription carries every seat (the current map).',
})
export class SeatStatusChange {
  @Field(() => Int)
  showtimeId!: number;

  @Field(() => [Seat])
  seats!: Seat[];
}
