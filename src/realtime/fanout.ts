import { Repeater } from '@graphql-yoga/subscription';
import type { Db } from '../../db/client';
import type { SeatStatusChange } from '../../schema/seat-event.type';
import { toSeatingLayout } from '../../schema/seating.type';
import { badInput, DomainError, notFound } from '../errors';
import { createLoaders, type Loaders } from '../loaders';
import { seatMapForShowtime, type SeatMap } from '../services/seating/seat-map.service';
import { seatKey, type Viewer } from '../services/seating/seat-status';
import { encodeCursor, parseCursor } from './cursor';
import type { RelaySink, SeatEventRelay } from './relay';
import { readHead, readShowtimeEventsAfter, type SeatEvent } from './seat-log';

/** How long a whole-map message may be sent again to new subscribers at the same log position (`snapshot`). */
const SNAPSHOT_REUSE_MS = 2000;

/** Most events a resuming subscriber is replayed; further behind, it gets the whole map (resync). */
export const MAX_REPLAY = 5000;

interface Subscriber {
  member: boolean;
  /** The `seq` of the last message it was sent: it is sent only events after it. */
  lastSeq: number;
  /** False until its first message (snapshot or replay) is out; live events wait behind it. */
  ready: boolean;
  /** Messages pushed and not yet taken by the transport. */
  pending: number;
  send(change: SeatStatusChange): void;
}

type Log = (obj: object, msg: string) => void;

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
  /** Resolves when `stop` ends it; rejects with SUBSCRIBER_TOO_SLOW when it was dropped. */
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

export interface FanoutOptions {
  /** Unsent messages after which a subscriber is dropped (SEAT_SUBSCRIBER_BUFFER). */
  bufferLimit: number;
}

/**
 * The in-process fan-out of seat events of one instance. The relay hands it each showtime's events in
 * `seq` order; it computes the changed seats' statuses once per membership class (Premiere member or
 * not) per batch, from a fresh set of loaders, and sends each subscriber the events after its own
 * position. Work of one showtime runs in order in one queue, so a subscriber's first message (the map,
 * or the replay of what it missed) always comes before the live events behind it, with no gap and no
 * duplicate. A subscriber whose unsent messages pass the buffer limit is dropped with an explicit signal.
 */
export class SeatFanout implements RelaySink {
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  private readonly queues = new Map<number, Promise<void>>();
  /** The last whole-map message of each showtime and membership class (`snapshot`), by `showtimeId:m|g`. */
  private readonly snapshots = new Map<string, { seq: number; at: number; message: SeatStatusChange }>();
  private relay: SeatEventRelay | null = null;
  /** Messages sent and subscribers dropped for being too slow (for tests and metrics). */
  readonly stats = { sent: 0, dropped: 0, resyncs: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: Log,
    private readonly options: FanoutOptions,
  ) {}

  attach(relay: SeatEventRelay): void {
    this.relay = relay;
  }

