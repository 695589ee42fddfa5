import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hashVendorKey } from '../../src/auth/principal';
import { pickShowtimes } from '../helpers/orders';
import { claimCheck, claimIndexValid, processChecks, settleSubscribers, subscriberChecks, subscriberFigures, type Check } from './checks';
import { createCluster, type Cluster } from './cluster';
import { FAULTS } from './faults';
import { Instances, prepareBuild, scanLogs } from './instances';
import { Load, type LoadShowtime } from './load';
import { ClaimPoller, Prober } from './monitor';
import * as report from './report';
import { Stats } from './stats';
import { Subscribers } from './subscribers';
import { freePort, secs, sleep, waitUntil } from './util';
import { RefundReceiver, waitForDeliveries, webhookCheck, webhookFigures } from './webhooks';

/**
 * `npm run test:faults`: two production-mode instances on a Postgres cluster of the suite's own, a mixed
 * load (readers, vendors, live seat-map subscribers, a webhook receiver), six faults one at a time,
 * then the checks. Prints its figures and exits 1 when a check fails (docs/operations.md, Fault suite).
 * FAULTS_APP_ROOT: the project to build and run (default: this checkout). FAULTS_KEEP_LOGS=1: keep the
 * instances' logs after a green run too (a failed run always keeps them).
 */
const ROOT = path.resolve(__dirname, '..', '..');
/** The project whose service is built and run: this checkout, or another (say, an export of an older commit). */
const APP_ROOT = process.env.FAULTS_APP_ROOT ? path.resolve(process.env.FAULTS_APP_ROOT) : ROOT;
const HOLD_SECONDS = 15;
const SHOWTIMES = 4;
const SUBSCRIBERS_PER_SHOWTIME = 75;
const READERS = 3;
const VENDORS = 6;
const BASELINE_MS = 15_000;
/** Requests must end within the statement timeout (the default 15 s) plus 5 s (issue 24). */
const SLOW_MS = 20_000;

/** A run takes 3–4 minutes; past this something hangs: stop with what is known. */
const WATCHDOG_MS = 12 * 60_000;

const run = promisify(execFile);
const started = Date.now();
const log = (line: string) => console.log(`[faults +${secs(Date.now() - started)}s] ${line}`);

