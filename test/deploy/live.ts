import { createClient, type Client } from 'graphql-ws';
import { subscribeResumable } from '../../src/clients/resumable-subscription';
import { seqOf, type Subscriber } from '../faults/subscribers';
import { sleep } from '../faults/util';
import type { ClientHost } from './client';

const SUBSCRIPTION = `subscription($id: Int!, $after: String) {
  seatStatusChanged(showtimeId: $id, after: $after) { cursor resync seats { row column seatStatus } }
}`;

interface Change {
  cursor: string;
  resync: boolean;
  seats: { row: number; column: number; seatStatus: string }[];
}

/** A viewer of the deployment test: a faults-suite Subscriber, plus the instances it was served by. */
export interface Viewer extends Subscriber {
  /** The instance of each connection in turn (the proxy's header on the upgrade). */
  instances: string[];
  connections: number;
}

/**
 * Live seat-map viewers as an app team would write them: graphql-ws through the proxy, kept alive by
 * src/clients/resumable-subscription.ts (the client helper the docs give), which subscribes again with
 * `after:` the last cursor whenever the socket drops. Each viewer keeps the map its messages describe and
 * records every message whose sequence number is not the previous one + 1.
 */
export class Viewers {
  readonly all: Viewer[] = [];
  private readonly clients: Client[] = [];
  private readonly stops: (() => void)[] = [];
  phase = 'start';

  constructor(private readonly proxy: string) {}

  /** Opens `perShowtime` viewers on each showtime from the given hosts in turn; waits (60 s at most) until each has its map; returns those without. */
  async open(hosts: ClientHost[], showtimeIds: number[], perShowtime: number): Promise<string[]> {
    for (const showtimeId of showtimeIds) {
      for (let k = 0; k < perShowtime; k++) {
        this.start(hosts[this.all.length % hosts.length], showtimeId);
        if (this.all.length % 20 === 0) await sleep(50);
      }
    }
    const until = Date.now() + 60_000;
    while (this.all.some((v) => v.lastSeq < 0) && Date.now() < until) await sleep(200);
    // A viewer without its map is left running: the live-map check reports it (it ends behind the log's head).
    return this.all.filter((v) => v.lastSeq < 0).map((v) => this.describe(v));
  }

  /** One viewer's state, for a report: its connections, instances and how its subscriptions ended. */
  describe(v: Viewer): string {
    return `viewer ${v.id} of showtime ${v.showtimeId}: seq ${v.lastSeq}, ${v.connections} connections on ${v.instances.join('→') || 'none'}, ` +
      `ends ${[...v.ends.entries()].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`;
  }

  private start(host: ClientHost, showtimeId: number) {
    const v: Viewer = {
      id: this.all.length, showtimeId, map: new Map(), lastSeq: -1, lastCursor: null, messages: 0, snapshots: 0, resyncs: 0,
      expired: 0, resumes: 0, gaps: [], repeats: [], url: '', ends: new Map(), instances: [], connections: 0,
    };
    this.all.push(v);
    let expectMap = true;
    const client = createClient({
      url: `${this.proxy.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: host.webSocket((servedBy) => {
        v.instances.push(servedBy);
        v.url = servedBy;
      }),
      lazy: true,
      retryAttempts: 0,
      on: {
        connected: () => {
          v.connections += 1;
          if (v.connections > 1) v.resumes += 1;
        },
        closed: (event) => {
          const code = (event as { code?: number } | undefined)?.code;
          const reason = `close ${code ?? '?'}`;
          v.ends.set(reason, (v.ends.get(reason) ?? 0) + 1);
        },
      },
    });
    this.clients.push(client);
    this.stops.push(subscribeResumable<{ seatStatusChanged: Change }>(
      client,
      {
        query: SUBSCRIPTION,
        variables: { id: showtimeId, after: null },
        retryDelay: (attempt) => Math.min(2000, 100 * 2 ** (attempt - 1)) + Math.random() * 200,
        onReset: () => {
          v.expired += 1;
          expectMap = true;
        },
      },
      {
        next: (msg) => {
          if (!msg.data) return;
          this.apply(v, msg.data.seatStatusChanged, expectMap);
          expectMap = false;
        },
        error: (err) => v.ends.set(`error ${JSON.stringify(err).slice(0, 60)}`, 1),
        complete: () => v.ends.set('complete', 1),
      },
    ));
  }

  private apply(v: Viewer, change: Change, isMap: boolean) {
    const seq = seqOf(change.cursor);
    v.messages += 1;
    if (isMap || change.resync) {
      if (isMap) v.snapshots += 1;
      else v.resyncs += 1;
      v.map = new Map(change.seats.map((seat) => [`${seat.row}:${seat.column}`, seat.seatStatus]));
    } else {
      const irregular = { after: v.lastSeq, got: seq, url: v.url, phase: this.phase };
      if (seq > v.lastSeq + 1) v.gaps.push(irregular);
      if (seq <= v.lastSeq) v.repeats.push(irregular);
      for (const seat of change.seats) v.map.set(`${seat.row}:${seat.column}`, seat.seatStatus);
    }
    v.lastSeq = Math.max(v.lastSeq, seq);
    v.lastCursor = change.cursor;
  }

  /** Viewers whose current connection is open, by instance. */
  byInstance(): Map<string, number> {
    const out = new Map<string, number>();
    for (const v of this.all) out.set(v.url, (out.get(v.url) ?? 0) + 1);
    return out;
  }

  /** Waits until every viewer has connected `connections` times (after a cut); returns whether they did within `ms`. */
  async reconnected(connections: number, ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (this.all.every((v) => v.connections >= connections)) return true;
      await sleep(100);
    }
    return false;
  }

  /** How long until every one of `watching` shows the seat as `status`; null if not within `ms`. */
  async seen(watching: Viewer[], seat: { row: number; column: number }, status: string, ms: number): Promise<number | null> {
    const started = Date.now();
    const key = `${seat.row}:${seat.column}`;
    while (Date.now() - started < ms) {
      if (watching.every((v) => v.map.get(key) === status)) return Date.now() - started;
      await sleep(10);
    }
    return null;
  }

  async close(): Promise<void> {
    for (const stop of this.stops) stop();
    await Promise.all(this.clients.map((c) => c.dispose()));
  }
}
