import type { ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { assertRunning, runCases, startCompiledService, waitFor, type CaseResult, type HttpCase } from './harness';
import { PEER_APPLICATION_NAME, ensurePeerInstalled, startPeer, waitForPeer } from './peer-server';
import { normaliseAnswer, peerShapes, type PeerShape } from './peer-shapes';
import { startStatementProxy, type StatementProxy } from './statement-proxy';

/**
 * Issue 25, item 5: Marquee beside PostGraphile v5 on the same database, shape by shape
 * (bench/peer-shapes.ts), with the hand-written json_agg floor where the shape has one. Each shape's
 * answers are checked equal (after each side's normaliser) before anything is timed; then every case is
 * loaded in interleaved rounds (bench/harness.ts `runCases`), with the server's CPU and its Postgres
 * backends' CPU per request. Statements per request come from a separate counting pass: a second
 * Marquee and a second PostGraphile behind a counting TCP proxy (bench/statement-proxy.ts), never the
 * timed processes.
 */
export interface PeersOptions {
  databaseUrl: string;
  theatreId: number;
  day: string;
  app: { port: number; pid?: number };
  base: { port: number; pid?: number };
  /** Free ports: the timed peer, and the counting pass's Marquee and peer. */
  ports: { peer: number; countApp: number; countPeer: number };
  /** The environment the bench's Marquee runs with, for another instance on `port` against `databaseUrl`. */
  marqueeEnv: (databaseUrl: string, port: number) => Record<string, string>;
  nodeOptions: string;
  duration: number;
  connections: number;
}

/** Application names of each side's Postgres connections (db/client.ts; postgres.js's default for the floor). */
const BACKENDS = { marquee: ['marquee'], peer: [PEER_APPLICATION_NAME], floor: ['postgres.js'] };

const side = {
  marquee: (shape: PeerShape) => `Marquee: ${shape.name}`,
  peer: (shape: PeerShape) => `PostGraphile: ${shape.name}`,
  floor: (shape: PeerShape) => `json_agg floor: ${shape.name}`,
};

export async function runPeers(o: PeersOptions): Promise<string> {
  const installMs = ensurePeerInstalled();
  const peer = startPeer(o.databaseUrl, o.ports.peer, o.nodeOptions);
  const probe = postgres(o.databaseUrl, { max: 1, connection: { application_name: 'bench-probe' } });
  try {
    await waitForPeer(peer, o.ports.peer);
    assertRunning(peer, 'The PostGraphile peer');
    const shapes = await peerShapes(o.databaseUrl, o.theatreId, o.day);
    const backends = (names: string[]) => async () =>
      (await probe<{ pid: number }[]>`select pid from pg_stat_activity
        where datname = current_database() and application_name = any(${names})`).map((r) => r.pid);
    const gql = (port: number, q: { query: string; variables: Record<string, unknown> }) => ({
      url: `http://127.0.0.1:${port}/graphql`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(q),
    });
    const cases: HttpCase[] = shapes.flatMap((shape) => [
      { name: side.marquee(shape), ...gql(o.app.port, shape.marquee), pid: o.app.pid, normalise: normaliseAnswer, backends: backends(BACKENDS.marquee) },
      {
        name: side.peer(shape),
        ...gql(o.ports.peer, shape.postgraphile),
        pid: peer.pid,
        normalise: normaliseAnswer,
        sameAnswerAs: side.marquee(shape),
        backends: backends(BACKENDS.peer),
      },
      ...(shape.floorPath
        ? [
            {
              name: side.floor(shape),
              url: `http://127.0.0.1:${o.base.port}${shape.floorPath}`,
              pid: o.base.pid,
              statements: 1,
              normalise: normaliseAnswer,
              sameAnswerAs: side.marquee(shape),
              backends: backends(BACKENDS.floor),
            },
          ]
        : []),
    ]);
    const results = await runCases(cases, { duration: o.duration, connections: o.connections });
    assertRunning(peer, 'The PostGraphile peer');
    await stopProcess(peer);
    const counted = await countStatements(o, shapes);
    const head =
      `## Peers: PostGraphile v5\n\n` +
      `theatre ${o.theatreId} on ${o.day}; ${o.connections} connections × ${o.duration} s per case in 2 interleaved rounds; ` +
      `answers checked equal before timing; statements counted on the wire in a separate pass` +
      (installMs !== null ? `; peer package installed in ${(installMs / 1000).toFixed(1)} s` : '') +
      `; ${new Date().toISOString()}\n\n`;
    return head + peersTable(shapes, results, counted);
  } finally {
    await stopProcess(peer);
    await probe.end();
  }
}

/** Statements per request of each shape, Marquee's and PostGraphile's, counted by the proxy. */
type Counted = Map<string, { marquee: number; peer: number }>;

/**
 * The counting pass: a second Marquee (the same build and settings) and a second PostGraphile, each
 * connected to Postgres through its own counting proxy. Per shape and side: two warm-up requests
 * (caches of reference data, prepared statements), then three counted ones; the least of the three, as
 * a side's background work (seat-hold sweeps, LISTEN) can only add to a count.
 */
async function countStatements(o: PeersOptions, shapes: PeerShape[]): Promise<Counted> {
  const target = new URL(o.databaseUrl);
  const proxies: StatementProxy[] = [];
  const children: ChildProcess[] = [];
  const through = async () => {
    const proxy = await startStatementProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxies.push(proxy);
    const url = new URL(o.databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    return { proxy, url: url.toString() };
  };
  try {
    const app = await through();
    children.push(startCompiledService(o.marqueeEnv(app.url, o.ports.countApp)));
    const peer = await through();
    const countingPeer = startPeer(peer.url, o.ports.countPeer, o.nodeOptions);
    children.push(countingPeer);
    await waitFor(`http://127.0.0.1:${o.ports.countApp}/healthz`);
    await waitForPeer(countingPeer, o.ports.countPeer);
    const counted: Counted = new Map();
    for (const shape of shapes) {
      counted.set(shape.name, {
        marquee: await countOne(app.proxy, o.ports.countApp, shape.marquee),
        peer: await countOne(peer.proxy, o.ports.countPeer, shape.postgraphile),
      });
    }
    assertRunning(children[0], 'The counting Marquee');
    assertRunning(countingPeer, 'The counting PostGraphile');
    return counted;
  } finally {
    // Both servers are gone before their proxies close: a connection cut under a live pool is logged as an error.
    await Promise.all(children.map(stopProcess));
    for (const proxy of proxies) await proxy.close();
  }
}

async function countOne(proxy: StatementProxy, port: number, q: { query: string; variables: Record<string, unknown> }): Promise<number> {
  const send = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(q),
    });
    const text = await res.text();
    if (!res.ok || text.includes('"errors"')) throw new Error(`counting pass: ${res.status} ${text.slice(0, 300)}`);
  };
  await send();
  await send();
  let least = Infinity;
  for (let i = 0; i < 3; i += 1) {
    proxy.reset();
    await send();
    least = Math.min(least, proxy.count());
  }
  return least;
}

