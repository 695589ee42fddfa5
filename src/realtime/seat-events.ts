import { Repeater, SlidingBuffer } from '@graphql-yoga/subscription';
import type { Db, Notifier } from '../../db/client';
import type { SeatStatusChange } from '../../schema/seat-event.type';
import { toSeatingLayout } from '../../schema/seating.type';
import { badInput, notFound } from '../errors';
import { createLoaders } from '../loaders';
import { seatMapForShowtime } from '../services/seating/seat-map.service';
import { seatKey, type Viewer } from '../services/seating/seat-status';
import { parseSeatEvent, SEAT_EVENTS_CHANNEL, type SeatEventPayload } from './publish';

/** Events a subscriber may lag behind before the oldest are dropped (a client that far behind is stuck). */
export const SUBSCRIBER_BUFFER = 1024;

interface Subscriber {
  member: boolean;
  push(change: SeatStatusChange): Promise<unknown>;
}

type Log = (obj: object, msg: string) => void;

/**
 * The in-process fan-out of seat events of one instance. It LISTENs once on Postgres' seat_events
 * channel (every instance's commits arrive there, its own included), and for each event with local
 * subscribers computes the changed seats' new statuses once per membership class (Premiere member or
 * not) with a fresh set of loaders, then pushes the right version to each subscriber. Events of one
 * showtime are processed in order, so the last status a subscriber sees is the current one.
 */
export class SeatEventHub {
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  private readonly queues = new Map<number, Promise<void>>();
  private unlisten: (() => Promise<void>) | null = null;
  /** Events received and delivered, and full-map resyncs after the LISTEN connection came back (for tests and metrics). */
  readonly stats = { received: 0, delivered: 0, resyncs: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  async start(notifier: Notifier): Promise<void> {
    let listening = false;
    this.unlisten = await notifier.listen(
      SEAT_EVENTS_CHANNEL,
      (raw) => this.receive(raw),
      () => {
        // Again after the LISTEN connection was lost: events committed meanwhile were never heard.
        if (listening) this.resync();
        listening = true;
      },
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = null;
    await Promise.all(this.queues.values());
  }

  /** Number of live subscribers (all showtimes). */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /**
   * Opens a stream of seat-status changes of a showtime for a viewer. Throws BAD_USER_INPUT for a bad
   * id and NOT_FOUND for an unknown showtime, before anything is subscribed.
   */
  async subscribe(showtimeId: number, viewer: Viewer): Promise<AsyncIterable<SeatStatusChange>> {
    if (!Number.isInteger(showtimeId) || showtimeId < 1) throw badInput('showtimeId must be a positive integer', 'showtimeId');
    const record = await createLoaders(this.db).showtimeById.load(showtimeId);
    if (!record) throw notFound('Showtime', showtimeId);
    return new Repeater<SeatStatusChange>(async (push, stop) => {
      const sub: Subscriber = { member: viewer.isPremiereMember, push };
      let set = this.subscribers.get(showtimeId);
      if (!set) this.subscribers.set(showtimeId, (set = new Set()));
      set.add(sub);
      // The first message is the whole current map, queued behind events already in flight, so a
      // client never misses a change between loading the map and subscribing.
      this.enqueue(showtimeId, () => this.snapshot(showtimeId, sub));
      await stop;
      set.delete(sub);
      if (set.size === 0) this.subscribers.delete(showtimeId);
    }, new SlidingBuffer(SUBSCRIBER_BUFFER));
  }

  private receive(raw: string): void {
    const event = parseSeatEvent(raw);
    if (!event || event.seats.length === 0) return;
    this.stats.received += 1;
    if (!this.subscribers.has(event.showtimeId)) return;
    this.enqueue(event.showtimeId, () => this.deliver(event));
  }

  /** Runs the tasks of one showtime one after another (each reads the database when it runs). */
  private enqueue(showtimeId: number, task: () => Promise<void>): void {
    const previous = this.queues.get(showtimeId) ?? Promise.resolve();
    const next = previous
      .then(task)
      .catch((err) => this.log({ err, showtimeId }, 'seat event delivery failed'));
    this.queues.set(showtimeId, next);
    void next.then(() => {
      if (this.queues.get(showtimeId) === next) this.queues.delete(showtimeId);
    });
  }

  private async snapshot(showtimeId: number, sub: Subscriber): Promise<void> {
    const map = await seatMapForShowtime(createLoaders(this.db), showtimeId, { isPremiereMember: sub.member });
    if (map) void sub.push({ showtimeId, seats: toSeatingLayout(map).seats });
  }

  /**
   * Sends every subscriber its whole current map, as a change message: applied like any other, it
   * brings a client up to date with whatever it missed while the LISTEN connection was down.
   */
  private resync(): void {
    this.stats.resyncs += 1;
    for (const showtimeId of this.subscribers.keys()) this.enqueue(showtimeId, () => this.deliver({ showtimeId, seats: 'all' }));
  }

  private async deliver(event: SeatEventPayload | { showtimeId: number; seats: 'all' }): Promise<void> {
    const subs = this.subscribers.get(event.showtimeId);
    if (!subs || subs.size === 0) return;
    const loaders = createLoaders(this.db);
    const record = await loaders.showtimeById.load(event.showtimeId);
    if (!record) return;
    const changed = new Set<string>();
    for (const [row, column] of event.seats === 'all' ? [] : event.seats) {
      changed.add(seatKey(row, column));
      // Under social distancing a hold or release also changes the neighbours' status.
      if (record.showtime.socialDistancing) {
        changed.add(seatKey(row, column - 1));
        changed.add(seatKey(row, column + 1));
      }
    }
    const versions = new Map<boolean, SeatStatusChange>();
    for (const member of new Set([...subs].map((s) => s.member))) {
      const map = await seatMapForShowtime(loaders, event.showtimeId, { isPremiereMember: member });
      if (!map) return;
      const seats = event.seats === 'all' ? map.seats : map.seats.filter((s) => changed.has(seatKey(s.seat.row, s.seat.column)));
      versions.set(member, { showtimeId: event.showtimeId, seats: toSeatingLayout({ ...map, seats }).seats });
    }
    for (const sub of subs) {
      const change = versions.get(sub.member);
      if (change) {
        void sub.push(change);
        this.stats.delivered += 1;
      }
    }
  }
}
