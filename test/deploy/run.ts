import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hashVendorKey } from '../../src/auth/principal';
import { claimCheck, claimIndexValid, processChecks, settleSubscribers, subscriberFigures, type Check } from '../faults/checks';
import { createCluster, type Cluster } from '../faults/cluster';
import { Instances, prepareBuild, scanLogs } from '../faults/instances';
import { Load, type LoadShowtime } from '../faults/load';
import { ClaimPoller } from '../faults/monitor';
import * as report from '../faults/report';
import { Stats } from '../faults/stats';
import { freePort, secs, sleep, waitUntil } from '../faults/util';
import { RefundReceiver, waitForDeliveries, webhookFigures } from '../faults/webhooks';
import { pickShowtimes } from '../helpers/orders';
import { startPgBouncer, type PgBouncer } from '../helpers/pgbouncer';
import { clientHosts } from './client';
import { failoverCheck, Metrics, replicaOut } from './failover';
import { HAProxy } from './haproxy';
import { Viewers } from './live';
import { raceCheck, seatRace } from './race';
import { readYourWrites, rywCheck } from './read-your-writes';
import { createReplica, type Replica } from './replica';
import { loggedStatements, replicaStatementCheck, replicaStatementFigures } from './statements';
import { connectionTable, idleStatements } from './topology';
import { addressCheck, liveCheck, webhookOnceCheck, type LiveFigures } from './verdicts';

/**
 * `npm run test:deploy`: Marquee as a chain runs it. A primary and a streaming replica of the suite's own,
 * PgBouncer in transaction mode in front of the primary, three production-mode instances behind HAProxy
 * (round robin, WebSocket included), a load through the proxy; then seven named checks, the figures it
 * measured, and exit 1 if one fails (docs/deployment.md, "The deployment picture").
 * DEPLOY_KEEP_LOGS=1: keep the instances' and HAProxy's logs after a green run too.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const HOLD_SECONDS = 15;
const REPLICA_MAX_LAG_S = 2;
const INSTANCE_NAMES = ['a', 'b', 'c'];
const CLIENT_HOSTS = 20;
const VIEWERS_PER_SHOWTIME = 30;
const WATCHDOG_MS = 12 * 60_000;
/** The instances' connections carry their name, so the servers' logs tell them apart: marquee-a, marquee-a-relay, … */
const INSTANCE_APPS = /^marquee-[abc]/;

const run = promisify(execFile);
const started = Date.now();
const log = (line: string) => console.log(`[deploy +${secs(Date.now() - started)}s] ${line}`);

