import type { Check } from '../faults/checks';
import type { Stats } from '../faults/stats';
import { secs, sleep } from '../faults/util';
import { scrape, sumOf } from './client';
import type { Replica } from './replica';

/** Metric names of the replica routing (src/metrics.ts). */
export const METRIC = {
  reads: 'marquee_db_reads_total',
  healthy: 'marquee_db_replica_healthy',
  lag: 'marquee_db_replica_lag_seconds',
  fallbacks: 'marquee_db_replica_fallbacks_total',
};

/** Reads by target, summed over the instances. */
export interface Reads {
  primary: number;
  replica: number;
}

export class Metrics {
  constructor(
    private readonly urls: string[],
    private readonly token: string,
  ) {}

  async samples() {
    return Promise.all(this.urls.map((u) => scrape(u, this.token)));
  }

  async reads(): Promise<Reads> {
    const all = await this.samples();
    const primary = all.reduce((n, s) => n + sumOf(s, METRIC.reads, { target: 'primary' }), 0);
    const total = all.reduce((n, s) => n + sumOf(s, METRIC.reads), 0);
    return { primary, replica: total - primary };
  }

  /** How many instances count the replica healthy (the gauge is 1). */
  async healthyOn(): Promise<number> {
    return (await this.samples()).filter((s) => sumOf(s, METRIC.healthy) >= 1).length;
  }

  async fallbacks(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const s of await this.samples()) {
      for (const [series, v] of s) {
        const m = new RegExp(`^${METRIC.fallbacks}\\{.*reason="([^"]*)"`).exec(series);
        if (m) out.set(m[1], (out.get(m[1]) ?? 0) + v);
      }
    }
    return out;
  }

  /** The largest lag any instance reports for the replica. */
  async lag(): Promise<number> {
    return Math.max(0, ...(await this.samples()).map((s) => sumOf(s, METRIC.lag)));
  }
}

const delta = (a: Reads, b: Reads): Reads => ({ primary: b.primary - a.primary, replica: b.replica - a.replica });

/** Waits (polling every 250 ms, at most `ms`) until `test` holds; returns the time it took, or null. */
async function within(ms: number, test: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await test().catch(() => false)) return Date.now() - started;
    await sleep(250);
  }
  return null;
}

/** Waits until the replica has served reads again (its count grows within a 1 s window); the time it took, or null. */
function replicaServesAgain(metrics: Metrics, ms: number): Promise<number | null> {
  return within(ms, async () => {
    const a = await metrics.reads();
    await sleep(1000);
    return (await metrics.reads()).replica > a.replica;
  });
}

export interface FailoverFigures {
  name: string;
  /** Reads by target while the replica was out (after it was noticed). */
  whileOut: Reads;
  outMs: number;
  /** From the fault to the instances' noticing it (healthy gauge 0 everywhere), or null. */
  noticedMs: number | null;
  /** From the repair to the replica serving reads again, or null. */
  backMs: number | null;
  http5xx: number;
  requests: number;
  fallbacks: string;
  note: string;
}

/**
 * Takes the replica out (stopped, or replay paused while writes go on), watches the reads go to the
 * primary with no 5xx, repairs it, and watches the reads come back.
 */
export async function replicaOut(
  name: string,
  metrics: Metrics,
  stats: Stats,
  replica: Replica,
  out: () => Promise<void>,
  repair: () => Promise<void>,
  noticeWithinMs: number,
): Promise<FailoverFigures> {
  stats.phase = name;
  const before = await metrics.fallbacks();
  await out();
  const noticedMs = await within(noticeWithinMs, async () => (await metrics.healthyOn()) === 0);
  const lagAtNotice = await replica.replayState().then((r) => r.lagSeconds).catch(() => null);
  const a = await metrics.reads();
  const started = Date.now();
  await sleep(4000);
  const whileOut = delta(a, await metrics.reads());
  const outMs = Date.now() - started;
  await repair();
  const backMs = await replicaServesAgain(metrics, 30_000);
  const after = await metrics.fallbacks();
  const fallbacks = [...after.entries()].map(([r, n]) => [r, n - (before.get(r) ?? 0)] as const).filter(([, n]) => n > 0).map(([r, n]) => `${r} ${n}`).join(', ');
  const s = stats.of(name);
  return {
    name, whileOut, outMs, noticedMs, backMs, http5xx: s.http5xx, requests: s.requests, fallbacks: fallbacks || 'none',
    note: lagAtNotice === null ? '' : `replica's own replay lag when noticed: ${lagAtNotice.toFixed(1)} s`,
  };
}

/** `minNoticeMs`: reads must not leave before this (replay paused: not before the lag can have passed the bound). */
export function failoverCheck(label: string, f: FailoverFigures, minNoticeMs = 0): Check {
  return {
    name: label,
    ok: f.noticedMs !== null && f.noticedMs >= minNoticeMs && f.whileOut.replica === 0 && f.whileOut.primary > 0 && f.http5xx === 0 && f.backMs !== null,
    detail: `noticed by every instance after ${f.noticedMs === null ? 'never' : `${secs(f.noticedMs)} s`}; ` +
      `reads in the ${secs(f.outMs)} s after: primary ${f.whileOut.primary}, replica ${f.whileOut.replica}; ` +
      `${f.requests} client requests in the phase, ${f.http5xx} 5xx; fallbacks: ${f.fallbacks}; ` +
      `reads back on the replica ${f.backMs === null ? 'never (30 s)' : `${secs(f.backMs)} s after the repair`}${f.note ? `; ${f.note}` : ''}`,
  };
}
