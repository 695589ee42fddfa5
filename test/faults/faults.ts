import type { Cluster } from './cluster';
import type { Instance, Instances } from './instances';
import { secs, sleep } from './util';

/** What the suite needs to inject a fault. */
export interface FaultContext {
  cluster: Cluster;
  instances: Instances;
  /** Makes the webhook receiver answer 500 (true) or 200 (false); returns how many 500s it answered so far. */
  receiverFailing(failing: boolean): number;
  log(line: string): void;
}

/** What happened: when the fault ended, whether it demonstrably took place, and what the service did. */
export interface FaultOutcome {
  /** The moment the fault was over (restarted, reconnected, started again): recovery counts from here. */
  end: number;
  /** Proof that the fault happened (a check that cannot fail is a defect: neither can a fault that did not). */
  exercised: boolean;
  evidence: string;
  /** A requirement of the fault itself that the service did not meet (e.g. SIGTERM did not exit 0). */
  failure?: string;
}

export interface Fault {
  name: string;
  /** The instance it hits, or "both" / "receiver". */
  target: string;
  inject(ctx: FaultContext): Promise<FaultOutcome>;
}

const slot = (ctx: FaultContext, name: string): Instance => ctx.instances.slots.find((s) => s.name === name)!;

/** Restarts an instance the fault stopped; the fault ends when the new process is spawned. */
async function restart(ctx: FaultContext, target: Instance): Promise<{ end: number; note: string; failure?: string }> {
  const end = Date.now();
  try {
    const ms = await ctx.instances.start(target);
    return { end, note: `restarted, ready in ${secs(ms)} s` };
  } catch (err) {
    return { end, note: 'restart failed', failure: (err as Error).message };
  }
}

/** The six faults, one at a time, in this order. */
export const FAULTS: Fault[] = [
  {
    name: 'kill -9',
    target: 'A',
    async inject(ctx) {
      const a = slot(ctx, 'A');
      const exit = await ctx.instances.stop(a, 'SIGKILL');
      await sleep(2000); // its subscribers move to B, its leases are left to run out
      const back = await restart(ctx, a);
      return {
        end: back.end,
        exercised: exit.signal === 'SIGKILL',
        evidence: `pid ${exit.pid} ended by ${exit.signal ?? `code ${exit.code}`}; ${back.note}`,
        failure: back.failure,
      };
    },
  },
  {
    name: 'DB connections killed',
    target: 'B',
    async inject(ctx) {
      const b = slot(ctx, 'B');
      // Five rounds 2 s apart: a round can find the relay between two reads or in the middle of one, a
      // request between two statements or inside a transaction.
      const counts: number[] = [];
      for (let round = 0; round < 5; round++) {
        if (round) await sleep(2000);
        counts.push(await ctx.cluster.terminateBackendsOf(b.pid));
      }
      return {
        end: Date.now(),
        exercised: counts.every((n) => n > 0),
        evidence: `backends of pid ${b.pid} terminated in ${counts.length} rounds: ${counts.join(', ')}`,
      };
    },
  },
  {
    name: 'Postgres restart',
    target: 'both',
    async inject(ctx) {
      const before = await postmasterStart(ctx);
      const started = Date.now();
      await ctx.cluster.restart();
      const end = Date.now();
      const after = await postmasterStart(ctx);
      return {
        end,
        exercised: before !== null && after !== null && after !== before,
        evidence: `pg_ctlcluster restart took ${secs(end - started)} s; postmaster start time ${before === after ? 'unchanged' : 'changed'}`,
      };
    },
  },
  {
    name: 'Postgres stopped 15 s',
    target: 'both',
    async inject(ctx) {
      await ctx.cluster.stop();
      const down = !(await ctx.cluster.ready());
      await sleep(15_000);
      await ctx.cluster.start();
      return { end: Date.now(), exercised: down, evidence: `pg_isready ${down ? 'refused' : 'still answered'} while stopped` };
    },
  },
  {
    name: 'SIGTERM under load',
    target: 'B',
    async inject(ctx) {
      const b = slot(ctx, 'B');
      const exit = await ctx.instances.stop(b, 'SIGTERM', 30_000);
      const back = await restart(ctx, b);
      const clean = exit.code === 0 && exit.signal === null && exit.ms < 30_000;
      return {
        end: back.end,
        exercised: true,
        evidence: `pid ${exit.pid} exited ${exit.signal ? `by signal ${exit.signal}` : `with code ${exit.code}`} ${secs(exit.ms)} s after SIGTERM; ${back.note}`,
        failure: back.failure ?? (clean ? undefined : `SIGTERM: expected a drain and exit code 0 within 30 s, got ${exit.signal ?? `code ${exit.code}`} after ${secs(exit.ms)} s`),
      };
    },
  },
  {
    name: 'webhook receiver 500s 30 s',
    target: 'receiver',
    async inject(ctx) {
      const before = ctx.receiverFailing(true);
      await sleep(30_000);
      const after = ctx.receiverFailing(false);
      return { end: Date.now(), exercised: after > before, evidence: `the receiver answered ${after - before} callbacks with 500` };
    },
  },
];

async function postmasterStart(ctx: FaultContext): Promise<string | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const [row] = await ctx.cluster.sql<{ t: string }[]>`select pg_postmaster_start_time()::text as t`;
      return row.t;
    } catch {
      await sleep(500);
    }
  }
  return null;
}
