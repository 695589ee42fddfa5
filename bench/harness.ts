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

/** Creates a fresh database, migrates and seeds it at `scale`; returns its URL. */
export async function prepareDatabase(scale: number): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `marquee_bench_${Date.now().toString(36)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = dbUrl(name);
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  await database.migrate();
  const started = Date.now();
  await seedDemo(database.db, { scale, demoCredentials: true, log: () => undefined });
  process.stdout.write(`seeded scale ${scale} in ${Date.now() - started} ms\n`);
  await database.close();
  return {
    url,
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
  const started = Date.now();
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  process.stdout.write(`built dist/ in ${Date.now() - started} ms\n`);
  return spawn(process.execPath, [path.join('dist', 'src', 'main.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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

/** A sample request (checks it succeeds and answers as it should), a second (its `x-sql-statements`), then an autocannon run. */
export async function runCase(
  c: HttpCase,
  options: { duration: number; connections: number },
  earlier: readonly CaseResult[] = [],
): Promise<CaseResult> {
  const sample = await fetch(c.url, { method: c.method ?? 'GET', body: c.body, headers: c.headers });
  const text = await sample.text();
  if (!sample.ok || text.includes('"errors"')) throw new Error(`${c.name} failed: ${sample.status} ${text.slice(0, 500)}`);
  const body: unknown = JSON.parse(text);
  if (c.sameAnswerAs) {
    const other = earlier.find((r) => r.name === c.sameAnswerAs);
    if (!other || !isDeepStrictEqual(body, other.body)) {
      throw new Error(`${c.name} does not answer as ${c.sameAnswerAs}:\n${text.slice(0, 400)}\n${JSON.stringify(other?.body).slice(0, 400)}`);
    }
  }
  // Statements of a warm request: a first one may fill per-process caches of reference data (attribute
  // rows, layout capacities) at one statement more.
  const again = await fetch(c.url, { method: c.method ?? 'GET', body: c.body, headers: c.headers });
  await again.arrayBuffer();
  const counted = again.headers.get('x-sql-statements') ?? sample.headers.get('x-sql-statements');
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
  const requests = result.requests.total;
  return {
    name: c.name,
    requestsPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    statements: counted !== null ? Number(counted) : (c.statements ?? null),
    errors: result.errors + result.non2xx,
    comparedTo: c.comparedTo,
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && requests > 0 ? (cpuAfter - cpuBefore) / requests : null,
    body,
  };
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
