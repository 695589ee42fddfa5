import type postgres from 'postgres';
import { sleep } from './util';

/** One availability probe of one instance. */
export interface Probe {
  instance: string;
  at: number;
  ok: boolean;
}

/**
 * Probes every instance every 250 ms with what a load balancer and a client would see: `/readyz` must
 * be 200 and a catalog read through GraphQL must answer 200 without errors.
 */
export class Prober {
  readonly probes: Probe[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(slots: { name: string; url: string }[], theatreId: number) {
    this.loops = slots.map((slot) => this.loop(slot, theatreId));
  }

  private async loop(slot: { name: string; url: string }, theatreId: number) {
    while (this.running) {
      const at = Date.now();
      const ok = await probe(slot.url, theatreId);
      this.probes.push({ instance: slot.name, at, ok });
      await sleep(Math.max(0, 250 - (Date.now() - at)));
    }
  }

  /**
   * When every instance had answered 2xx from some moment on, up to `until`: the time from `from` to
   * the latest such moment over the instances (ms), or null when one never settled.
   */
  recoveredAfter(from: number, until: number, names: string[]): number | null {
    let latest = from;
    for (const name of names) {
      const own = this.probes.filter((p) => p.instance === name && p.at >= from && p.at <= until);
      if (!own.length || !own[own.length - 1].ok) return null;
      let k = own.length - 1;
      while (k > 0 && own[k - 1].ok) k -= 1;
      latest = Math.max(latest, own[k].at);
    }
    return latest - from;
  }

  /** True when every instance's probes of the last `ms` were all 2xx (and there were some). */
  steady(names: string[], ms: number): boolean {
    const since = Date.now() - ms;
    return names.every((name) => {
      const own = this.probes.filter((p) => p.instance === name && p.at >= since);
      return own.length >= 2 && own.every((p) => p.ok);
    });
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

async function probe(url: string, theatreId: number): Promise<boolean> {
  try {
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
    await ready.arrayBuffer();
    if (ready.status !== 200) return false;
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ theatre(id: ${theatreId}) { id } }` }),
      signal: AbortSignal.timeout(2000),
    });
    const body = (await res.json()) as { errors?: unknown[] };
    return res.status === 200 && !body.errors?.length;
  } catch {
    return false;
  }
}

/** Seats with more than one active claim, as one poll saw them. */
export interface DoubleClaim {
  showtimeId: number;
  row: number;
  column: number;
  claims: number;
}

/**
 * Polls seat_claims every second for a seat of a showtime with more than one active (held or sold)
 * claim. A poll that fails (Postgres down) is counted, not retried.
 */
export class ClaimPoller {
  polls = 0;
  failedPolls = 0;
  readonly found: DoubleClaim[] = [];
  private running = true;
  private readonly done: Promise<void>;

  constructor(private readonly sql: postgres.Sql) {
    this.done = this.loop();
  }

  /** One poll; the final check calls it too. */
  async poll(): Promise<DoubleClaim[]> {
    const rows = await this.sql<{ showtime_id: number; row: number; column: number; claims: number }[]>`
      select showtime_id, "row", "column", count(*)::int as claims from seat_claims
      where status in ('held', 'sold') group by showtime_id, "row", "column" having count(*) > 1`;
    return rows.map((r) => ({ showtimeId: r.showtime_id, row: r.row, column: r.column, claims: r.claims }));
  }

  private async loop() {
    while (this.running) {
      try {
        const found = await this.poll();
        this.polls += 1;
        this.found.push(...found);
      } catch {
        this.failedPolls += 1;
      }
      await sleep(1000);
    }
  }

  async stop() {
    this.running = false;
    await this.done;
  }
}
