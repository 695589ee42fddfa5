import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function dbUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a fresh database on the server of `adminUrl` (the machine's, or a bench's own cluster),
 * migrates and seeds it at `scale`; returns its URL.
 */
export async function prepareDatabase(scale: number, adminUrl = ADMIN_URL): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `marquee_bench_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await database.migrate();
  const started = Date.now();
  await seedDemo(database.db, { scale, demoCredentials: true, log: () => undefined });
  process.stdout.write(`seeded scale ${scale} in ${Date.now() - started} ms\n`);
  await database.close();
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Starts a TypeScript entry point as its own process (so the load generator does not share its CPU). */
export function startProcess(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(path.join('node_modules', '.bin', 'tsx'), [entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

/**
 * Compiles the service (`npm run build`, to dist/) and starts its entry point with plain Node, as
 * `npm start` runs it in production: no TypeScript loader hooks in the measured process (under tsx,
 * every `require` a library makes while serving — Apollo requires `crypto` for each request's query
 * hash — goes through tsx's resolver).
 */
export function startBuiltService(env: Record<string, string>): ChildProcess {
  buildService();
  return startCompiledService(env);
}

/** `npm run build` (to dist/). Synchronous: nothing else of the bench's runs meanwhile, signals included. */
export function buildService(): void {
  const started = Date.now();
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  process.stdout.write(`built dist/ in ${Date.now() - started} ms\n`);
}

/** Starts the service already compiled to dist/ (by `startBuiltService`): another instance of it. */
export function startCompiledService(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join('dist', 'src', 'main.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * Fails when a server the bench started has exited: one that could not listen (another bench on this
 * shared machine took its port after `assertPortFree`) would otherwise leave the bench measuring the other
 * run's process. Checked after the server answers and after each part, before any figure is written.
 */
export function assertRunning(child: ChildProcess, name: string): void {
  if (child.exitCode !== null || child.signalCode !== null) {
    throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}): its port may be another bench's; no figures taken`);
  }
}

