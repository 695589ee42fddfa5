import { spawn, type ChildProcess } from 'node:child_process';
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
}

export interface CaseResult {
  name: string;
  requestsPerSec: number;
  latencyP50: number;
  latencyP99: number;
  statements: number | null;
  errors: number;
  comparedTo?: string;
}

/** One sample request (checks it succeeds and reads `x-sql-statements`), then an autocannon run. */
export async function runCase(c: HttpCase, options: { duration: number; connections: number }): Promise<CaseResult> {
  const sample = await fetch(c.url, { method: c.method ?? 'GET', body: c.body, headers: c.headers });
  const text = await sample.text();
  if (!sample.ok || text.includes('"errors"')) throw new Error(`${c.name} failed: ${sample.status} ${text.slice(0, 500)}`);
  const counted = sample.headers.get('x-sql-statements');
  const result = await autocannon({
    url: c.url,
    method: c.method ?? 'GET',
    body: c.body,
    headers: c.headers,
    duration: options.duration,
    connections: options.connections,
  });
  return {
    name: c.name,
    requestsPerSec: result.requests.average,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    statements: counted !== null ? Number(counted) : (c.statements ?? null),
    errors: result.errors + result.non2xx,
    comparedTo: c.comparedTo,
  };
}

/** The results as a markdown table; each case's req/s is divided by its `comparedTo` baseline's. */
export function markdownTable(results: CaseResult[]): string {
  const lines = [
    '| case | req/s | vs baseline | p50 ms | p99 ms | SQL statements / request | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const baseline = results.find((b) => b.name === r.comparedTo);
    const ratio = baseline ? `${(r.requestsPerSec / baseline.requestsPerSec).toFixed(2)}×` : 'baseline';
    lines.push(
      `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${ratio} | ${r.latencyP50} | ${r.latencyP99} | ${r.statements ?? '–'} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}