let cluster: Cluster | undefined;
let instances: Instances | undefined;
let workDir: string | undefined;
const teardownSync = () => {
  instances?.killAllSync();
  cluster?.dropSync();
};
process.on('exit', teardownSync);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the instances and removing the cluster${workDir ? `; the instances' logs are kept in ${workDir}/logs` : ''}`);
    teardownSync();
    if (workDir) fs.rmSync(path.join(workDir, 'app'), { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

async function main(): Promise<boolean> {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-faults-'));
  const logDir = path.join(workDir, 'logs');
  fs.mkdirSync(logDir);
  const timings: [string, number][] = [];
  const lap = (() => {
    let last = Date.now();
    return (stage: string) => {
      timings.push([stage, Date.now() - last]);
      last = Date.now();
    };
  })();

  const source = await describeSource(APP_ROOT);
  log(`building ${source} (npm run build) and copying dist/`);
  const appDir = await prepareBuild(APP_ROOT, workDir);
  lap('build');
  cluster = await createCluster(log);
  const secrets = { JWT_SECRET: randomBytes(32).toString('base64'), PII_KEY: randomBytes(32).toString('base64') };
  const databaseUrl = cluster.url('marquee');
  // `npm run seed` in production mode: migrations and the chain, no demo credentials; then a vendor of our own.
  await run('npm', ['run', '-s', 'seed'], { cwd: APP_ROOT, timeout: 120_000, env: {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    ...secrets,
  } });
  const vendorKey = `faults-${randomBytes(16).toString('hex')}`;
  await cluster.sql`insert into vendors (name, key_hash) values ('Fault suite', ${hashVendorKey(vendorKey)})`;
  const picked = await pickShowtimes(cluster.sql, SHOWTIMES);
  const theatreOf = new Map((await cluster.sql<{ id: number; theatre_id: number }[]>`
    select id, theatre_id from showtimes where id = any(${picked.map((p) => p.showtimeId)}::int[])`).map((r) => [r.id, r.theatre_id]));
  const showtimes: LoadShowtime[] = picked.map((p) => ({ showtimeId: p.showtimeId, theatreId: theatreOf.get(p.showtimeId)!, seats: p.regular }));
  lap('cluster and seed');

  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    ...secrets,
    ORDER_HOLD_SECONDS: String(HOLD_SECONDS),
    RATE_LIMIT_PER_MINUTE: '0',
    WS_MAX_SOCKETS_PER_CLIENT: '1000',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    // Eight attempts over 75 s: outlasts the receiver's 30 s of failures, so nothing is given up.
    WEBHOOK_RETRY_SCHEDULE: '1s,2s,4s,8s,15s,15s,15s,15s',
    WEBHOOK_TIMEOUT: '2s',
    WEBHOOK_LEASE: '5s',
    WEBHOOK_POLL_INTERVAL: '500ms',
  };
  instances = await Instances.create(['A', 'B'], [await freePort(), await freePort()], appDir, env, logDir, log);
  for (const slot of instances.slots) log(`instance ${slot.name} on ${slot.url}: ready in ${secs(await instances.start(slot))} s`);
  const urls = instances.slots.map((s) => s.url);
  const stats = new Stats(SLOW_MS);
  const receiver = await RefundReceiver.start();
  await receiver.subscribe(stats, urls[0], vendorKey);
  const subscribers = new Subscribers(urls, () => stats.phase);
  await subscribers.open(showtimes.map((s) => s.showtimeId), SUBSCRIBERS_PER_SHOWTIME);
  log(`${subscribers.all.length} subscribers on showtimes ${showtimes.map((s) => s.showtimeId).join(', ')} have their maps`);
  lap('instances and subscribers');

  const prober = new Prober(instances.slots, showtimes[0].theatreId);
  const poller = new ClaimPoller(cluster.sql);
  const load = new Load(stats, urls, showtimes, vendorKey);
  const names = instances.slots.map((s) => s.name);
  const memory: { when: string; rss: ReturnType<Instances['rss']> }[] = [];
  const phases: report.PhaseResult[] = [];

  stats.phase = 'baseline';
  load.start(READERS, VENDORS);
  await sleep(BASELINE_MS);
  memory.push({ when: 'start (after the baseline)', rss: instances.rss() });
  phases.push({ name: 'baseline', target: '-', outcome: null, recoveryMs: null, stats: stats.of('baseline'), seatMaps: subscribers.byPhase.get('baseline') });

  const ctx = { cluster, instances, receiverFailing: (f: boolean) => receiver.setFailing(f), log };
  for (const [k, fault] of FAULTS.entries()) {
    stats.phase = fault.name;
    log(`fault ${k + 1}/${FAULTS.length}: ${fault.name} (${fault.target})`);
    const outcome = await fault.inject(ctx).catch((err: Error) => ({
      end: Date.now(),
      exercised: false,
      evidence: `could not inject: ${err.message}`,
      failure: err.message,
    }));
    // Settle: until both instances have answered 2xx for 5 s (at most 30 s), then a little more load.
    await waitUntil(() => prober.steady(names, 5000), 30_000, 250);
    let extra: string | undefined;
    if (fault.target === 'receiver') {
      const ms = await waitForDeliveries(cluster.sql, receiver.subscriptionToken, 90_000);
      extra = ms === null ? 'deliveries still pending 90 s after' : `every delivery done ${secs(Date.now() - outcome.end)} s after the receiver recovered`;
    }
    await sleep(2000);
    const recoveryMs = prober.recoveredAfter(outcome.end, Date.now(), names);
    phases.push({ name: fault.name, target: fault.target, outcome, recoveryMs, stats: stats.of(fault.name), seatMaps: subscribers.byPhase.get(fault.name), extra });
    log(`  ${outcome.evidence}; recovered in ${recoveryMs === null ? 'never' : `${secs(recoveryMs)} s`}`);
    if (k === 2) memory.push({ when: `middle (after ${fault.name})`, rss: instances.rss() });
  }
  lap('load and faults');

  stats.phase = 'end';
  await load.stop();
  log('load stopped; waiting for the last holds to expire, the subscribers and the webhooks');
  await waitUntil(async () => Number((await cluster!.sql`select count(*)::int as n from seat_claims where status = 'held'`)[0].n) === 0, (HOLD_SECONDS + 20) * 1000, 500);
  const db = await settleSubscribers(cluster.sql, subscribers.all, showtimes.map((s) => s.showtimeId), 30_000);
  const subFigures = subscriberFigures(subscribers.all, db);
  await waitForDeliveries(cluster.sql, receiver.subscriptionToken, 90_000);
  const hookFigures = await webhookFigures(cluster.sql, receiver, load.record.refundedOrders);
  poller.found.push(...(await poller.poll()));
  const indexValid = await claimIndexValid(cluster.sql);
  memory.push({ when: 'end', rss: instances.rss() });
  await poller.stop();
  await prober.stop();
  await subscribers.close();
  await receiver.close();
  await instances.closeAll();
  const scans = scanLogs(instances.slots.flatMap((s) => s.logFiles));
  lap('final checks');

  const checks: Check[] = [
    claimCheck(poller.found, poller.polls, poller.failedPolls, indexValid),
    ...subscriberChecks(subFigures, subscribers.all),
    webhookCheck(hookFigures),
    ...report.phaseChecks(phases),
    ...processChecks(instances.exits, scans),
  ];
  const out = [
    '',
    `Fault suite on ${source}: ${instances.slots.length} instances, ${subscribers.all.length} subscribers on ${showtimes.length} showtimes, ${READERS} readers, ${VENDORS} vendor clients`,
    '',
    'Per phase (requests counted in the phase they ended in; recovery: from the fault\'s end until both instances answered 2xx for good)',
    report.phaseTable(phases),
    'Faults:',
    report.evidenceLines(phases),
    'Error codes seen by clients:',
    report.codeLines(phases),
    'Dropped connections and timeouts (first few per phase):',
    report.sampleLines(phases),
    `Order lives: ${[...load.record.cycles.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`,
    '',
    'Live seat maps',
    report.subscriberTable(subFigures),
    '',
    'Webhooks (Orders.Refund)',
    report.webhookTable(hookFigures),
    '',
    'Memory',
    report.memoryTable(memory),
    '',
    'Logs',
    report.errorLogLines(scans),
    '',
    `Time: ${timings.map(([s, ms]) => `${s} ${secs(ms)} s`).join(', ')}; total ${secs(Date.now() - started)} s`,
    '',
    'Checks',
    report.verdict(checks),
  ];
  console.log(out.join('\n'));
  const ok = checks.every((c) => c.ok);
  if (ok && !process.env.FAULTS_KEEP_LOGS) fs.rmSync(workDir, { recursive: true, force: true });
  else {
    fs.rmSync(appDir, { recursive: true, force: true });
    console.log(`\nThe instances' logs are kept in ${logDir}`);
  }
  return ok;
}

