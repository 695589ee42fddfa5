import { Arg, Int, Resolver, Root, Subscription } from 'type-graphql';
import { SeatStatusChange } from '../schema/seat-event.type';
import { badInput } from '../src/errors';
import { subscribeSeatStatus } from '../src/realtime/subscribe';

@Resolver()
export class SeatEventResolver {
  @Subscription(() => SeatStatusChange, {
    description:
      'Live seat-status changes of a showtime over graphql-ws at /graphql: first every seat, then each committed change (statuses for the subscriber\'s membership, from connectionParams).',
    subscribe: ({ args, context }) => subscribeSeatStatus(context, (args as { showtimeId: number }).showtimeId),
  })
  seatStatusChanged(
    @Root() change: SeatStatusChange,
    @Arg('showtimeId', () => Int) _showtimeId: number,
  ): SeatStatusChange {
    // Executed as a query (HTTP), there is no event: subscriptions live on the WebSocket.
    if (!change) throw badInput('Subscriptions are served over WebSocket (graphql-ws) at /graphql');
    return change;
  }
}