let primary: Cluster | undefined;
let replica: Replica | undefined;
let pooler: PgBouncer | undefined;
let proxy: HAProxy | undefined;
let instances: Instances | undefined;
let workDir: string | undefined;
const teardownSync = () => {
  instances?.killAllSync();
  proxy?.killSync();
  replica?.dropSync();
  primary?.dropSync();
};
process.on('exit', teardownSync);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping everything and removing the clusters`);
    teardownSync();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

async function main(): Promise<boolean> {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-deploy-'));
  const logDir = path.join(workDir, 'logs');
  fs.mkdirSync(logDir);
  const timings: [string, number][] = [];
  let last = Date.now();
  const lap = (stage: string) => {
    timings.push([stage, Date.now() - last]);
    last = Date.now();
  };

  log('building (npm run build) and copying dist/');
  const appDir = await prepareBuild(ROOT, workDir);
  lap('build');
  const prefix = { log_line_prefix: '%m [%p] app=%a ' };
  primary = await createCluster(log, { prefix: 'deploy', settings: { ...prefix, log_min_duration_statement: '1000' } });
  // Every statement the replica runs is logged, so check 4 counts them from the database's side.
  replica = await createReplica(primary, log, { ...prefix, log_statement: 'all', hot_standby_feedback: 'on' });
  const secrets = { JWT_SECRET: randomBytes(32).toString('base64'), PII_KEY: randomBytes(32).toString('base64') };
  await run('npm', ['run', '-s', 'seed'], { cwd: ROOT, timeout: 180_000, env: {
    PATH: process.env.PATH ?? '/usr/bin:/bin', ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    NODE_ENV: 'production', DATABASE_URL: primary.url('marquee'), ...secrets,
  } });
  const vendorKey = `deploy-${randomBytes(16).toString('hex')}`;
  await primary.sql`insert into vendors (name, key_hash) values ('Deployment test', ${hashVendorKey(vendorKey)})`;
  const picked = await pickShowtimes(primary.sql, 3);
  const theatreOf = new Map((await primary.sql<{ id: number; theatre_id: number }[]>`
    select id, theatre_id from showtimes where id = any(${picked.map((p) => p.showtimeId)}::int[])`).map((r) => [r.id, r.theatre_id]));
  const showtimes: LoadShowtime[] = picked.map((p) => ({ showtimeId: p.showtimeId, theatreId: theatreOf.get(p.showtimeId)!, seats: p.regular.map(({ row, column }) => ({ row, column })) }));
  const small = showtimes.find((s) => s.seats.length < 90);
  if (small) throw new Error(`showtime ${small.showtimeId} has ${small.seats.length} sellable seats; the run needs 90 (45 for the load, 45 for the checks)`);
  const tables = new Set((await primary.sql<{ t: string }[]>`select tablename as t from pg_tables where schemaname = 'public'`).map((r) => r.t));
  if (!(await waitUntil(async () => (await replica!.replayState()).caughtUp, 60_000, 250))) throw new Error('the replica did not replay the seed within 60 s');
  pooler = await startPgBouncer(primary.url('marquee'), { default_pool_size: 20, max_client_conn: 500 });
  log(`PgBouncer (transaction mode) on port ${pooler.port} in front of the primary`);
  lap('clusters, seed, pooler');

  const metricsToken = randomBytes(24).toString('hex');
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    ...secrets,
    DB_PREPARE: 'false',
    DATABASE_URL: pooler.through(primary.url('marquee')),
    DATABASE_DIRECT_URL: primary.url('marquee'),
    DATABASE_REPLICA_URLS: replica.url('marquee'),
    REPLICA_MAX_LAG: `${REPLICA_MAX_LAG_S}s`,
    TRUST_PROXY: '1',
    METRICS_TOKEN: metricsToken,
    ORDER_HOLD_SECONDS: String(HOLD_SECONDS),
    RATE_LIMIT_PER_MINUTE: '0',
    WS_MAX_SOCKETS_PER_CLIENT: '1000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
  const ports = await Promise.all(INSTANCE_NAMES.map(() => freePort()));
  instances = await Instances.create(INSTANCE_NAMES, ports, appDir, env, logDir, log, (name) => ({ DB_APPLICATION_NAME: `marquee-${name}` }));
  for (const slot of instances.slots) log(`instance ${slot.name} on ${slot.url}: ready in ${secs(await instances.start(slot))} s`);
  const direct = instances.slots.map((s) => s.url);
  proxy = new HAProxy(await freePort(), instances.slots.map((s) => ({ name: s.name, port: s.port })), workDir);
  await proxy.start();
  log(`HAProxy on ${proxy.url}: round robin over ${instances.slots.length} instances, every server up`);
  lap('instances and proxy');

  const idle = await idleStatements(primary, replica, 10_000, INSTANCE_APPS);
  const connectionsIdle = await connectionTable(instances.slots, pooler, primary, replica);
  lap('idle figures');

  const stats = new Stats(20_000);
  const metrics = new Metrics(direct, metricsToken);
  const receivers = [await RefundReceiver.start(), await RefundReceiver.start()];
  for (const r of receivers) await r.subscribe(stats, proxy.url, vendorKey);
  const hosts = clientHosts(CLIENT_HOSTS);
  const viewers = new Viewers(proxy.url);
  const withoutMap = await viewers.open(hosts, showtimes.map((s) => s.showtimeId), VIEWERS_PER_SHOWTIME);
  for (const line of withoutMap) log(`no map within 60 s: ${line}`);
  const live: LiveFigures = { spread: viewers.byInstance(), crossInstanceMs: [], cuts: [] };
  log(`${viewers.all.length} viewers have their maps, on ${[...live.spread.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const poller = new ClaimPoller(primary.sql);
  // The load holds seats of the front rows; the race, the cross-instance holds and read-your-writes use the last 45.
  const load = new Load(stats, [proxy.url], showtimes.map((s) => ({ ...s, seats: s.seats.slice(0, -45) })), vendorKey);
  stats.phase = 'load';
  load.start(3, 4);
  lap('viewers and load');

  const [raceShowtime, crossShowtime, rywShowtime] = showtimes;
  const race = await seatRace(primary.sql, proxy.url, hosts, vendorKey, raceShowtime.showtimeId, raceShowtime.seats.slice(-40), 8);
  log(`seat race: ${race.won} won, ${race.lost} lost, ${race.doubleClaims} double claims`);
  for (const [i, via] of direct.entries()) {
    const seat = crossShowtime.seats[crossShowtime.seats.length - 1 - i];
    const others = viewers.all.filter((v) => v.showtimeId === crossShowtime.showtimeId && v.url !== INSTANCE_NAMES[i]);
    const host = hosts[0];
    const order = await host.request(via, 'POST', '/v2/orders', {}, { 'x-vendor-key': vendorKey });
    const held = await host.request(via, 'POST', `/v2/orders/${order.body?.id}/products`, { showtimeId: crossShowtime.showtimeId, seats: [seat] }, { 'x-vendor-key': vendorKey });
    const ms = held.status === 201 ? await viewers.seen(others, seat, 'LOCKED', 5000) : null;
    live.crossInstanceMs.push({ via: INSTANCE_NAMES[i], viewers: others.length, ms });
  }
  const ryw = await readYourWrites(hosts[1], direct, vendorKey, rywShowtime.showtimeId, rywShowtime.seats.slice(-30));
  lap('race, cross-instance holds, read-your-writes');

  viewers.phase = 'cut';
  const cutAt = Date.now();
  const cut = await proxy.cutSockets();
  const resumed = await viewers.reconnected(2, 30_000);
  live.cuts.push({ what: 'runtime API `shutdown sessions` on every server', sockets: cut, resumedMs: resumed ? Date.now() - cutAt : null });
  await sleep(2000);
  viewers.phase = 'proxy killed';
  const sockets = Object.values(await proxy.sockets()).reduce((a, b) => a + b, 0);
  const killAt = Date.now();
  await proxy.kill();
  await sleep(1000);
  await proxy.start();
  const resumed2 = await viewers.reconnected(3, 30_000);
  live.cuts.push({ what: 'kill -9 of HAProxy, started again 1 s later', sockets, resumedMs: resumed2 ? Date.now() - killAt : null });
  viewers.phase = 'after';
  stats.phase = 'load';
  await sleep(2000);
  lap('proxy-side cuts');

  const stopped = await replicaOut('replica stopped', metrics, stats, replica, () => replica!.stop(), () => replica!.start(), 15_000);
  stats.phase = 'load';
  await sleep(2000);
  const paused = await replicaOut('replay paused', metrics, stats, replica, () => replica!.pauseReplay(), () => replica!.resumeReplay(), 15_000);
  stats.phase = 'load';
  lap('replica stopped, replay paused');

  stats.phase = 'end';
  await load.stop();
  log('load stopped; waiting for the last holds to expire, the viewers and the webhooks');
  await waitUntil(async () => Number((await primary!.sql`select count(*)::int as n from seat_claims where status = 'held'`)[0].n) === 0, (HOLD_SECONDS + 20) * 1000, 500);
  const db = await settleSubscribers(primary.sql, viewers.all, showtimes.map((s) => s.showtimeId), 30_000);
  const subFigures = subscriberFigures(viewers.all, db);
  // Described now: closing the viewers below adds a close (1000, graphql-ws's own) to each.
  const behind = viewers.all.filter((v) => v.lastSeq !== db.heads.get(v.showtimeId)).map((v) => `  behind (head ${db.heads.get(v.showtimeId)}): ${viewers.describe(v)}`);
  const hooks = [];
  for (const r of receivers) {
    await waitForDeliveries(primary.sql, r.subscriptionToken, 60_000);
    hooks.push(await webhookFigures(primary.sql, r, load.record.refundedOrders));
  }
  poller.found.push(...(await poller.poll()));
  const indexValid = await claimIndexValid(primary.sql);
  const reads = await metrics.reads();
  const connectionsEnd = await connectionTable(instances.slots, pooler, primary, replica);
  const replicaFigures = replicaStatementFigures(loggedStatements(replica.logFile), tables, INSTANCE_APPS);
  await poller.stop();
  await viewers.close();
  for (const r of receivers) await r.close();
  for (const h of hosts) h.close();
  await instances.closeAll();
  const scans = scanLogs(instances.slots.flatMap((s) => s.logFiles));
  lap('final checks');

  const checks: Check[] = [
    raceCheck(race),
    { ...claimCheck(poller.found, poller.polls, poller.failedPolls, indexValid), name: '1. (all run) no seat with two active claims in the primary' },
    liveCheck(viewers.all, subFigures, live),
    webhookOnceCheck(hooks),
    replicaStatementCheck(replicaFigures, reads.replica, reads.primary),
    rywCheck(ryw),
    failoverCheck('6. replica stopped: reads on the primary, no 5xx; back after a start', stopped),
    failoverCheck(`7. replay paused: reads leave the replica past REPLICA_MAX_LAG=${REPLICA_MAX_LAG_S}s, back after resume`, paused, (REPLICA_MAX_LAG_S - 1) * 1000),
    addressCheck(instances.slots.flatMap((s) => s.logFiles), hosts.map((h) => h.address)),
    ...processChecks(instances.exits, scans),
  ];
  const load5xx = stats.of('load').http5xx + stats.of('end').http5xx;
  checks.push({
    name: 'no 5xx under load (outside the replica phases too)',
    ok: load5xx + race.unavailable === 0,
    detail: `${stats.of('load').requests} requests of the load outside the replica phases, ${load5xx} 5xx; ${race.unavailable} 503 in the race`,
  });
  const seconds = (Date.now() - started) / 1000;
  console.log([
    '',
    `Deployment test: ${instances.slots.length} instances behind HAProxy, PgBouncer (transaction mode) in front of the primary, one streaming replica`,
    '',
    'Connections when idle (TCP, from ss)',
    connectionsIdle.text,
    'Connections at the end of the load',
    connectionsEnd.text,
    '',
    `Background statements of the idle instances (10 s, counted in the servers' logs)`,
    idle.text,
    '',
    `Seat race: ${race.rounds} rounds of ${hosts.length} clients in ${secs(race.ms)} s`,
    `Live maps: ${report.subscriberTable(subFigures)}`,
    ...behind.slice(0, 8),
    `Webhooks:\n${hooks.map((h) => report.webhookTable(h)).join('\n')}`,
    `Statements over 1 s on the primary (log_min_duration_statement): ${slowStatements(primary.logFile)}`,
    `Reads by target (all instances, /metrics): primary ${reads.primary}, replica ${reads.replica}`,
    `Requests of the load: ${[...stats.phases.entries()].map(([p, s]) => `${p} ${s.requests} (${s.http5xx} 5xx, ${s.outcomes.refused} refused, ${s.outcomes.reset} reset)`).join('; ')}`,
    `Order lives: ${[...load.record.cycles.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    `Logs: ${report.errorLogLines(scans).trim()}`,
    '',
    `Time: ${timings.map(([s, ms]) => `${s} ${secs(ms)} s`).join(', ')}; total ${seconds.toFixed(0)} s`,
    '',
    'Checks',
    report.verdict(checks),
  ].join('\n'));
  const ok = checks.every((c) => c.ok);
  fs.rmSync(appDir, { recursive: true, force: true });
  if (ok && !process.env.DEPLOY_KEEP_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
  else console.log(`\nThe instances' and HAProxy's logs are kept in ${workDir}`);
  return ok;
}

/** Lines of log_min_duration_statement in a server's log. */
function slowStatements(logFile: string): number {
  return fs.existsSync(logFile) ? (fs.readFileSync(logFile, 'utf8').match(/ LOG: {2}duration: /g) ?? []).length : 0;
}

setTimeout(() => {
  log(`the run passed ${WATCHDOG_MS / 60_000} minutes: stopping everything and removing the clusters`);
  teardownSync();
  process.exit(1);
}, WATCHDOG_MS).unref();

main()
  .then(async (ok) => {
    await pooler?.stop();
    await replica?.sql.end({ timeout: 1 }).catch(() => undefined);
    await primary?.sql.end({ timeout: 1 }).catch(() => undefined);
    teardownSync();
    console.log(ok ? '\ndeployment test: every check passed' : '\ndeployment test: FAILED');
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err: unknown) => {
    console.error(`deployment test could not run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    await pooler?.stop().catch(() => undefined);
    teardownSync();
    if (workDir) {
      fs.rmSync(path.join(workDir, 'app'), { recursive: true, force: true });
      console.error(`Logs (if any) are kept in ${workDir}`);
    }
    process.exit(1);
  });