/** SIGTERM, and the exit awaited (SIGKILL after 10 s). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const fixed = (n: number | null, digits = 2) => (n === null ? '–' : n.toFixed(digits));

/** One row per side of each shape; the ratio is the side's req/s over PostGraphile's. */
function peersTable(shapes: PeerShape[], results: CaseResult[], counted: Counted): string {
  const lines = [
    '| shape | side | req/s | vs PostGraphile | p50 ms | p99 ms | statements / request | server CPU ms / request | Postgres CPU ms / request | server + Postgres ms | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const shape of shapes) {
    const peer = results.find((r) => r.name === side.peer(shape))!;
    const count = counted.get(shape.name)!;
    const rows: [string, CaseResult | undefined, string][] = [
      ['Marquee', results.find((r) => r.name === side.marquee(shape)), `${count.marquee}`],
      ['PostGraphile v5', peer, `${count.peer}`],
      ['json_agg floor', results.find((r) => r.name === side.floor(shape)), '1'],
    ];
    for (const [label, r, statements] of rows) {
      if (!r) continue;
      // Marquee's own count (x-sql-statements of the timed instance) beside the wire's, when they differ.
      const own = label === 'Marquee' && r.statements !== null && String(r.statements) !== statements ? ` (header: ${r.statements})` : '';
      const total = r.cpuMsPerRequest !== null && r.postgresCpuMsPerRequest !== null ? r.cpuMsPerRequest + r.postgresCpuMsPerRequest : null;
      lines.push(
        `| ${shape.name} | ${label} | ${r.requestsPerSec.toFixed(0)} | ${(r.requestsPerSec / peer.requestsPerSec).toFixed(2)}× | ` +
          `${r.latencyP50} | ${r.latencyP99} | ${statements}${own} | ${fixed(r.cpuMsPerRequest)} | ${fixed(r.postgresCpuMsPerRequest)} | ${fixed(total)} | ${r.errors} |`,
      );
    }
  }
  return lines.join('\n');
}
