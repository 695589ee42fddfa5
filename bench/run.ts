import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { catalogCases } from './catalog';
import { runFanoutBench } from './fanout';
import { runHoldsBench } from './holds';
import { runPeers } from './peers';
import { runReplicaBench } from './replica';
import { NESTED_QUERY } from './query';
import { METRICS_TOKEN, NODE_OPTIONS, marqueeEnv, assertPortFree, assertRunning, markdownTable, prepareDatabase, runCases, startBuiltService, startProcess, waitFor, type HttpCase } from './harness';

/**
 * `npm run bench [-- --scale 1 --duration 10 --connections 10 --only catalog|peers|reads|holds|fanout|replica]`
 * Seeds a fresh Postgres database, starts Marquee (compiled to dist/, as `npm start` runs it in
 * production) and the hand-written baseline as separate processes, and loads each case with autocannon
 * (in two interleaved rounds: bench/harness.ts `runCases`):
 * the catalog scenarios (bench/catalog.ts, and the REST showtimes page), then Marquee beside PostGraphile v5
 * shape by shape (bench/peers.ts, issue 25), then the seat-map read. Prints a markdown table and writes it to bench/out/latest.md.
 * Then seat holds under contention (bench/holds.ts, `--clients`, `--showtimes`) and seat-map fan-out
 * (bench/fanout.ts, `--subscribers 1000,5000,10000`) against the same app and database. Last, the catalog
 * reads with and without a read replica, on a primary and replica clusters of its own (bench/replica.ts).
 */
/** The V8 setting `npm start` runs with (package.json, docs/operations.md), for the app and the baseline alike. */

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      only: { type: 'string' },
      clients: { type: 'string', default: '20' },
      showtimes: { type: 'string', default: '4' },
      subscribers: { type: 'string', default: '1000,5000,10000' },
    },
  });
  const only = values.only;
  const parts = ['catalog', 'peers', 'reads', 'holds', 'fanout', 'replica'];
  if (only !== undefined && !parts.includes(only)) throw new Error(`--only takes ${parts.join(', ')}`);
  const runs = (part: string) => only === undefined || only === part;
  const options = { duration: Number(values.duration), connections: Number(values.connections) };
  const sections: string[] = [];
  if (only !== 'replica') sections.push(...(await runOnMachineDatabase(values, runs, options)));
  // Its own primary and replica clusters (bench/replica.ts), after the parts on the machine's database.
  if (runs('replica')) {
    sections.push(
      await runReplicaBench({
        scale: Number(values.scale),
        ...options,
        ports: { plain: 4310, replicated: 4311 },
        marqueeEnv,
        metricsToken: METRICS_TOKEN,
        pickDay: busiestDay,
      }),
    );
  }
  const out = sections.join('\n\n') + '\n';
  fs.mkdirSync(path.join(__dirname, 'out'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'out', 'latest.md'), out);
  process.stdout.write(`\n${out}`);
}

type Values = Record<'scale' | 'clients' | 'showtimes' | 'subscribers', string | undefined>;

