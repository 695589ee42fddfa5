import { countingDb, type Db, type StatementCount } from '../db/client';
import type { ReplicaMetrics, ReplicaState, SkipReason } from './replica-health';

/**
 * Where a request's catalog reads go (docs/scale-out.md, "Read replicas").
 *
 * The rule has two halves. The request decides whether it may read from a replica at all: a GraphQL
 * query over HTTP and a REST GET or HEAD may (`catalog`); a GraphQL mutation, a REST write and a
 * graphql-ws operation may not (`primary`), so whatever a request reads after (or beside) a write is
 * on the primary. The code declares which reads are catalog reads: the loader domains marked `catalog`
 * in src/loaders/index.ts and the services that resolvers and REST handlers call with
 * `ctx.catalogDb`; everything else (orders, accounts, loyalty, wallet, seat maps and claims,
 * idempotency, webhooks, subscriptions) uses `ctx.db`, the primary, in every request.
 */
export type ReadMode = 'catalog' | 'primary';

/**
 * Which replica a catalog read goes to: `preferred` (the round-robin turn) when healthy, else the next
 * healthy one after it; null when none is (the primary). `skipped` is why `preferred` was passed over.
 */
export function chooseReplica(states: readonly ReplicaState[], preferred: number): { index: number | null; skipped: SkipReason | null } {
  const n = states.length;
  if (n === 0) return { index: null, skipped: null };
  const first = ((preferred % n) + n) % n;
  const skipped = states[first].healthy ? null : states[first].reason;
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (states[i].healthy) return { index: i, skipped };
  }
  return { index: null, skipped };
}

/** The process's choice of a catalog read's target, round-robin over the healthy replicas. */
export class CatalogRouter {
  private turn = 0;

  constructor(
    private readonly primary: Db,
    private readonly replicas: readonly { db: Db; label: string }[],
    private readonly states: readonly ReplicaState[],
    private readonly metrics: ReplicaMetrics | null,
  ) {}

  /** The shared handle of the next catalog read, counted in `marquee_db_reads_total` and the fallbacks. */
  next(): Db {
    const { index, skipped } = chooseReplica(this.states, this.turn++);
    if (this.turn >= 1 << 30) this.turn = 0;
    if (skipped) this.metrics?.fallbacks.inc({ reason: skipped });
    this.metrics?.reads.inc({ target: index === null ? 'primary' : this.replicas[index].label });
    return index === null ? this.primary : this.replicas[index].db;
  }
}

/**
 * One request's catalog handle: chosen on its first catalog read (a request that reads none is not
 * counted), then the same for the whole request; the primary once the request is `primaryOnly`.
 */
export class ReadRoute {
  private chosen: Db | null = null;

  constructor(
    /** The request's primary handle (counting its statements). */
    private readonly primary: Db,
    private mode: ReadMode,
    private readonly router: CatalogRouter | null,
    private readonly count: StatementCount | null,
  ) {}

  /** The request writes (a GraphQL mutation): its catalog reads are on the primary too. */
  primaryOnly(): void {
    this.mode = 'primary';
  }

  get catalogDb(): Db {
    if (this.mode === 'primary' || !this.router) return this.primary;
    if (!this.chosen) {
      const shared = this.router.next();
      this.chosen = this.count ? countingDb(shared, this.count) : shared;
    }
    return this.chosen;
  }
}
