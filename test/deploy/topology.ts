import { clientPortsOf, type Cluster } from '../faults/cluster';
import type { Instance } from '../faults/instances';
import { table } from '../faults/report';
import { sleep } from '../faults/util';
import type { PgBouncer } from '../helpers/pgbouncer';
import type { Replica } from './replica';
import { loggedStatements, sizeOf } from './statements';

/** Each process's TCP connections: instance → pooler, instance → primary (direct), instance → replica, pooler → primary. */
export async function connectionTable(instances: Instance[], pooler: PgBouncer, primary: Cluster, replica: Replica): Promise<{ text: string; perInstance: number[] }> {
  const rows: (string | number)[][] = [];
  const perInstance: number[] = [];
  for (const slot of instances) {
    const [pooled, direct, replicaConns] = await Promise.all([
      clientPortsOf(slot.pid, pooler.port), clientPortsOf(slot.pid, primary.port), clientPortsOf(slot.pid, replica.port),
    ]);
    perInstance.push(pooled.length + direct.length + replicaConns.length);
    rows.push([`instance ${slot.name}`, pooled.length, direct.length, replicaConns.length]);
  }
  rows.push(['PgBouncer', '-', (await clientPortsOf(pooler.pid, primary.port)).length, '-']);
  const [{ n }] = await primary.sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`;
  const [{ r }] = await replica.sql<{ r: number }[]>`select count(*)::int as r from pg_stat_activity where backend_type = 'client backend'`;
  return {
    text: table(['process', 'to PgBouncer', 'to the primary', 'to the replica'], rows) +
      `\n  client backends: primary ${n} (the suite's own included), replica ${r}`,
    perInstance,
  };
}

/**
 * Background statements of idle instances: `log_statement = 'all'` on the primary for `ms` (ALTER SYSTEM
 * and a reload, reset afterwards; the replica logs everything all along), then the statements of each
 * application name counted in both logs. Nothing but the instances' own loops runs meanwhile.
 */
export async function idleStatements(primary: Cluster, replica: Replica, ms: number, instanceApps: RegExp): Promise<{ text: string; perSecond: Map<string, number> }> {
  await primary.sql`alter system set log_statement = 'all'`;
  await primary.sql`select pg_reload_conf()`;
  await sleep(500);
  const from = { primary: sizeOf(primary.logFile), replica: sizeOf(replica.logFile) };
  await sleep(ms);
  const to = { primary: sizeOf(primary.logFile), replica: sizeOf(replica.logFile) };
  await primary.sql`alter system reset log_statement`;
  await primary.sql`select pg_reload_conf()`;
  const counts = new Map<string, { primary: number; replica: number }>();
  for (const side of ['primary', 'replica'] as const) {
    const file = side === 'primary' ? primary.logFile : replica.logFile;
    for (const s of loggedStatements(file, from[side], to[side])) {
      if (!instanceApps.test(s.app)) continue;
      const c = counts.get(s.app) ?? { primary: 0, replica: 0 };
      c[side] += 1;
      counts.set(s.app, c);
    }
  }
  const perSecond = new Map([...counts.entries()].map(([app, c]) => [app, (c.primary + c.replica) / (ms / 1000)]));
  const rows = [...counts.entries()].sort().map(([app, c]) => [app, (c.primary / (ms / 1000)).toFixed(1), (c.replica / (ms / 1000)).toFixed(1)]);
  return { text: table(['application_name', 'statements/s on the primary', 'on the replica'], rows), perSecond };
}
