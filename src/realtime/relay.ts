import { sql } from 'drizzle-orm';
import type { Db, Notifier } from '../../db/client';
import { onSeatEventsCommitted } from '../services/seating';
import { readEventsAfter, type SeatEvent } from './seat-events';
import { traced } from '../tracing';
import { tracedDb } from '../tracing/sql';

/** The post-commit wake-up of other instances' relays (sent outside any claim transaction). */
export const WAKE_CHANNEL = 'seat_events_wake';

/** Where the relay hands what it reads: the fan-out. */
export interface RelaySink {
  /** Consecutive events of one showtime, in `seq` order, each after the last one handed on. */
  events(showtimeId: number, events: SeatEvent[]): void;
  /** Events of a showtime were pruned before they were read: its subscribers must reload the map. */
  gap(showtimeId: number): void;
}

export interface RelayOptions {
  /** The poll that catches what no wake-up announced (a lost notification, another instance's write). */
  pollMs: number;
  /** Events read in one statement; a full batch is followed at once by the next. */
  batch?: number;
  log(obj: object, msg: string): void;
}

/**
 * One per instance: reads the seat-event log in `seq` order for the showtimes that have subscribers
 * here, and hands each new event to the fan-out exactly once. It keeps, per showtime, the last `seq`
 * handed on and asks for `seq > last`: since `seq` is gap-free and in commit order per showtime, that
 * misses nothing. It reads when woken — at once after a commit of this instance, on another
 * instance's post-commit NOTIFY — and every `pollMs` besides, so a lost notification or a dropped
 * database connection only delays events: after it, the relay goes on from the last `seq` it handed on.
 *
 * A position moves only past what the fan-out took: `sink.events` and `sink.gap` take the events
 * synchronously, and the fan-out never drops what it took (it retries, then resyncs; fanout.ts). A
 * failed read moves nothing. `advance` moves it further only after a resync sent every subscriber of
 * the showtime the map at that position.
 */
export class SeatEventRelay {
  private readonly positions = new Map<number, number>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private offCommit: (() => void) | null = null;
  private waking = false;
  private wakeAgain = false;
  private stopped = false;
  /** Reads, events handed on, gaps found and failed reads (for tests and /metrics). */
  readonly stats = { reads: 0, events: 0, gaps: 0, failures: 0 };

  /**
   * `db` is the one writers commit through (its commits wake the relay); `relayDb` is where the relay
   * reads and sends wake-ups (its own connection on postgres.js).
   */
  constructor(
    private readonly db: Db,
    private readonly relayDb: Db,
    private readonly notifier: Notifier,
    private readonly sink: RelaySink,
    private readonly options: RelayOptions,
  ) {}

  async start(): Promise<void> {
    this.offCommit = onSeatEventsCommitted(this.db, () => {
      this.poke();
      this.wakeOthers();
    });
    // Woken by other instances; and after the LISTEN connection comes back, read at once.
    this.unlisten = await this.notifier.listen(
      WAKE_CHANNEL,
      () => this.poke(),
      () => this.poke(),
    );
    this.timer = setInterval(() => this.poke(), this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.offCommit?.();
    await this.unlisten?.().catch(() => undefined);
    await this.reading;
  }

  /** Starts relaying a showtime's events after `seq` (no-op when it is relayed already). */
  track(showtimeId: number, seq: number): void {
    if (!this.positions.has(showtimeId)) this.positions.set(showtimeId, seq);
  }

  /** The last `seq` of a showtime handed on (undefined when it is not relayed). */
  position(showtimeId: number): number | undefined {
    return this.positions.get(showtimeId);
  }

  /** Moves a showtime's position forward (after a resync read the map at `seq`). */
  advance(showtimeId: number, seq: number): void {
    const at = this.positions.get(showtimeId);
    if (at !== undefined && seq > at) this.positions.set(showtimeId, seq);
  }

  untrack(showtimeId: number): void {
    this.positions.delete(showtimeId);
  }

  /** Reads now (or right after the read in flight). */
  poke(): void {
    if (this.stopped || this.positions.size === 0) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readLoop().finally(() => {
      this.reading = null;
    });
  }

  private async readLoop(): Promise<void> {
    do {
      this.readAgain = false;
      try {
        await this.readOnce();
      } catch (err) {
        // Positions stay where they were: the next poll goes on from there, so nothing is lost.
        this.stats.failures += 1;
        this.options.log({ err }, 'seat event relay read failed');
        return;
      }
    } while (this.readAgain && !this.stopped && this.positions.size > 0);
  }

  private async readOnce(): Promise<void> {
    const batch = this.options.batch ?? 2000;
    this.stats.reads += 1;
    // Tracing: a span per read, its statement a child; the fan-out's messages are spans of their own (ws.ts).
    const events = await traced('seat-event relay read', { 'relay.showtimes': this.positions.size }, async (span) => {
      const read = await readEventsAfter(span ? tracedDb(this.relayDb, span) : this.relayDb, this.positions, batch);
      span?.setAttribute('relay.events', read.length);
      return read;
    });
    for (let i = 0; i < events.length; ) {
      const showtimeId = events[i].showtimeId;
      let j = i;
      while (j < events.length && events[j].showtimeId === showtimeId) j += 1;
      const run = events.slice(i, j);
      i = j;
      const at = this.positions.get(showtimeId);
      if (at === undefined) continue;
      this.positions.set(showtimeId, run[run.length - 1].seq);
      if (run[0].seq !== at + 1) {
        this.stats.gaps += 1;
        this.sink.gap(showtimeId);
      } else {
        this.stats.events += run.length;
        this.sink.events(showtimeId, run);
      }
    }
    if (events.length === batch) this.readAgain = true;
  }

  /**
   * Tells other instances' relays to read now: a NOTIFY in its own statement after the commit (never
   * inside a claim transaction), at most one in flight; a lost one only costs them a poll interval.
   */
  private wakeOthers(): void {
    if (this.waking) {
      this.wakeAgain = true;
      return;
    }
    this.waking = true;
    void this.relayDb
      .execute(sql`select pg_notify(${WAKE_CHANNEL}, '')`)
      .catch(() => undefined)
      .finally(() => {
        this.waking = false;
        if (this.wakeAgain && !this.stopped) {
          this.wakeAgain = false;
          this.wakeOthers();
        }
      });
  }
}
