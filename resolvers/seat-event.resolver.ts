import { Arg, Int, Resolver, Root, Subscription } from 'type-graphql';
import { SeatStatusChange } from '../schema/seat-event.type';
import { badInput } from '../src/errors';
import { subscribeSeatStatus } from '../src/realtime/subscribe';
import type { Parent } from '../schema/parent';

@Resolver()
export class SeatEventResolver {
  @Subscription(() => SeatStatusChange, {
    description:
      'Live seat-status changes of a showtime over graphql-ws at /graphql: first every seat, then each committed change in order (statuses for the subscriber\'s membership, from connectionParams). With `after` (a cursor of an earlier message) it first replays every change after that message, then goes live; CURSOR_EXPIRED when the log no longer reaches back that far (reload the map).',
    subscribe: ({ args, context }) => {
      const { showtimeId, after } = args as { showtimeId: number; after?: string | null };
      return subscribeSeatStatus(context, showtimeId, after ?? null);
    },
  })
  seatStatusChanged(
    @Root() change: Parent<SeatStatusChange>,
    @Arg('showtimeId', () => Int, { description: 'The showtime to follow.' }) _showtimeId: number,
    @Arg('after', () => String, { nullable: true, description: 'The cursor of the last message received.' }) _after: string | null,
  ): SeatStatusChange {
    // Executed as a query (HTTP), there is no event: subscriptions live on the WebSocket.
    if (!change) throw badInput('Subscriptions are served over WebSocket (graphql-ws) at /graphql');
    return change;
  }
}