/** The commit of `dir` and how many files differ from it, for the report. */
async function describeSource(dir: string): Promise<string> {
  try {
    const { stdout: commit } = await run('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']);
    const { stdout: status } = await run('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no']);
    const changed = status.split('\n').filter(Boolean).length;
    return `${dir} at ${commit.trim()}${changed ? ` with ${changed} uncommitted changed files` : ''}`;
  } catch {
    return `${dir} (not a git checkout)`;
  }
}

setTimeout(() => {
  log(`the run passed ${WATCHDOG_MS / 60_000} minutes: stopping the instances and removing the cluster`);
  teardownSync();
  process.exit(1);
}, WATCHDOG_MS).unref();

main()
  .then(async (ok) => {
    await cluster?.sql.end({ timeout: 1 }).catch(() => undefined);
    teardownSync();
    console.log(ok ? '\nfault suite: every check passed' : '\nfault suite: FAILED');
    process.exit(ok ? 0 : 1);
  })
  .catch((err: unknown) => {
    console.error(`fault suite could not run: ${err instanceof Error ? err.message : String(err)}`);
    teardownSync();
    if (workDir) {
      // Keep the instances' logs, if any were written, and say where; nothing else.
      fs.rmSync(path.join(workDir, 'app'), { recursive: true, force: true });
      const logs = path.join(workDir, 'logs');
      if (fs.existsSync(logs) && fs.readdirSync(logs).length) console.error(`The instances' logs are kept in ${logs}`);
      else fs.rmSync(workDir, { recursive: true, force: true });
    }
    process.exit(1);
  });
