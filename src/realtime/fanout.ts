import type { Db } from '../../db/client';
import type { SeatStatusChange } from '../../schema/seat-event.type';
import { toSeatingLayout } from '../../schema/seating.type';
import { badInput, DomainError, notFound } from '../errors';
import { createLoaders, type Loaders } from '../loaders';
import { seatKey, seatMapForShowtime, type SeatMap, type Viewer } from '../services/seating';
import { encodeCursor, parseCursor } from './cursor';
import type { RelaySink, SeatEventRelay } from './relay';
import type { RetryPolicy } from './retry';
import { readHead, readShowtimeEventsAfter, type SeatEvent } from './seat-events';
import { StepQueues } from './step-queue';
import { seatStream, type SeatStream, type Subscriber } from './subscriber';

export { isSeatStream, type DirectSubscription, type DirectTransport, type SeatStream } from './subscriber';

/** How long a whole-map message may be sent again to new subscribers at the same log position (`snapshot`). */
const SNAPSHOT_REUSE_MS = 2000;

/** Most events a resuming subscriber is replayed; further behind, it gets the whole map (resync). */
export const MAX_REPLAY = 5000;

/** `FanoutOptions.firstMessageTimeoutMs` by default: DB_STATEMENT_TIMEOUT's default + 5 s. */
export const FIRST_MESSAGE_TIMEOUT_MS = 20_000;

/** Work of one showtime's queue: live events, a subscriber's first message, or whole maps (`subs` null: all). */
type Step =
  | { kind: 'deliver'; events: SeatEvent[] }
  | { kind: 'first'; sub: Subscriber; loaders: Loaders | null; replay: boolean }
  | { kind: 'resync'; subs: Subscriber[] | null };

type Log = (obj: object, msg: string) => void;

export interface FanoutOptions {
  /** Unsent messages after which a subscriber is dropped (SEAT_SUBSCRIBER_BUFFER). */
  bufferLimit: number;
  /**
   * How long a subscriber may wait for its first message while the database fails it; then it is
   * ended with SERVICE_UNAVAILABLE (the statement timeout + 5 s, as a request).
   */
  firstMessageTimeoutMs?: number;
  /** How failed steps are retried (retry.ts); DEFAULT_RETRY unless a test sets it. */
  retry?: RetryPolicy;
}

/**
 * The in-process fan-out of seat events of one instance. The relay hands it each showtime's events in
 * `seq` order; it computes the changed seats' statuses once per membership class (Premiere member or
 * not) per batch, from a fresh set of loaders, and sends each subscriber the events after its own
 * position. Work of one showtime runs in order in one queue, so a subscriber's first message (the map,
 * or the replay of what it missed) always comes before the live events behind it, with no gap and no
 * duplicate. A subscriber whose unsent messages pass the buffer limit is dropped with an explicit signal.
 *
 * Nothing the relay hands over is lost: a step that fails (a map read on a dead connection) is retried
 * with backoff while the showtime's later steps wait behind it, and past a bound it becomes a resync of
 * the subscribers it was for — the whole map, `resync: true` — retried until it goes out or they are
 * gone (retry.ts). A subscriber still waiting for its first message after `firstMessageTimeoutMs` is
 * ended with SERVICE_UNAVAILABLE. So every subscriber sees a gap-free cursor sequence, or a resync, or
 * an explicit error.
 */
export class SeatFanout implements RelaySink {
  private readonly subscribers = new Map<number, Set<Subscriber>>();
  /** The last whole-map message of each showtime and membership class (`snapshot`), by `showtimeId:m|g`. */
  private readonly snapshots = new Map<string, { seq: number; at: number; message: SeatStatusChange }>();
  private relay: SeatEventRelay | null = null;
  /** Each showtime's steps, in order, under the failure rule (step-queue.ts). */
  private readonly steps: StepQueues<Step>;
  /**
   * Messages sent, subscribers dropped (too slow, or no first message in time), resyncs sent, failed
   * steps retried and steps that became resyncs (for tests and metrics).
   */
  readonly stats = { sent: 0, dropped: 0, resyncs: 0, retries: 0, escalations: 0 };

  constructor(
    private readonly db: Db,
    log: Log,
    private readonly options: FanoutOptions,
  ) {
    this.steps = new StepQueues<Step>(
      {
        perform: (showtimeId, step, again) => this.perform(showtimeId, step, again),
        wanted: (showtimeId, step) => this.wanted(showtimeId, step),
        escalate: (step) => ({ kind: 'resync', subs: step.kind === 'first' ? [step.sub] : null }),
        log,
      },
      options.retry,
      this.stats,
    );
  }

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
   * cursor, before anything is subscribed. `drop` ends the subscriber's transport when it is too slow
   * (SUBSCRIBER_TOO_SLOW), or when its first message could not be read in time (SERVICE_UNAVAILABLE).
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
    // Kept only for the first message: a subscriber holds no loader caches while it lives.
    let firstLoaders: Loaders | null = loaders;
    const add = (sub: Subscriber) => {
      // Live events reach it from the relay's position on, so a new map stands for that position: the
      // events handed over before it are in the queue ahead of its first message, and they are in the
      // map that message reads. A resuming subscriber starts from its cursor.
      this.relay?.track(showtimeId, head);
      sub.lastSeq = from ? from.seq : (this.relay?.position(showtimeId) ?? head);
      let set = this.subscribers.get(showtimeId);
      if (!set) this.subscribers.set(showtimeId, (set = new Set()));
      set.add(sub);
      const timer = setTimeout(() => {
        if (!sub.ready && this.subscribers.get(showtimeId)?.has(sub)) {
          this.stats.dropped += 1;
          sub.fail(new DomainError('SERVICE_UNAVAILABLE', 'The seat map could not be read in time; subscribe again shortly'));
        }
      }, this.options.firstMessageTimeoutMs ?? FIRST_MESSAGE_TIMEOUT_MS);
      timer.unref();
      this.steps.push(showtimeId, { kind: 'first', sub, loaders: firstLoaders, replay: from !== null }, () => clearTimeout(timer));
      firstLoaders = null;
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
    return seatStream({ member: viewer.isPremiereMember, bufferLimit: this.options.bufferLimit, stats: this.stats, drop, add, remove });
  }

