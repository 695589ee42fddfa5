import { sql } from 'drizzle-orm';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import type { Replica } from '../db/replicas';

/** How often each replica's lag is checked. */
export const REPLICA_CHECK_INTERVAL_MS = 1000;
/** A check not answered within this is an unreachable replica (the check goes on; none starts beside it). */
export const REPLICA_CHECK_TIMEOUT_MS = 2000;

/** What one check read: the primary's position first, then the replica's. */
export interface LagSample {
  /** `pg_current_wal_lsn()` on the primary, read before the replica's figures. */
  primaryLsn: string;
  /** `pg_last_wal_replay_lsn()` on the replica; null when it is not in recovery (not a replica). */
  replayLsn: string | null;
  /** `now() - pg_last_xact_replay_timestamp()` on the replica, in ms; null before it replayed any. */
  replayAgeMs: number | null;
  /**
   * Ms since the start of the last check that found it caught up (its replay position at or past the
   * primary's, read first); null: never.
   */
  sinceCaughtUpMs: number | null;
}

/** A WAL position (`16/B374D848`) as a number. */
export function lsnValue(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn);
  if (!match) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/**
 * How far behind the primary a replica's data is, in ms (an upper bound): 0 when it has replayed
 * everything the primary had written when the check began; else the smaller of two bounds — the age of
 * the last transaction it replayed (every commit it lacks came after that one), and the time since a
 * check last found it caught up (it has everything written before then). The second keeps a replica of
 * an idle primary from looking behind when the primary's first write in a while (or a checkpoint record)
 * is still on its way. A server not in recovery is not a replica: Infinity.
 */
export function replicaLagMs(sample: LagSample): number {
  if (sample.replayLsn === null) return Infinity;
  if (lsnValue(sample.replayLsn) >= lsnValue(sample.primaryLsn)) return 0;
  return Math.max(0, Math.min(sample.replayAgeMs ?? Infinity, sample.sinceCaughtUpMs ?? Infinity));
}

/** Why a replica is skipped. */
export type SkipReason = 'lagging' | 'unreachable';

/** A replica's state as routing sees it: healthy, or skipped for a reason. */
export interface ReplicaState {
  healthy: boolean;
  reason: SkipReason | null;
  /** The last lag measured, in ms (NaN while unreachable). */
  lagMs: number;
}

/** Reads within the lag bound from a reachable replica; anything else is skipped with its reason. */
export function stateOf(lagMs: number, reachable: boolean, maxLagMs: number): ReplicaState {
  if (!reachable) return { healthy: false, reason: 'unreachable', lagMs: NaN };
  return lagMs <= maxLagMs ? { healthy: true, reason: null, lagMs } : { healthy: false, reason: 'lagging', lagMs };
}

/** The replica metrics of /metrics (one set per app). */
export interface ReplicaMetrics {
  lag: Gauge<'replica'>;
  healthy: Gauge<'replica'>;
  reads: Counter<'target'>;
  fallbacks: Counter<'reason'>;
}

export function replicaMetrics(registry: Registry): ReplicaMetrics {
  return {
    lag: new Gauge({
      name: 'marquee_db_replica_lag_seconds',
      help: 'How far behind the primary each replica is (upper bound; NaN while unreachable, +Inf when not a replica)',
      labelNames: ['replica'],
      registers: [registry],
    }),
    healthy: new Gauge({
      name: 'marquee_db_replica_healthy',
      help: '1 when the replica takes catalog reads (reachable, within REPLICA_MAX_LAG), else 0',
      labelNames: ['replica'],
      registers: [registry],
    }),
    reads: new Counter({
      name: 'marquee_db_reads_total',
      help: 'Requests whose catalog reads went to each target (primary, replica<i>)',
      labelNames: ['target'],
      registers: [registry],
    }),
    fallbacks: new Counter({
      name: 'marquee_db_replica_fallbacks_total',
      help: 'Catalog reads sent elsewhere than their replica: lagging or unreachable (requests), read_failed (statements retried on the primary)',
      labelNames: ['reason'],
      registers: [registry],
    }),
  };
}

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * Checks each replica's lag about once a second (`replicaLagMs`) and keeps the state routing reads
 * (src/read-route.ts). The primary's WAL position is read once per round on the primary's pool, then
 * each replica's figures on its own health connection. Until a replica's first check it is not used.
 */