/**
 * Fails when something already listens on `port` (another bench on this shared machine): the run
 * would otherwise measure that process instead of its own.
 */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use (another bench running?)`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

export interface HttpCase {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** SQL statements per request, when the server cannot report it itself (the hand-written baseline). */
  statements?: number;
  /** The name of the baseline case this one is compared with. */
  comparedTo?: string;
  /** The name of an earlier case whose JSON body this case's must equal (checked on the sample). */
  sameAnswerAs?: string;
  /** The server's process id: its CPU time (and its children's) is read from /proc around the run. */
  pid?: number;
  /** Maps the parsed answer before `sameAnswerAs` compares it (peers: each side's own field names). */
  normalise?: (body: unknown) => unknown;
  /** The Postgres backends serving this case's server: their CPU time is read from /proc around the run. */
  backends?: () => Promise<number[]>;
  /**
   * Further counters read around each run, by name: each reading is a map of monotonic counts (per
   * process, per statement …); a run's delta sums after − before over the keys of the second reading
   * (a key new since the first counts from zero). Reported per request in `CaseResult.counters`.
   */
  counters?: Record<string, () => Promise<Map<number | string, number>>>;
}

export interface CaseResult {
  name: string;
  requestsPerSec: number;
  latencyP50: number;
  latencyP99: number;
  statements: number | null;
  errors: number;
  comparedTo?: string;
  /** Server CPU (user + system) per request, ms; null where /proc is unavailable. */
  cpuMsPerRequest: number | null;
  /** CPU of the case's Postgres backends per request, ms; null when the case names none (`backends`). */
  postgresCpuMsPerRequest: number | null;
  /** Each of the case's `counters`, its deltas over all rounds per request. */
  counters: Record<string, number>;
  /** The sample's parsed body (for `sameAnswerAs`). */
  body: unknown;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (ms) of a process and all its descendants (tsx runs the server in a child), from /proc. */
export function processTreeCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) total += processTreeCpuMs(Number(child)) ?? 0;
    }
    return total;
  } catch {
    return null;
  }
}

/** CPU time (ms) of each of the given processes (Postgres backends: one process per connection). */
export function processesCpuMs(pids: readonly number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // exited since it was listed
    }
  }
  return cpu;
}

/** What counts grew by between two readings (CPU of backends, calls of statements); a key new in between counts from zero. */
function backendsCpuDelta<K>(before: Map<K, number>, after: Map<K, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Where two JSON values first differ (a path and both values there), for the failure of `sameAnswerAs`. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string {
  if (isDeepStrictEqual(a, b)) return 'no difference';
  const show = (v: unknown) => JSON.stringify(v)?.slice(0, 300);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) {
    return `at ${at}: ${show(a)} against ${show(b)}`;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) {
    const shorter = Math.min(a.length, b.length);
    const i = a.findIndex((x, k) => k < shorter && !isDeepStrictEqual(x, b[k]));
    return i >= 0 ? firstDifference(a[i], b[i], `${at}[${i}]`) : `at ${at}: ${a.length} items against ${b.length}`;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (!isDeepStrictEqual(x[key], y[key])) return firstDifference(x[key], y[key], Array.isArray(a) ? `${at}[${key}]` : `${at}.${key}`);
  }
  return `at ${at}`;
}

/** What a case's sample requests found: its answer (checked) and its statements per request. */
interface Sampled {
  body: unknown;
  statements: number | null;
}

/** A sample request (checks it succeeds and answers as it should), then a second (its `x-sql-statements`). */
async function sampleCase(c: HttpCase, earlier: ReadonlyMap<string, unknown>): Promise<Sampled> {
  const sample = await fetch(c.url, { method: c.method ?? 'GET', body: c.body, headers: c.headers });
  const text = await sample.text();
  if (!sample.ok || text.includes('"errors"')) throw new Error(`${c.name} failed: ${sample.status} ${text.slice(0, 500)}`);
  const parsed: unknown = JSON.parse(text);
  const body = c.normalise ? c.normalise(parsed) : parsed;
  if (c.sameAnswerAs) {
    const other = earlier.get(c.sameAnswerAs);
    if (other === undefined || !isDeepStrictEqual(body, other)) {
      throw new Error(`${c.name} does not answer as ${c.sameAnswerAs}: ${firstDifference(body, other)}`);
    }
  }
  // Statements of a warm request: a first one may fill per-process caches of reference data (attribute
  // rows, layout capacities) at one statement more.
  const again = await fetch(c.url, { method: c.method ?? 'GET', body: c.body, headers: c.headers });
  await again.arrayBuffer();
  const counted = again.headers.get('x-sql-statements') ?? sample.headers.get('x-sql-statements');
  return { body, statements: counted !== null ? Number(counted) : (c.statements ?? null) };
}

/** One autocannon run of a case, with its server's CPU time over the run. */
async function loadCase(c: HttpCase, options: { duration: number; connections: number }) {
  const counters = Object.entries(c.counters ?? {});
  const countersBefore = await Promise.all(counters.map(([, read]) => read()));
  const backendsBefore = c.backends ? processesCpuMs(await c.backends()) : null;
  const cpuBefore = c.pid !== undefined ? processTreeCpuMs(c.pid) : null;
  const result = await autocannon({
    url: c.url,
    method: c.method ?? 'GET',
    body: c.body,
    headers: c.headers,
    duration: options.duration,
    connections: options.connections,
  });
  const cpuAfter = c.pid !== undefined ? processTreeCpuMs(c.pid) : null;
  const backendsAfter = c.backends ? processesCpuMs(await c.backends()) : null;
  const countersAfter = await Promise.all(counters.map(([, read]) => read()));
  return {
    counters: Object.fromEntries(counters.map(([name], i) => [name, backendsCpuDelta(countersBefore[i], countersAfter[i])])),
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
    postgresCpuMs: backendsBefore && backendsAfter ? backendsCpuDelta(backendsBefore, backendsAfter) : null,
  };
}

/**
 * Runs cases in interleaved rounds: every case is sampled and checked first (a case may be checked
 * against an earlier one's answer), then loaded `rounds` times for `duration / rounds` seconds each,
 * in order — baseline, app, baseline, app … — so that a drift of this shared machine during the part
 * falls on both sides of a ratio instead of on whichever case ran in the bad seconds. Requests per
 * second are all rounds' requests over all rounds' time; CPU per request likewise; p50 is the rounds'
 * mean, p99 the worst round's.
 */
export async function runCases(
  cases: readonly HttpCase[],
  options: { duration: number; connections: number; rounds?: number },
): Promise<CaseResult[]> {
  const rounds = options.rounds ?? 2;
  const answers = new Map<string, unknown>();
  const sampled: Sampled[] = [];
  for (const c of cases) {
    const s = await sampleCase(c, answers);
    answers.set(c.name, s.body);
    sampled.push(s);
  }
  const runs = cases.map(() => [] as Awaited<ReturnType<typeof loadCase>>[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, c] of cases.entries()) {
      process.stdout.write(`running ${c.name} (round ${round + 1}/${rounds}) …\n`);
      runs[i].push(await loadCase(c, { duration: options.duration / rounds, connections: options.connections }));
    }
  }
  return cases.map((c, i) => {
    const r = runs[i];
    const requests = r.reduce((sum, x) => sum + x.requests, 0);
    const seconds = r.reduce((sum, x) => sum + x.seconds, 0);
    const cpu = r.every((x) => x.cpuMs !== null) ? r.reduce((sum, x) => sum + (x.cpuMs ?? 0), 0) : null;
    const pgCpu = r.every((x) => x.postgresCpuMs !== null) ? r.reduce((sum, x) => sum + (x.postgresCpuMs ?? 0), 0) : null;
    return {
      name: c.name,
      requestsPerSec: seconds > 0 ? requests / seconds : 0,
      latencyP50: Math.round((r.reduce((sum, x) => sum + x.p50, 0) / r.length) * 10) / 10,
      latencyP99: Math.max(...r.map((x) => x.p99)),
      statements: sampled[i].statements,
      errors: r.reduce((sum, x) => sum + x.errors, 0),
      comparedTo: c.comparedTo,
      cpuMsPerRequest: cpu !== null && requests > 0 ? cpu / requests : null,
      postgresCpuMsPerRequest: pgCpu !== null && requests > 0 ? pgCpu / requests : null,
      counters: Object.fromEntries(
        Object.keys(c.counters ?? {}).map((name) => [name, requests > 0 ? r.reduce((sum, x) => sum + x.counters[name], 0) / requests : 0]),
      ),
      body: sampled[i].body,
    };
  });
}

/** The results as a markdown table; each case's req/s is divided by its `comparedTo` baseline's. */
export function markdownTable(results: CaseResult[]): string {
  const lines = [
    '| case | req/s | vs baseline | p50 ms | p99 ms | SQL statements / request | server CPU ms / request | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const baseline = results.find((b) => b.name === r.comparedTo);
    const ratio = baseline ? `${(r.requestsPerSec / baseline.requestsPerSec).toFixed(2)}×` : 'baseline';
    lines.push(
      `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${ratio} | ${r.latencyP50} | ${r.latencyP99} | ${r.statements ?? '–'} | ${r.cpuMsPerRequest?.toFixed(2) ?? '–'} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}

/** The V8 setting `npm start` runs with, for the bench's servers. */
export const NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=32'].filter(Boolean).join(' ');

/** The bench app's /metrics token (production mode serves /metrics only with one). */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The environment of the bench's Marquee, on `port` against `databaseUrl` (also the peers' counting instance). */
export function marqueeEnv(databaseUrl: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    EXPOSE_SQL_COUNT: 'true',
    LOG_LEVEL: 'warn',
    // Measured as deployed: production mode (graphql-js drops its dev-only checks), no rate limit.
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-not-for-real-use-0123456789',
    PII_KEY: 'bench-pii-key-not-for-real-use-0123456789',
    RATE_LIMIT_PER_MINUTE: '0',
    // The load generator is one client address holding thousands of sockets.
    WS_MAX_SOCKETS_PER_CLIENT: '20000',
    METRICS_TOKEN,
    NODE_OPTIONS,
  };
}
