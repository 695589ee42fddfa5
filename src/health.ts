import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/** How long one readiness probe may take in all (database round trip and notification). */
export const READINESS_TIMEOUT_MS = 1000;
/** How long a probe's result is served before the next request probes again. */
export const READINESS_CACHE_MS = 1000;

export type CheckState = 'up' | 'down' | 'unknown';

/** What /readyz answers, and why. */
export interface Readiness {
  ready: boolean;
  /** `database`: a statement ran; `realtime`: this instance's LISTEN connection delivered a notification. */
  checks: { database: CheckState; realtime: CheckState };
  /** Set when the instance is going away, whatever the checks say. */
  reason?: 'shutting down';
}

/**
 * Whether this instance can serve: the database answers AND its LISTEN connection (which carries
 * every instance's seat events) is up. One probe is a round trip through both: it sends
 * `pg_notify` on a channel private to this instance through the query pool and waits for the
 * notification to come back on the LISTEN connection, all within READINESS_TIMEOUT_MS. On
 * postgres.js all channels of an instance share that one LISTEN connection, so the private channel
 * arriving means the seat-event channel is being heard too.
 *
 * Results are cached for READINESS_CACHE_MS and concurrent callers share the probe in flight, so
 * however often /readyz is hit, the database sees at most about one probe a second per instance.
 */
export class ReadinessProbe {
  private readonly channel = `marquee_ready_${randomBytes(8).toString('hex')}`;
  private readonly waiting = new Map<string, () => void>();
  private unlisten: (() => Promise<void>) | null = null;
  private last: { at: number; result: Readiness } | null = null;
  private inFlight: Promise<Readiness> | null = null;
  private shuttingDown = false;

  constructor(
    private readonly database: Database,
    private readonly onChange: (result: Readiness) => void = () => undefined,
    private readonly timeoutMs = READINESS_TIMEOUT_MS,
    private readonly cacheMs = READINESS_CACHE_MS,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.notifier.listen(this.channel, (nonce) => this.waiting.get(nonce)?.());
  }

  /** From now on the instance is not ready, whatever the checks say (called first on close). */
  shutdown(): void {
    this.shuttingDown = true;
  }

  async stop(): Promise<void> {
    this.shutdown();
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.();
  }

  /** The current readiness: cached, or probed now (at most READINESS_TIMEOUT_MS). */
  async check(): Promise<Readiness> {
    if (this.shuttingDown) {
      return { ready: false, checks: this.last?.result.checks ?? { database: 'unknown', realtime: 'unknown' }, reason: 'shutting down' };
    }
    if (this.last && Date.now() - this.last.at < this.cacheMs) return this.last.result;
    this.inFlight ??= this.probe().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async probe(): Promise<Readiness> {
    const nonce = randomUUID();
    let heard!: () => void;
    const notified = new Promise<void>((resolve) => (heard = resolve));
    this.waiting.set(nonce, heard);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.timeoutMs);
    });
    let result: Readiness;
    try {
      // A real promise (drizzle's are lazy thenables that would run again per `then`), settled or
      // not: a statement stuck past the deadline ends by itself at the connect or statement timeout.
      const sent = (async () => {
        await this.database.db.execute(sql`select pg_notify(${this.channel}, ${nonce})`);
      })();
      sent.catch(() => undefined);
      const database = await Promise.race([sent.then(() => 'up' as const), deadline]).catch(() => 'down' as const);
      if (database !== 'up') {
        result = { ready: false, checks: { database: 'down', realtime: 'unknown' } };
      } else {
        const realtime = (await Promise.race([notified.then(() => 'up' as const), deadline])) === 'up' ? 'up' : 'down';
        result = { ready: realtime === 'up', checks: { database, realtime } };
      }
    } finally {
      clearTimeout(timer);
      this.waiting.delete(nonce);
    }
    if (this.last?.result.ready !== result.ready) this.onChange(result);
    this.last = { at: Date.now(), result };
    return result;
  }
}

/** What the server needs of its health endpoints. */
export interface Health {
  readiness: ReadinessProbe;
  /** Flips /readyz to 503 for good; the first step of shutting down. */
  shutdown(): void;
  close(): Promise<void>;
}

/**
 * Registers the probes of a load balancer or orchestrator, both exempt from the rate limit:
 * - `GET /healthz` (liveness): 200 while the process serves HTTP; it never touches the database, so
 *   an outage does not get healthy instances restarted;
 * - `GET /readyz` (readiness): 200 `{status: 'ready', checks}` when the database answers and the
 *   LISTEN connection delivers; otherwise, and from the start of shutdown, 503
 *   `{status: 'not ready', checks, reason?}` naming what is down.
 */
export async function registerHealth(app: FastifyInstance, { database }: { database: Database }): Promise<Health> {
  const readiness = new ReadinessProbe(database, (result) => {
    if (result.ready) app.log.info({ checks: result.checks }, 'readiness: ready');
    else app.log.warn({ checks: result.checks }, 'readiness: not ready');
  });
  await readiness.start();

  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok', driver: database.driver }));

  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    const result = await readiness.check();
    reply.header('cache-control', 'no-store');
    return reply.status(result.ready ? 200 : 503).send({
      status: result.ready ? 'ready' : 'not ready',
      driver: database.driver,
      checks: result.checks,
      ...(result.reason ? { reason: result.reason } : {}),
    });
  });

  return {
    readiness,
    shutdown: () => readiness.shutdown(),
    close: () => readiness.stop(),
  };
}