/** The parts on a fresh database of the machine's Postgres, with one Marquee and the baseline server. */
async function runOnMachineDatabase(
  values: Values,
  runs: (part: string) => boolean,
  options: { duration: number; connections: number },
): Promise<string[]> {
  const appPort = 4300;
  const basePort = 4301;
  // The PostGraphile peer, and the peers' counting pass's Marquee and peer (bench/peers.ts).
  const peerPorts = { peer: 4302, countApp: 4303, countPeer: 4304 };
  await Promise.all([appPort, basePort, ...(runs('peers') ? Object.values(peerPorts) : [])].map(assertPortFree));
  const db = await prepareDatabase(Number(values.scale));
  const app = startBuiltService(marqueeEnv(db.url, appPort));
  const baseline = startProcess('bench/baseline-server.ts', {
    DATABASE_URL: db.url,
    PORT: String(basePort),
    NODE_ENV: 'production',
    NODE_OPTIONS,
  });
  const sections: string[] = [];
  const ours = () => {
    assertRunning(app, 'Marquee');
    assertRunning(baseline, 'The baseline server');
  };
  try {
    await waitFor(`http://127.0.0.1:${appPort}/healthz`);
    await waitFor(`http://127.0.0.1:${basePort}/baseline/theatre-showtimes?theatreId=1&date=2000-01-01`);
    ours();
    const ports = { app: appPort, base: basePort, appPid: app.pid, basePid: baseline.pid };
    const pick = await busiestDay(db.url);
    if (runs('catalog')) sections.push(await runCatalog(db.url, ports, pick, values.scale!, options));
    if (runs('peers')) {
      sections.push(
        await runPeers({
          databaseUrl: db.url,
          theatreId: pick.theatre_id,
          day: pick.day,
          app: { port: appPort, pid: app.pid },
          base: { port: basePort, pid: baseline.pid },
          ports: peerPorts,
          marqueeEnv,
          nodeOptions: NODE_OPTIONS,
          ...options,
        }),
      );
    }
    if (runs('reads')) sections.push(await runReads(ports, pick, values.scale!, options));
    const appUrl = `http://127.0.0.1:${appPort}`;
    if (runs('holds')) {
      sections.push(
        await runHoldsBench({
          appUrl,
          baselineUrl: `http://127.0.0.1:${basePort}`,
          databaseUrl: db.url,
          duration: options.duration,
          connections: Number(values.clients),
          showtimes: Number(values.showtimes),
        }),
      );
    }
    if (runs('fanout')) {
      const steps = values.subscribers!.split(',').map(Number);
      sections.push(await runFanoutBench({ appUrl, databaseUrl: db.url, steps, metricsToken: METRICS_TOKEN }));
    }
    ours();
    return sections;
  } finally {
    app.kill('SIGTERM');
    baseline.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await db.drop();
  }
}

interface Ports {
  app: number;
  base: number;
  appPid?: number;
  basePid?: number;
}

type Pick = { theatre_id: number; day: string; n: number; largest_showtime_id: number };

/** The busiest theatre-day of tomorrow (theatre-local), so the nested queries have the most rows. */
async function busiestDay(url: string): Promise<Pick> {
  const sql = postgres(url, { max: 1 });
  const [pick] = await sql<Pick[]>`
    select s.theatre_id, to_char((s.show_date_time_utc at time zone t.timezone)::date, 'YYYY-MM-DD') as day,
           count(*)::int as n
    from showtimes s join theatres t on t.id = s.theatre_id
    where (s.show_date_time_utc at time zone t.timezone)::date = (now() at time zone t.timezone)::date + 1
    group by 1, 2 order by n desc, 1 limit 1`;
  // The showtime of that day with the most seats: the seat-map cases' subject.
  const [largest] = await sql<{ id: number }[]>`
    select s.id from showtimes s join theatres t on t.id = s.theatre_id
    join layout_seats l on l.layout_version_id = s.layout_version_id
    where s.theatre_id = ${pick.theatre_id} and to_char((s.show_date_time_utc at time zone t.timezone)::date, 'YYYY-MM-DD') = ${pick.day}
    group by s.id order by count(*) desc, s.id limit 1`;
  pick.largest_showtime_id = largest.id;
  await sql.end();
  process.stdout.write(`theatre ${pick.theatre_id} on ${pick.day}: ${pick.n} showtimes\n`);
  return pick;
}

/** Runs cases in interleaved rounds (bench/harness.ts `runCases`); a markdown table. */
async function runAll(cases: HttpCase[], ports: Ports, options: { duration: number; connections: number }): Promise<string> {
  const withPids = cases.map((c) => ({ ...c, pid: c.url.includes(`:${ports.app}/`) ? ports.appPid : ports.basePid }));
  return markdownTable(await runCases(withPids, options));
}

const header = (pick: Pick, scale: string, options: { duration: number; connections: number }) =>
  `showtimes per nested request: ${pick.n}; scale ${scale}; ${options.connections} connections × ${options.duration} s per case, ` +
  `in 2 interleaved rounds of ${options.duration / 2} s (every case of the table, then all again); ` +
  `load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${new Date().toISOString()}\n\n`;