export class ReplicaMonitor {
  readonly states: ReplicaState[];
  private readonly caughtUpAt: (number | null)[];
  private readonly inFlight: boolean[];
  /** Whether a state was logged yet (the first one is, whatever it is). */
  private readonly checked: boolean[];
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;

  constructor(
    private readonly primary: Db,
    readonly replicas: readonly Replica[],
    private readonly options: { maxLagMs: number; metrics: ReplicaMetrics; log: Log; intervalMs?: number },
  ) {
    this.states = replicas.map(() => ({ healthy: false, reason: 'unreachable', lagMs: NaN }));
    this.caughtUpAt = replicas.map(() => null);
    this.inFlight = replicas.map(() => false);
    this.checked = replicas.map(() => false);
    for (const replica of replicas) {
      options.metrics.healthy.set({ replica: replica.label }, 0);
      replica.onReadFailed = () => {
        options.metrics.fallbacks.inc({ reason: 'read_failed' });
        // Skipped at once; the next check that reaches it takes it back.
        this.update(replica.index, stateOf(NaN, false, options.maxLagMs));
      };
    }
  }

  /** Runs a first round (so that a replica that is up serves from the first request), then one a second. */
  async start(): Promise<void> {
    if (!this.replicas.length) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.intervalMs ?? REPLICA_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }

  /** One round: the primary's WAL position, then every replica's figures (in parallel). */
  check(): Promise<void> {
    this.round ??= this.runRound().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async runRound(): Promise<void> {
    const startedAt = Date.now();
    let primaryLsn: string | null = null;
    try {
      const rows = (await this.primary.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as { lsn: string }[];
      primaryLsn = rows[0]?.lsn ?? null;
    } catch {
      // The primary is not answering: each replica keeps its lag verdict, and is still checked for being there.
    }
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica, primaryLsn, startedAt)));
  }

  private async checkReplica(replica: Replica, primaryLsn: string | null, startedAt: number): Promise<void> {
    const i = replica.index;
    if (this.inFlight[i]) return;
    this.inFlight[i] = true;
    const query = replica.health<{ lsn: string | null; age_ms: number | null }[]>`
      select pg_last_wal_replay_lsn()::text as lsn,
             (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as age_ms`.execute();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), REPLICA_CHECK_TIMEOUT_MS);
    });
    const done = query.finally(() => {
      this.inFlight[i] = false;
    });
    done.catch(() => undefined);
    try {
      const answer = await Promise.race([done, timedOut]);
      if (answer === 'timeout') return this.update(i, stateOf(NaN, false, this.options.maxLagMs));
      const row = answer[0];
      if (primaryLsn === null) {
        // No position to compare with: reachable, with the verdict it had on lag.
        const previous = this.states[i];
        return this.update(i, stateOf(Number.isNaN(previous.lagMs) ? Infinity : previous.lagMs, true, this.options.maxLagMs));
      }
      const caughtUp = this.caughtUpAt[i];
      const lagMs = replicaLagMs({
        primaryLsn,
        replayLsn: row?.lsn ?? null,
        replayAgeMs: row?.age_ms ?? null,
        sinceCaughtUpMs: caughtUp === null ? null : Date.now() - caughtUp,
      });
      if (lagMs === 0) this.caughtUpAt[i] = startedAt;
      this.update(i, stateOf(lagMs, true, this.options.maxLagMs));
    } catch {
      this.update(i, stateOf(NaN, false, this.options.maxLagMs));
    } finally {
      clearTimeout(timer);
    }
  }

  private update(index: number, next: ReplicaState): void {
    const previous = this.states[index];
    const label = this.replicas[index].label;
    this.states[index] = next;
    const { metrics, log, maxLagMs } = this.options;
    metrics.lag.set({ replica: label }, next.lagMs / 1000);
    metrics.healthy.set({ replica: label }, next.healthy ? 1 : 0);
    if (previous.healthy === next.healthy && previous.reason === next.reason && this.checked[index]) return;
    this.checked[index] = true;
    if (next.healthy) log.info({ replica: label, lagMs: next.lagMs }, `${label} takes catalog reads (lag ${next.lagMs} ms)`);
    else if (next.reason === 'lagging') {
      log.warn({ replica: label, lagMs: next.lagMs }, `${label} is skipped: ${next.lagMs} ms behind the primary, more than REPLICA_MAX_LAG (${maxLagMs} ms)`);
    } else log.warn({ replica: label }, `${label} is skipped: unreachable`);
  }
}
