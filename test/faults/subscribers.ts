import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { pick, sleep } from './util';

const SUBSCRIPTION = `subscription($id: Int!, $after: String) {
  seatStatusChanged(showtimeId: $id, after: $after) { cursor resync seats { row column seatStatus } }
}`;

interface Change {
  cursor: string;
  resync: boolean;
  seats: { row: number; column: number; seatStatus: string }[];
}

/**
 * A live seat-map viewer: keeps the map the messages describe and checks their cursors. After any end of
 * its subscription (socket closed, an error) it subscribes again on either instance with `after:` its
 * last cursor; after CURSOR_EXPIRED (or BAD_USER_INPUT) it starts over without one.
 */
export interface Subscriber {
  id: number;
  showtimeId: number;
  /** `row:column` → status, as the messages built it. */
  map: Map<string, string>;
  /** The seq of the last message applied (-1 before the first map). */
  lastSeq: number;
  lastCursor: string | null;
  messages: number;
  snapshots: number;
  resyncs: number;
  expired: number;
  resumes: number;
  /** Delta messages whose seq was not the previous one + 1: skipped ahead (gap) or not ahead (repeat). */
  gaps: Irregular[];
  repeats: Irregular[];
  /** The instance the current (or last) subscription is on. */
  url: string;
  /** How subscriptions ended, by reason (close code, error code). */
  ends: Map<string, number>;
}

/** A message out of sequence: where the subscriber was, what came, on which instance, in which phase. */
export interface Irregular {
  after: number;
  got: number;
  url: string;
  phase: string;
}

/** What the subscribers saw in one phase of the run. */
export interface PhaseCounts {
  messages: number;
  gaps: number;
  repeats: number;
  resyncs: number;
  expired: number;
  resumes: number;
}

/** The seq inside a cursor (`v1.<showtimeId>.<seq>`, base64url). */
export function seqOf(cursor: string): number {
  const m = /^v1\.(\d+)\.(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new Error(`not a cursor: ${cursor}`);
  return Number(m[2]);
}

export class Subscribers {
  readonly all: Subscriber[] = [];
  private running = true;
  private readonly clients = new Map<number, Client>();
  readonly byPhase = new Map<string, PhaseCounts>();

  /** `phase()` names the run's current phase, for the per-phase counts. */
  constructor(
    private readonly urls: string[],
    private readonly phase: () => string,
  ) {}

  private counts(): PhaseCounts {
    const name = this.phase();
    let c = this.byPhase.get(name);
    if (!c) {
      c = { messages: 0, gaps: 0, repeats: 0, resyncs: 0, expired: 0, resumes: 0 };
      this.byPhase.set(name, c);
    }
    return c;
  }

  /** Opens `perShowtime` subscribers on each showtime, alternating instances; resolves when each has its map. */
  async open(showtimeIds: number[], perShowtime: number, readyWithinMs = 60_000): Promise<void> {
    let n = 0;
    for (const showtimeId of showtimeIds) {
      for (let k = 0; k < perShowtime; k++) {
        const s: Subscriber = {
          id: n,
          showtimeId,
          map: new Map(),
          lastSeq: -1,
          lastCursor: null,
          messages: 0,
          snapshots: 0,
          resyncs: 0,
          expired: 0,
          resumes: 0,
          gaps: [],
          repeats: [],
          ends: new Map(),
          url: '',
        };
        this.all.push(s);
        this.connect(s, this.urls[n % this.urls.length]);
        n += 1;
        if (n % 25 === 0) await sleep(100); // do not open hundreds of sockets in one tick
      }
    }
    const until = Date.now() + readyWithinMs;
    while (this.all.some((s) => s.lastSeq < 0)) {
      if (Date.now() > until) throw new Error(`${this.all.filter((s) => s.lastSeq < 0).length} subscribers got no map within ${readyWithinMs} ms`);
      await sleep(200);
    }
  }

  private connect(s: Subscriber, url: string) {
    if (!this.running) return;
    const client = createClient({ url: `${url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, lazy: true, retryAttempts: 0 });
    this.clients.set(s.id, client);
    s.url = url;
    // A fresh subscription (no cursor) starts with the whole map; a resumed one with the changes after it.
    let expectMap = s.lastCursor === null;
    let ended = false;
    const end = (reason: string, restart: boolean) => {
      if (ended) return;
      ended = true;
      s.ends.set(reason, (s.ends.get(reason) ?? 0) + 1);
      void client.dispose();
      if (!restart || !this.running) return;
      // Resume after a short, random pause on either instance (a load balancer's choice).
      void sleep(200 + Math.random() * 800).then(() => {
        s.resumes += 1;
        this.counts().resumes += 1;
        this.connect(s, pick(this.urls));
      });
    };
    client.subscribe<{ seatStatusChanged: Change }>(
      { query: SUBSCRIPTION, variables: { id: s.showtimeId, after: s.lastCursor } },
      {
        next: (msg) => {
          if (msg.errors?.length || !msg.data) return end(`next with errors: ${String(msg.errors?.[0]?.extensions?.code)}`, true);
          this.apply(s, msg.data.seatStatusChanged, expectMap);
          expectMap = false;
        },
        error: (err: unknown) => {
          if (Array.isArray(err)) {
            const code = String((err[0] as { extensions?: { code?: string } })?.extensions?.code ?? 'NO_CODE');
            if (code === 'CURSOR_EXPIRED' || code === 'BAD_USER_INPUT') {
              // The explicit signal: load the map again.
              s.expired += 1;
              this.counts().expired += 1;
              s.lastCursor = null;
            }
            return end(`error ${code}`, true);
          }
          const close = err as { code?: number; message?: string };
          end(typeof close.code === 'number' ? `close ${close.code}` : `socket: ${String(close.message ?? err).slice(0, 40)}`, true);
        },
        complete: () => end('complete', true),
      },
    );
  }

  private apply(s: Subscriber, change: Change, isMap: boolean) {
    const seq = seqOf(change.cursor);
    const counts = this.counts();
    s.messages += 1;
    counts.messages += 1;
    if (isMap || change.resync) {
      if (isMap) s.snapshots += 1;
      else {
        s.resyncs += 1;
        counts.resyncs += 1;
      }
      s.map = new Map(change.seats.map((seat) => [`${seat.row}:${seat.column}`, seat.seatStatus]));
    } else {
      const irregular = { after: s.lastSeq, got: seq, url: s.url, phase: this.phase() };
      if (seq > s.lastSeq + 1) {
        s.gaps.push(irregular);
        counts.gaps += 1;
      }
      if (seq <= s.lastSeq) {
        s.repeats.push(irregular);
        counts.repeats += 1;
      }
      for (const seat of change.seats) s.map.set(`${seat.row}:${seat.column}`, seat.seatStatus);
    }
    s.lastSeq = Math.max(s.lastSeq, seq);
    s.lastCursor = change.cursor;
  }

  async close(): Promise<void> {
    this.running = false;
    await Promise.all([...this.clients.values()].map((c) => c.dispose()));
  }
}
