import { Repeater } from '@graphql-yoga/subscription';
import type { SeatStatusChange } from '../../schema/seat-event.type';
import { DomainError } from '../errors';

/** One live subscriber of a showtime's seat map, as the fan-out (fanout.ts) keeps it. */
export interface Subscriber {
  member: boolean;
  /** The `seq` of the last message it was sent: it is sent only events after it. */
  lastSeq: number;
  /** False until its first message (snapshot, replay or resync) is out; live events wait behind it. */
  ready: boolean;
  /** Messages pushed and not yet taken by the transport. */
  pending: number;
  send(change: SeatStatusChange): void;
  /** Ends it with an explicit error (its transport is closed with it). */
  fail(error: DomainError): void;
}

/**
 * Where a subscriber's messages go when its transport takes them itself (the WebSocket server writes
 * each as a frame at once) instead of pulling them through the async iterator.
 */
export interface DirectTransport {
  /** Takes one message, synchronously, in order. */
  send(change: SeatStatusChange): void;
  /** Messages sent and not yet taken by the network: past the buffer limit the subscriber is dropped. */
  backlog(): number;
}

export interface DirectSubscription {
  /** Resolves when `stop` ends it; rejects with the error it was ended with (SUBSCRIBER_TOO_SLOW, …). */
  done: Promise<void>;
  stop(): void;
}

/**
 * A subscriber's stream: an async iterable of its messages (buffered until taken), or, through
 * `direct` (called once, instead of iterating), each message handed to the transport as it is made:
 * no promise or buffer per message and subscriber.
 */
export type SeatStream = AsyncIterable<SeatStatusChange> & { direct(transport: DirectTransport): DirectSubscription };

/** Whether a subscription's source stream can deliver directly (see `SeatStream`). */
export const isSeatStream = (value: unknown): value is SeatStream =>
  typeof value === 'object' && value !== null && typeof (value as { direct?: unknown }).direct === 'function';

export interface StreamHooks {
  member: boolean;
  /** Unsent messages after which the subscriber is dropped with SUBSCRIBER_TOO_SLOW. */
  bufferLimit: number;
  /** Counts messages sent and subscribers dropped for being too slow. */
  stats: { sent: number; dropped: number };
  /** Ends the subscriber's transport with the error (ws.ts closes its socket). */
  drop(error: DomainError): void;
  /** Registers the subscriber once it is consumed (its first message is then on its way). */
  add(sub: Subscriber): void;
  remove(sub: Subscriber): void;
}

const tooSlow = () => new DomainError('SUBSCRIBER_TOO_SLOW', 'The subscriber fell behind: resubscribe with the last cursor received');

/** The stream of one subscriber: its Subscriber is made and added when it is first consumed. */
export function seatStream(hooks: StreamHooks): SeatStream {
  const { member, bufferLimit, stats, drop, add, remove } = hooks;
  const buffered = () =>
    new Repeater<SeatStatusChange>(async (push, stop) => {
      let dropped = false;
      const end = (error: DomainError) => {
        if (dropped) return;
        dropped = true;
        drop(error);
        stop(error);
      };
      const sub: Subscriber = {
        member,
        lastSeq: 0,
        ready: false,
        pending: 0,
        send: (change) => {
          if (dropped) return;
          sub.pending += 1;
          stats.sent += 1;
          void push(change).then(() => {
            sub.pending -= 1;
          });
          if (sub.pending > bufferLimit) {
            stats.dropped += 1;
            end(tooSlow());
          }
        },
        fail: end,
      };
      add(sub);
      await stop;
      remove(sub);
    });

  const direct = (transport: DirectTransport): DirectSubscription => {
    let ended = false;
    let finish!: (error?: DomainError) => void;
    const done = new Promise<void>((resolve, reject) => {
      finish = (error) => (error ? reject(error) : resolve());
    });
    // Whoever ends it awaits `done`; an unawaited drop must not be an unhandled rejection.
    done.catch(() => undefined);
    const end = (error: DomainError) => {
      if (ended) return;
      ended = true;
      remove(sub);
      drop(error);
      finish(error);
    };
    const sub: Subscriber = {
      member,
      lastSeq: 0,
      ready: false,
      pending: 0,
      send: (change) => {
        if (ended) return;
        stats.sent += 1;
        transport.send(change);
        if (transport.backlog() > bufferLimit) {
          stats.dropped += 1;
          end(tooSlow());
        }
      },
      fail: end,
    };
    add(sub);
    return {
      done,
      stop: () => {
        if (ended) return;
        ended = true;
        remove(sub);
        finish();
      },
    };
  };
  // The buffering iterator is made only for a consumer that iterates; a direct one never needs it.
  let iterator: AsyncIterator<SeatStatusChange> | null = null;
  return {
    [Symbol.asyncIterator]: () => (iterator ??= buffered()),
    direct,
  };
}
