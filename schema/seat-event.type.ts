import { Field, Int, ObjectType } from 'type-graphql';
import { Seat } from './seat.type';

@ObjectType({
  description:
    'Seats of a showtime whose status changed, with their new status for the subscriber. The first message of a subscription carries every seat (the current map); so does a message with `resync` true.',
})
export class SeatStatusChange {
  @Field(() => Int, { description: 'The showtime.' })
  showtimeId!: number;

  @Field(() => String, {
    description:
      "This message's position in the showtime's seat-event log. Subscribe again with `after: cursor` to receive every change after it, with no gap.",
  })
  cursor!: string;

  @Field(() => Boolean, {
    description:
      'True when the message carries the whole current map because changes could not be replayed (the log was pruned): replace the map rather than patch it.',
  })
  resync!: boolean;

  @Field(() => [Seat], { description: 'The seats whose status changed, with their new status.' })
  seats!: Seat[];
}