  /** Live subscribers, all showtimes. */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /**
   * Opens a showtime's stream for a viewer: without `after`, the whole current map first; with it,
   * every change after that cursor. Then live changes. Throws BAD_USER_INPUT for a bad id or cursor,
   * NOT_FOUND for an unknown showtime and CURSOR_EXPIRED when the log no longer reaches back to the
   * cursor, before anything is subscribed. `drop` ends the subscriber's transport when it is too slow.
   */
  async subscribe(
    showtimeId: number,
    viewer: Viewer,
    after: string | null,
    drop: (error: DomainError) => void,
  ): Promise<SeatStream> {
    if (!Number.isInteger(showtimeId) || showtimeId < 1) throw badInput('showtimeId must be a positive integer', 'showtimeId');
    const from = after === null ? null : parseCursor(after);
    if (after !== null && (!from || from.showtimeId !== showtimeId)) {
      throw badInput(`after is not a cursor of showtime ${showtimeId}'s seat map`, 'after');
    }
    // Kept for the first message: the showtime is read once; its claims and blocks are read then.
    const loaders = createLoaders(this.db);
    const record = await loaders.showtimeById.load(showtimeId);
    if (!record) throw notFound('Showtime', showtimeId);
    const head = await readHead(this.db, showtimeId);
    if (from && from.seq > head) throw badInput('after is not a cursor of this seat map', 'after');
    if (from && from.seq < head) {
      const [next] = await readShowtimeEventsAfter(this.db, showtimeId, from.seq, 1);
      if (!next || next.seq !== from.seq + 1) {
        throw new DomainError('CURSOR_EXPIRED', 'The seat-map log no longer reaches back to this cursor: load the map and subscribe again');
      }
    }
    this.relay?.track(showtimeId, head);

    const member = viewer.isPremiereMember;
    // Kept only for the first message: a subscriber holds no loader caches while it lives.
    let firstLoaders: Loaders | null = loaders;
    const tooSlow = () => new DomainError('SUBSCRIBER_TOO_SLOW', 'The subscriber fell behind: resubscribe with the last cursor received');
    const add = (sub: Subscriber) => {
      let set = this.subscribers.get(showtimeId);
      if (!set) this.subscribers.set(showtimeId, (set = new Set()));
      set.add(sub);
      this.enqueue(showtimeId, () => {
        const first = firstLoaders ?? createLoaders(this.db);
        firstLoaders = null;
        return from ? this.replay(showtimeId, sub, first) : this.snapshot(showtimeId, sub, first);
      });
    };
    const remove = (sub: Subscriber) => {
      const set = this.subscribers.get(showtimeId);
      if (!set?.delete(sub)) return;
      if (set.size === 0) {
        this.subscribers.delete(showtimeId);
        this.snapshots.delete(`${showtimeId}:m`);
        this.snapshots.delete(`${showtimeId}:g`);
        this.relay?.untrack(showtimeId);
      }
    };

    const buffered = () => new Repeater<SeatStatusChange>(async (push, stop) => {
      let dropped = false;
      const sub: Subscriber = {
        member,
        lastSeq: from ? from.seq : head,
        ready: false,
        pending: 0,
        send: (change) => {
          if (dropped) return;
          sub.pending += 1;
          this.stats.sent += 1;
          void push(change).then(() => {
            sub.pending -= 1;
          });
          if (sub.pending > this.options.bufferLimit) {
            dropped = true;
            this.stats.dropped += 1;
            const error = tooSlow();
            drop(error);
            stop(error);
          }
        },
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
      const sub: Subscriber = {
        member,
        lastSeq: from ? from.seq : head,
        ready: false,
        pending: 0,
        send: (change) => {
          if (ended) return;
          this.stats.sent += 1;
          transport.send(change);
          if (transport.backlog() > this.options.bufferLimit) {
            ended = true;
            this.stats.dropped += 1;
            remove(sub);
            const error = tooSlow();
            drop(error);
            finish(error);
          }
        },
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

  events(showtimeId: number, events: SeatEvent[]): void {
    if (!this.subscribers.has(showtimeId)) return;
    this.enqueue(showtimeId, () => this.deliver(showtimeId, events));
  }

  gap(showtimeId: number): void {
    if (!this.subscribers.has(showtimeId)) return;
    this.enqueue(showtimeId, () => this.resync(showtimeId));
  }

  async drain(): Promise<void> {
    await Promise.all(this.queues.values());
  }

  /** Runs the tasks of one showtime one after another (each reads the database when it runs). */
  private enqueue(showtimeId: number, task: () => Promise<void>): void {
    const previous = this.queues.get(showtimeId) ?? Promise.resolve();
    const next = previous.then(task).catch((err: unknown) => this.log({ err, showtimeId }, 'seat event delivery failed'));
    this.queues.set(showtimeId, next);
    void next.then(() => {
      if (this.queues.get(showtimeId) === next) this.queues.delete(showtimeId);
    });
  }

  /** The current map for each membership class among `subs`, read once. */
  private async maps(showtimeId: number, subs: Iterable<Subscriber>, loaders = createLoaders(this.db)): Promise<Map<boolean, SeatMap>> {
    const maps = new Map<boolean, SeatMap>();
    for (const member of new Set([...subs].map((s) => s.member))) {
      const map = await seatMapForShowtime(loaders, showtimeId, { isPremiereMember: member });
      if (map) maps.set(member, map);
    }
    return maps;
  }

  /**
   * A new subscriber's whole map. Every change of a seat's status is an event of the log (seat-log.ts), so
   * the map at log position `seq` is the same for every subscriber of a membership class that starts at
   * `seq`: the message built for the first of them (its map read after `seq` was the head) is sent as it
   * is to the others, for at most SNAPSHOT_REUSE_MS. Viewers opening a busy showtime at once then cost one
   * map read and — the transport shares a message's serialisation (shared-execution.ts) — one frame,
   * instead of a map read, a message of hundreds of seat objects and its serialisation each.
   */
  private async snapshot(showtimeId: number, sub: Subscriber, loaders: Loaders): Promise<void> {
    const key = `${showtimeId}:${sub.member ? 'm' : 'g'}`;
    const kept = this.snapshots.get(key);
    if (kept && kept.seq === sub.lastSeq && Date.now() - kept.at < SNAPSHOT_REUSE_MS) {
      sub.ready = true;
      sub.send(kept.message);
      return;
    }
    const map = (await this.maps(showtimeId, [sub], loaders)).get(sub.member);
    if (!map) return;
    sub.ready = true;
    const message = this.message(showtimeId, sub.lastSeq, map, null, false);
    this.snapshots.set(key, { seq: sub.lastSeq, at: Date.now(), message });
    sub.send(message);
  }

  /** What a resuming subscriber missed: every event after its cursor, each with its seats' current status. */
  private async replay(showtimeId: number, sub: Subscriber, loaders: Loaders): Promise<void> {
    const missed = await readShowtimeEventsAfter(this.db, showtimeId, sub.lastSeq, MAX_REPLAY + 1);
    if (missed.length > MAX_REPLAY || (missed.length > 0 && missed[0].seq !== sub.lastSeq + 1)) {
      await this.resync(showtimeId, [sub]);
      return;
    }
    const map = (await this.maps(showtimeId, [sub], loaders)).get(sub.member);
    if (!map) return;
    sub.ready = true;
    for (const event of missed) {
      sub.send(this.message(showtimeId, event.seq, map, this.changedSeats(map, event), false));
      sub.lastSeq = event.seq;
    }
  }

  private async deliver(showtimeId: number, events: SeatEvent[]): Promise<void> {
    const subs = [...(this.subscribers.get(showtimeId) ?? [])].filter((s) => s.ready);
    if (subs.length === 0) return;
    const maps = await this.maps(showtimeId, subs);
    for (const event of events) {
      // One message per membership class per event, shared by every subscriber of that class.
      const messages = new Map<boolean, SeatStatusChange>();
      for (const [member, map] of maps) messages.set(member, this.message(showtimeId, event.seq, map, this.changedSeats(map, event), false));
      for (const sub of subs) {
        if (sub.lastSeq >= event.seq) continue;
        const message = messages.get(sub.member);
        if (!message) continue;
        sub.send(message);
        sub.lastSeq = event.seq;
      }
    }
  }

  /** The whole map, as a `resync` message, to `subs` (default: every ready subscriber of the showtime). */
  private async resync(showtimeId: number, only?: Subscriber[]): Promise<void> {
    const subs = only ?? [...(this.subscribers.get(showtimeId) ?? [])].filter((s) => s.ready);
    if (subs.length === 0) return;
    this.stats.resyncs += 1;
    const head = await readHead(this.db, showtimeId);
    const maps = await this.maps(showtimeId, subs);
    this.relay?.advance(showtimeId, head);
    for (const sub of subs) {
      const map = maps.get(sub.member);
      if (!map) continue;
      sub.ready = true;
      sub.send(this.message(showtimeId, head, map, null, true));
      sub.lastSeq = Math.max(sub.lastSeq, head);
    }
  }

  /** The seats an event changed, with their neighbours under social distancing. */
  private changedSeats(map: SeatMap, event: SeatEvent): Set<string> {
    const changed = new Set<string>();
    for (const [row, column] of event.seats) {
      changed.add(seatKey(row, column));
      if (map.socialDistancing) {
        changed.add(seatKey(row, column - 1));
        changed.add(seatKey(row, column + 1));
      }
    }
    return changed;
  }

  private message(showtimeId: number, seq: number, map: SeatMap, only: Set<string> | null, resync: boolean): SeatStatusChange {
    const seats = only ? map.seats.filter((s) => only.has(seatKey(s.seat.row, s.seat.column))) : map.seats;
    return { showtimeId, cursor: encodeCursor(showtimeId, seq), resync, seats: toSeatingLayout({ ...map, seats }).seats };
  }
}
