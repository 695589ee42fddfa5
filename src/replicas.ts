import type { Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { Config } from './config';
import { CatalogRouter } from './read-route';
import { replicaMetrics, ReplicaMonitor } from './replica-health';

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The replicas of one app: the health monitor (started by the server, stopped on close) and the router
 * of catalog reads over the replicas it finds healthy. Without replicas (none configured, PGlite):
 * no router, no monitor, no metrics; every read is on the primary.
 */
export function startReplicas(
  database: Database,
  config: Pick<Config, 'REPLICA_MAX_LAG'>,
  registry: Registry,
  log: Log,
): { router: CatalogRouter | null; monitor: ReplicaMonitor | null } {
  if (!database.replicas.length) return { router: null, monitor: null };
  const metrics = replicaMetrics(registry);
  const monitor = new ReplicaMonitor(database.db, database.replicas, { maxLagMs: config.REPLICA_MAX_LAG, metrics, log });
  const router = new CatalogRouter(database.db, database.replicas, monitor.states, metrics);
  return { router, monitor };
}