/** The catalog cases of issue 10 and the REST showtimes page, each against its baseline. */
async function runCatalog(
  url: string,
  ports: Ports,
  pick: Pick,
  scale: string,
  options: { duration: number; connections: number },
): Promise<string> {
  const cases = [
    ...(await catalogCases(url, ports.app, ports.base, pick.theatre_id, pick.day)),
    ...restCases(ports.app, ports.base, pick.theatre_id, pick.day),
  ];
  return `## Catalog reads\n\n${header(pick, scale, options)}${await runAll(cases, ports, options)}`;
}

/** The nested query with seat maps (issue 2) against its baseline. */
async function runReads(ports: Ports, pick: Pick, scale: string, options: { duration: number; connections: number }): Promise<string> {
  const cases: HttpCase[] = [
    {
      name: 'baseline: hand-written SQL (postgres.js + Fastify)',
      url: `http://127.0.0.1:${ports.base}/baseline/theatre-showtimes?theatreId=${pick.theatre_id}&date=${pick.day}`,
      statements: 8,
    },
    {
      name: 'GraphQL: theatre → showtimes(date) → movie, cast, attributes, seat statuses',
      comparedTo: 'baseline: hand-written SQL (postgres.js + Fastify)',
      url: `http://127.0.0.1:${ports.app}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: NESTED_QUERY, variables: { id: pick.theatre_id, date: pick.day } }),
    },
    ...seatMapCases(ports, pick.largest_showtime_id),
  ];
  return `## Reads with seat maps\n\n${header(pick, scale, options)}${await runAll(cases, ports, options)}`;
}

/**
 * One showtime's seat map (the largest layout of the picked day) as GraphQL objects and as the compact
 * `seatStatuses`, each against the hand-written route answering the same JSON (bench/baseline-server.ts).
 */
function seatMapCases(ports: Ports, showtimeId: number): HttpCase[] {
  const gql = (query: string) => ({
    url: `http://127.0.0.1:${ports.app}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { id: showtimeId } }),
  });
  return [
    { name: 'baseline: one seat map by hand (1 statement)', url: `http://127.0.0.1:${ports.base}/baseline/seat-map?showtimeId=${showtimeId}`, statements: 1 },
    {
      name: 'GraphQL: showtime → seatingLayout → seats { row column seatStatus }',
      comparedTo: 'baseline: one seat map by hand (1 statement)',
      ...gql('query($id: Int!) { showtime(id: $id) { seatingLayout { seats { row column seatStatus } } } }'),
    },
    {
      name: 'baseline: one compact seat map by hand (1 statement)',
      url: `http://127.0.0.1:${ports.base}/baseline/seat-map?showtimeId=${showtimeId}&compact=1`,
      statements: 1,
    },
    {
      name: 'GraphQL: showtime → seatingLayout → seatStatuses (compact)',
      comparedTo: 'baseline: one compact seat map by hand (1 statement)',
      ...gql('query($id: Int!) { showtime(id: $id) { seatingLayout { seatStatuses } } }'),
    },
  ];
}

/**
 * The REST showtimes page (page size 100) against its own hand-written baseline, which answers the
 * same JSON (every field, link and order; checked on the sample before loading) with 2 postgres.js
 * statements — the page with its movie, attributes and occupancy, then the page's ticket prices —
 * building plain objects (bench/baseline-rest.ts). The baseline takes the app's origin for its links.
 */
function restCases(port: number, basePort: number, theatreId: number, day: string): HttpCase[] {
  const BASELINE = 'baseline: hand-written SQL for the REST showtimes page';
  const origin = encodeURIComponent(`http://127.0.0.1:${port}`);
  return [
    {
      name: BASELINE,
      url: `http://127.0.0.1:${basePort}/baseline/rest-showtimes?theatreId=${theatreId}&date=${day}&origin=${origin}`,
      statements: 2,
    },
    {
      name: 'REST: /v2/theatres/{id}/showtimes/{date}',
      comparedTo: BASELINE,
      sameAnswerAs: BASELINE,
      url: `http://127.0.0.1:${port}/v2/theatres/${theatreId}/showtimes/${day}?page-size=100`,
    },
  ];
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
