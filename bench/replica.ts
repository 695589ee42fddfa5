import { execFile, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { createReplicaPair, waitForReplay, type ReplicaPair } from '../test/helpers/replica-cluster';
import { NESTED_CATALOG_QUERY, CREDITS_QUERY } from './catalog';
import { assertPortFree, buildService, prepareDatabase, processesCpuMs, runCases, startCompiledService, waitFor, type CaseResult, type HttpCase } from './harness';
import { stopProcess } from './peers';

/**
 * Issue 29, "Must show": the catalog reads with and without a read replica. A primary and a streaming
 * replica of the bench's own (test/helpers/replica-cluster.ts; the machine's 5432 is left alone), both
 * with pg_stat_statements loaded; the database is migrated and seeded on the primary and replayed. Two
 * built Marquee instances on the same primary: `primary only` without replicas, `with replica` with
 * DATABASE_REPLICA_URLS = the replica. Every shape is asked of both (answers checked equal), then loaded
 * in interleaved rounds (bench/harness.ts `runCases`), with per request: the server's CPU, the CPU of
 * the instance's own backends on each cluster (told apart by DB_APPLICATION_NAME), and the statements
 * each cluster executed (pg_stat_statements calls in the bench database, less the statements the two
 * idle instances ran in a quiet window before: their sweepers, dispatchers and replica checks).
 */
export interface ReplicaBenchOptions {
  scale: number;
  duration: number;
  connections: number;
  /** Free ports of the two instances. */
  ports: { plain: number; replicated: number };
  marqueeEnv: (databaseUrl: string, port: number) => Record<string, string>;
  metricsToken: string;
  /** The theatre-day the catalog part picks (bench/run.ts). */
  pickDay: (databaseUrl: string) => Promise<{ theatre_id: number; day: string; n: number }>;
}

const run = promisify(execFile);

/** Links in the answers are built on this origin by both instances, so that their bodies compare equal. */
const PUBLIC_BASE_URL = 'http://marquee.bench.invalid';
const NAMES = { plain: 'bench-primary-only', replicated: 'bench-with-replica' };
/** Long enough to see every background statement of an idle instance but the once-a-minute sweepers. */
const QUIET_MS = 6_000;

export async function runReplicaBench(o: ReplicaBenchOptions): Promise<string> {
  await Promise.all(Object.values(o.ports).map(assertPortFree));
  // Built before the clusters exist: while the build blocks the event loop, tsx answers a Ctrl-C with
  // SIGKILL, and nothing of ours would run to remove them.
  buildService();
  const stats = { shared_preload_libraries: 'pg_stat_statements' };
  const pair = await createReplicaPair('marquee', stats, stats);
  // Removed however the run ends: after the run or a thrown error (the `finally` below), on Ctrl-C without
  // blocking (tsx kills a child that does not answer its relayed signal at once), and on any other exit.
  let removal: Promise<void> | null = null;
  const remove = () => (removal ??= dropPair(pair));
  const onExit = () => {
    if (!removal) pair.dropSync();
  };
  process.once('exit', onExit);
  const onSignal = () => void remove().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  const children: ChildProcess[] = [];
  const probes: postgres.Sql[] = [];
  let db: Awaited<ReturnType<typeof prepareDatabase>> | null = null;
  try {
    db = await prepareDatabase(o.scale, pair.primary.url('postgres'));
    return await measure(o, pair, db.url, children, probes);
  } finally {
    const quietly = (p: Promise<unknown>) => p.catch(() => undefined);
    await quietly(Promise.all(children.map(stopProcess)));
    await quietly(Promise.all(probes.map((p) => p.end())));
    // Its admin connection closed before the clusters go.
    if (db) await quietly(db.drop());
    process.removeListener('SIGINT', onSignal);
    await remove();
    process.removeListener('exit', onExit);
  }
}

async function measure(o: ReplicaBenchOptions, pair: ReplicaPair, dbUrl: string, children: ChildProcess[], probes: postgres.Sql[]): Promise<string> {
  const started = new Date();
  const dbName = new URL(dbUrl).pathname.slice(1);
  // The probes sit in the `postgres` database, so that their own statements are not counted in the bench's.
  const probe = (url: string) => {
    const sql = postgres(url, { max: 1, onnotice: () => undefined, connection: { application_name: 'bench-probe' } });
    probes.push(sql);
    return sql;
  };
  const primary = probe(pair.primary.url('postgres'));
  const replica = probe(pair.replica.url('postgres'));
  await primary`create extension if not exists pg_stat_statements`;
  await waitForReplay(primary, replica);
  const pick = await o.pickDay(dbUrl);
  const movieId = await mostCredited(dbUrl);

  const env = (port: number, name: string) => ({ ...o.marqueeEnv(dbUrl, port), DB_APPLICATION_NAME: name, PUBLIC_BASE_URL });
  const plain = startCompiledService(env(o.ports.plain, NAMES.plain));
  children.push(plain);
  const replicated = startCompiledService({ ...env(o.ports.replicated, NAMES.replicated), DATABASE_REPLICA_URLS: pair.replica.url(dbName) });
  children.push(replicated);
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  await waitFor(`${origin(o.ports.plain)}/healthz`);
  await waitFor(`${origin(o.ports.replicated)}/healthz`);
  await waitForHealthyReplica(origin(o.ports.replicated), o.metricsToken);

  const statements = (sql: postgres.Sql, exclude: ReadonlySet<string>) => async () => {
    const rows = await sql<{ id: string; calls: number }[]>`
      select queryid::text as id, sum(calls)::float8 as calls from pg_stat_statements
      where dbid = (select oid from pg_database where datname = ${dbName}) group by 1`;
    return new Map(rows.filter((r) => !exclude.has(r.id)).map((r) => [r.id, r.calls]));
  };
  const background = { primary: await quietStatements(statements(primary, new Set())), replica: await quietStatements(statements(replica, new Set())) };
  const backends = (sql: postgres.Sql, name: string) => async () =>
    processesCpuMs(
      (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName} and application_name like ${name + '%'}`).map((r) => r.pid),
    );

  const shapes = [
    { name: 'GraphQL: theatre → showtimes(date) → movie, attributes', gql: { query: NESTED_CATALOG_QUERY, variables: { id: pick.theatre_id, date: pick.day } } },
    { name: 'GraphQL: movie → castAndCrew → person', gql: { query: CREDITS_QUERY, variables: { id: movieId } } },
    { name: 'REST: /v2/theatres/{id}/showtimes/{date}?page-size=100', path: `/v2/theatres/${pick.theatre_id}/showtimes/${pick.day}?page-size=100` },
  ];
  const instances = [
    { label: 'primary only', port: o.ports.plain, pid: plain.pid, name: NAMES.plain },
    { label: 'with replica', port: o.ports.replicated, pid: replicated.pid, name: NAMES.replicated },
  ];
  const cases: HttpCase[] = shapes.flatMap((shape) =>
    instances.map((instance, i) => ({
      name: `${shape.name} · ${instance.label}`,
      ...(shape.gql
        ? {
            url: `${origin(instance.port)}/graphql`,
            method: 'POST' as const,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(shape.gql),
          }
        : { url: `${origin(instance.port)}${shape.path}` }),
      pid: instance.pid,
      sameAnswerAs: i > 0 ? `${shape.name} · ${instances[0].label}` : undefined,
      counters: {
        primaryCpu: backends(primary, instance.name),
        replicaCpu: backends(replica, instance.name),
        primaryStatements: statements(primary, background.primary),
        replicaStatements: statements(replica, background.replica),
      },
    })),
  );
  const results = await runCases(cases, { duration: o.duration, connections: o.connections });
  const reads = await readMetrics(origin(o.ports.replicated), o.metricsToken);
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  return (
    `## Catalog reads with and without a read replica\n\n` +
    `theatre ${pick.theatre_id} on ${pick.day} (${pick.n} showtimes); scale ${o.scale}; ${o.connections} connections × ${o.duration} s per case ` +
    `in 2 interleaved rounds; answers checked equal; a primary and a streaming replica of the bench's own (Postgres clusters on this machine, ` +
    `pg_stat_statements loaded); ${started.toISOString()}; load average after: ${load}\n\n` +
    replicaTable(results) +
    `\n\nThe replicated instance's /metrics after the run: ${reads}\n`
  );
}

/** Both clusters stopped and removed (replica first), without blocking the event loop. */
async function dropPair(pair: ReplicaPair): Promise<void> {
  for (const cluster of [pair.replica, pair.primary]) {
    await run('pg_dropcluster', ['--stop', cluster.version, cluster.name], { timeout: 60_000 }).catch(() =>
      process.stderr.write(`could not drop cluster ${cluster.version}/${cluster.name}: run pg_dropcluster --stop ${cluster.version} ${cluster.name}\n`),
    );
  }
}

/** The movie with the most credits (bench/catalog.ts's subject of the cast-and-crew case). */
async function mostCredited(url: string): Promise<number> {
  const sql = postgres(url, { max: 1 });
  try {
    const [movie] = await sql<{ movie_id: number }[]>`select movie_id from movie_credits group by 1 order by count(*) desc, 1 limit 1`;
    return movie.movie_id;
  } finally {
    await sql.end();
  }
}

/** The statements that ran while nobody asked anything: the instances' background work, left out of the counts. */
async function quietStatements(read: () => Promise<Map<number | string, number>>): Promise<Set<string>> {
  const before = await read();
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const after = await read();
  return new Set([...after].filter(([id, calls]) => calls !== before.get(id)).map(([id]) => String(id)));
}

async function metricsText(origin: string, token: string): Promise<string> {
  return (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
}

/** Until the replica's first health check passes, the instance's catalog reads go to the primary. */
async function waitForHealthyReplica(origin: string, token: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!/^marquee_db_replica_healthy\{replica="replica0"\} 1$/m.test(await metricsText(origin, token))) {
    if (Date.now() > deadline) throw new Error('the replica did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The reads and fallbacks counters, as Prometheus lines joined. */
async function readMetrics(origin: string, token: string): Promise<string> {
  const lines = (await metricsText(origin, token))
    .split('\n')
    .filter((l) => /^marquee_db_(reads_total|replica_fallbacks_total)\{/.test(l));
  return lines.length ? lines.map((l) => `\`${l}\``).join(', ') : 'no reads or fallbacks counted';
}

const fixed = (n: number | null, digits = 2) => (n === null ? '–' : n.toFixed(digits));

/**
 * Requests per second of the primary's CPU. /proc counts CPU in 10 ms ticks: under 0.05 ms a request,
 * a case's few ticks (of background statements) make the quotient meaningless beyond "more than 20,000".
 */
const perPrimarySecond = (ms: number) => (ms < 0.05 ? '> 20,000' : (1000 / ms).toFixed(0));

function replicaTable(results: CaseResult[]): string {
  const lines = [
    '| case | req/s | p50 ms | p99 ms | server CPU ms / request | primary Postgres CPU ms / request | requests per primary CPU-second | replica Postgres CPU ms / request | statements / request (x-sql-statements) | on the primary | on the replica | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const c = r.counters;
    lines.push(
      `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${r.latencyP50} | ${r.latencyP99} | ${fixed(r.cpuMsPerRequest)} | ${fixed(c.primaryCpu)} | ` +
        `${perPrimarySecond(c.primaryCpu)} | ${fixed(c.replicaCpu)} | ${r.statements ?? '–'} | ` +
        `${fixed(c.primaryStatements)} | ${fixed(c.replicaStatements)} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}