  events(showtimeId: number, events: SeatEvent[]): void {
    if (!this.subscribers.has(showtimeId)) return;
    this.steps.push(showtimeId, { kind: 'deliver', events });
  }

  gap(showtimeId: number): void {
    if (!this.subscribers.has(showtimeId)) return;
    this.steps.push(showtimeId, { kind: 'resync', subs: null });
  }

  async drain(): Promise<void> {
    await this.steps.drain();
  }

  /** Ends the retries (shutting down): steps not done by then are abandoned with their subscribers. */
  async stop(): Promise<void> {
    await this.steps.stop();
  }

  /** Whether anyone is left to receive what `step` would send. */
  private wanted(showtimeId: number, step: Step): boolean {
    const set = this.subscribers.get(showtimeId);
    if (!set) return false;
    if (step.kind === 'first') return set.has(step.sub) && !step.sub.ready;
    if (step.kind === 'resync' && step.subs) return step.subs.some((s) => set.has(s));
    return true;
  }

  private perform(showtimeId: number, step: Step, again: boolean): Promise<void> {
    switch (step.kind) {
      case 'deliver':
        return this.deliver(showtimeId, step.events);
      case 'resync':
        return this.resync(showtimeId, step.subs ?? undefined);
      case 'first': {
        // A retry reads with fresh loaders: the kept ones may hold the failed read.
        const loaders = (!again && step.loaders) || createLoaders(this.db);
        step.loaders = null;
        return step.replay ? this.replay(showtimeId, step.sub, loaders) : this.snapshot(showtimeId, step.sub, loaders);
      }
    }
  }

  /** The current map for each membership class among `subs`, read once. */
  private async maps(showtimeId: number, subs: Iterable<Subscriber>, loaders = createLoaders(this.db)): Promise<Map<boolean, SeatMap>> {
    const maps = new Map<boolean, SeatMap>();
    for (const member of new Set([...subs].map((s) => s.member))) {
      const map = await seatMapForShowtime(loaders, showtimeId, { isPremiereMember: member });
      // A showtime's map is there as long as the showtime is (checked at subscribe): a read that finds
      // none failed, and is retried as a failure.
      if (!map) throw new Error(`seat map of showtime ${showtimeId} not found`);
      maps.set(member, map);
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
    const map = (await this.maps(showtimeId, [sub], loaders)).get(sub.member)!;
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
    const map = (await this.maps(showtimeId, [sub], loaders)).get(sub.member)!;
    sub.ready = true;
    for (const event of missed) {
      sub.send(this.message(showtimeId, event.seq, map, this.changedSeats(map, event), false));
      sub.lastSeq = event.seq;
    }
  }

  private async deliver(showtimeId: number, events: SeatEvent[]): Promise<void> {
    const subs = [...(this.subscribers.get(showtimeId) ?? [])].filter((s) => s.ready && s.lastSeq < events[events.length - 1].seq);
    if (subs.length === 0) return;
    const maps = await this.maps(showtimeId, subs);
    for (const event of events) {
      // One message per membership class per event, shared by every subscriber of that class.
      const messages = new Map<boolean, SeatStatusChange>();
      for (const [member, map] of maps) messages.set(member, this.message(showtimeId, event.seq, map, this.changedSeats(map, event), false));
      for (const sub of subs) {
        if (sub.lastSeq >= event.seq) continue;
        sub.send(messages.get(sub.member)!);
        sub.lastSeq = event.seq;
      }
    }
  }

  /**
   * The whole map, as a `resync` message, to `only` (those still subscribed) or to every subscriber of
   * the showtime — those still waiting for their first message too, and those added while the maps
   * were read, whose position the relay would otherwise pass. Only a resync of every subscriber moves
   * the relay's position (to the head read before the maps): events up to it are in the maps, and no
   * subscriber is left behind it.
   */
  private async resync(showtimeId: number, only?: Subscriber[]): Promise<void> {
    const targets = () => {
      const all = this.subscribers.get(showtimeId);
      return !all ? [] : only ? only.filter((s) => all.has(s)) : [...all];
    };
    if (targets().length === 0) return;
    const head = await readHead(this.db, showtimeId);
    const maps = new Map<boolean, SeatMap>();
    // At most twice: there are two membership classes.
    for (let missing = targets(); missing.length > 0; missing = targets().filter((s) => !maps.has(s.member))) {
      for (const [member, map] of await this.maps(showtimeId, missing)) maps.set(member, map);
    }
    const subs = targets();
    if (subs.length === 0) return;
    this.stats.resyncs += 1;
    if (!only) this.relay?.advance(showtimeId, head);
    for (const sub of subs) {
      sub.ready = true;
      sub.send(this.message(showtimeId, Math.max(sub.lastSeq, head), maps.get(sub.member)!, null, true));
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
