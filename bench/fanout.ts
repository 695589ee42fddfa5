import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { encodeCursor } from '../src/realtime/cursor';
import type { FromClient, ToClient } from './fanout-client';

/**
 * Seat-map fan-out: N graphql-ws subscribers (one WebSocket each) of `seatStatusChanged` over a few
 * showtimes, raised step by step; at each step K holds/releases are made one at a time through the
 * GraphQL API, and each subscriber's receipt of each event is timed from the event's commit (the
 * `created_at` of its seat_events row: `clock_timestamp()` in the writing statement, just before the
 * COMMIT). The subscribers live in a few child processes (bench/fanout-client.ts) of raw `ws` sockets
 * that recognise the event by its cursor's bytes instead of parsing every message, so the load
 * generator costs the shared cores as little as it can. The app's memory and CPU (from its /metrics)
 * are read before the first subscriber and at each step. Returns a markdown section.
 */
export interface FanoutContext {
  appUrl: string;
  databaseUrl: string;
  /** Subscriber counts to reach, ascending (default 1000, 5000, 10000). */
  steps?: number[];
  /** Events per step: alternately a hold and its release (default 20). */
  events?: number;
  /** Showtimes the subscribers spread over, round robin (default 4). */
  showtimes?: number;
  /** The app's METRICS_TOKEN (production serves /metrics only with it). */
  metricsToken: string;
  /**
   * Load-generator processes holding the subscribers (default 1, or FANOUT_CLIENT_PROCESSES). On the
   * 2-core machine one process cost the least CPU per event (50 ms for 2,500 receipts against 73 with 2
   * and 85 with 4: fewer wake-ups) and gave the lowest latency; more only help with more cores.
   */
  clientProcesses?: number;
  /** Called when a step's events start and end (a profiling driver marks its window with it). */
  onPhase?(phase: 'connected' | 'events' | 'idle', subscribers: number): void | Promise<void>;
}

export const DEFAULT_STEPS = [1000, 5000, 10000];
/** How long an event may take to reach every subscriber before it counts as missed. */
const EVENT_TIMEOUT_MS = 10_000;
/** Subscribers opened at once while raising a step. */
const OPEN_BATCH = 100;

const VENDOR = { 'content-type': 'application/json', 'x-vendor-key': 'demo-vendor-key' };
/** What the seat-map page selects of each message, less the layout-cache fields. */
const SUBSCRIPTION = 'subscription($id: Int!) { seatStatusChanged(showtimeId: $id) { showtimeId cursor resync seats { row column seatStatus } } }';

interface StepResult {
  n: number;
  connectSeconds: number;
  events: number;
  complete: number;
  missed: number;
  fromCommit: number[];
  fromResponse: number[];
  mutation: number[];
  /** Commit (row insert) to the mutation's HTTP response. */
  commitToResponse: number[];
  appCpuMs: number;
  clientCpuMs: number;
  rss: number;
  heap: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * RSS and V8 heap used of the app process, from prom-client's default metrics: the least of a few
 * reads over ~2 s, so garbage awaiting collection weighs less (no GC can be forced from outside).
 */
async function appMemory(appUrl: string, token: string): Promise<{ rss: number; heap: number }> {
  let least = { rss: Infinity, heap: Infinity };
  for (let i = 0; i < 5; i += 1) {
    if (i > 0) await sleep(500);
    const m = await readMemory(appUrl, token);
    least = { rss: Math.min(least.rss, m.rss), heap: Math.min(least.heap, m.heap) };
  }
  return least;
}

async function readMemory(appUrl: string, token: string): Promise<{ rss: number; heap: number; cpu: number }> {
  const text = await (await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const read = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)`, 'm').exec(text);
    if (!m) throw new Error(`/metrics has no ${name}`);
    return Number(m[1]);
  };
  return { rss: read('process_resident_memory_bytes'), heap: read('nodejs_heap_size_used_bytes'), cpu: read('process_cpu_seconds_total') };
}

async function gql(appUrl: string, query: string, variables?: Record<string, unknown>): Promise<Record<string, { id: number }>> {
  const res = await fetch(`${appUrl}/graphql`, { method: 'POST', headers: VENDOR, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: Record<string, { id: number }>; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(`fan-out mutation failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A load-generator child and the replies it owes. */
class ClientProcess {
  private readonly waiting: ((msg: FromClient) => boolean)[] = [];
  readonly failures: string[] = [];
  constructor(readonly child: ChildProcess) {
    child.on('message', (msg: FromClient) => {
      if (msg.type === 'failure') {
        this.failures.push(msg.error);
        return;
      }
      const i = this.waiting.findIndex((w) => w(msg));
      if (i >= 0) this.waiting.splice(i, 1);
    });
  }
  post(msg: ToClient): void {
    this.child.send(msg);
  }
  /** The next message of `type` (after `post`ing what asks for it). */
  reply<T extends FromClient['type']>(...types: T[]): Promise<Extract<FromClient, { type: T }>> {
    return new Promise((resolve) => {
      this.waiting.push((msg) => {
        if (!(types as string[]).includes(msg.type)) return false;
        resolve(msg as Extract<FromClient, { type: T }>);
        return true;
      });
    });
  }
}

/** Runs the fan-out benchmark against a running app; returns its markdown section. */
export async function runFanoutBench(ctx: FanoutContext): Promise<string> {
  const steps = ctx.steps ?? DEFAULT_STEPS;
  const eventsPerStep = ctx.events ?? 20;
  const procCount = ctx.clientProcesses ?? Number(process.env.FANOUT_CLIENT_PROCESSES ?? 1);
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => undefined });
  // Showtimes other than the holds benchmark's; subscriber i watches shows[i % K].
  const showCount = ctx.showtimes ?? 4;
  const shows: { showtimeId: number; seats: { row: number; column: number }[] }[] = [];
  // Sellable showtimes with regular seats to hold, after the first 10 (the holds benchmark's).
  const candidates = await sql<{ id: number; layout_version_id: number }[]>`
    select s.id, s.layout_version_id from showtimes s
    join showtime_ticket_prices p on p.showtime_id = s.id and p.type = 'ADULT'
    where s.sell_until_date_time_utc > now() + interval '1 day' and not s.is_canceled
      and not s.social_distancing and not s.in_theatre_ticketing_only
      and not exists (select 1 from seat_blocks b where b.showtime_id = s.id)
    order by s.id offset 10 limit 200`;
  for (const st of candidates) {
    if (shows.length === showCount) break;
    const seats = await sql<{ row: number; column: number }[]>`
      select "row", "column" from layout_seats
      where layout_version_id = ${st.layout_version_id} and type = 'CanReserve' and tier = 'Regular'
      order by "row", "column" limit 20`;
    if (seats.length >= 10) shows.push({ showtimeId: st.id, seats: seats.map((x) => ({ row: x.row, column: x.column })) });
  }
  if (shows.length < showCount) {
    await sql.end();
    throw new Error(`fan-out: found only ${shows.length} showtimes with enough seats`);
  }
  process.stdout.write(
    `fan-out: showtimes ${shows.map((s) => s.showtimeId).join(', ')}, steps ${steps.join(', ')}, ${eventsPerStep} events per step, ${procCount} client processes\n`,
  );

  const wsUrl = `${ctx.appUrl.replace(/^http/, 'ws')}/graphql`;
  const procs = Array.from(
    { length: procCount },
    () =>
      new ClientProcess(
        fork(path.join(__dirname, 'fanout-client.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
      ),
  );
  for (const p of procs) p.post({ type: 'init', url: wsUrl, query: SUBSCRIPTION, showtimeIds: shows.map((s) => s.showtimeId) });
  let opened = 0;
  let firstFailure: string | null = null;

  /** One change through the API, timed at every subscriber of its showtime from its commit. */
  const event = async (show: number, seat: { row: number; column: number }, status: string, change: () => Promise<unknown>) => {
    const { showtimeId } = shows[show];
    const [head] = await sql<{ seq: string }[]>`select seq from seat_event_heads where showtime_id = ${showtimeId}`;
    const seq = Number(head?.seq ?? 0) + 1;
    const armed = procs.map((p) => p.reply('armed'));
    const received = procs.map((p) => p.reply('received'));
    for (const p of procs) p.post({ type: 'expect', showtimeId, cursor: encodeCursor(showtimeId, seq), ...seat, status });
    const expected = (await Promise.all(armed)).reduce((n, a) => n + a.expected, 0);
    const sentAt = Date.now();
    await change();
    const answeredAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const all = Promise.all(received);
    await Promise.race([all, new Promise<void>((r) => (timer = setTimeout(r, EVENT_TIMEOUT_MS)))]);
    clearTimeout(timer);
    for (const p of procs) p.post({ type: 'collect' });
    const replies = await all;
    const [row] = await sql<{ at: number; cause: string }[]>`
      select extract(epoch from created_at)::float8 * 1000 as at, cause from seat_events where showtime_id = ${showtimeId} and seq = ${seq}`;
    if (!row) throw new Error(`fan-out: no seat event ${seq} of showtime ${showtimeId}`);
    const times = replies.flatMap((r) => r.times);
    for (const r of replies) if (r.checked !== null && r.checked !== 'ok') firstFailure ??= `event ${seq}: ${r.checked}`;
    return {
      expected,
      count: times.length,
      mutation: answeredAt - sentAt,
      commitToResponse: answeredAt - row.at,
      fromCommit: times.map((t) => t - row.at),
      fromResponse: times.map((t) => t - answeredAt),
      clientCpuMs: replies.reduce((n, r) => n + r.cpuMs, 0),
    };
  };

  await ctx.onPhase?.('connected', 0);
  const before = await appMemory(ctx.appUrl, ctx.metricsToken);
  const results: StepResult[] = [];
  try {
    for (const n of steps) {
      const started = performance.now();
      try {
        for (let i = opened; i < n; i += OPEN_BATCH) {
          const batch = Array.from({ length: Math.min(OPEN_BATCH, n - i) }, (_, k) => i + k);
          await Promise.all(
            procs.map(async (p, j) => {
              // Every process holds subscribers of every showtime.
              const indexes = batch.filter((x) => Math.floor(x / showCount) % procCount === j);
              if (indexes.length === 0) return;
              const reply = p.reply('opened', 'open-failed');
              p.post({ type: 'open', indexes });
              const r = await reply;
              if (r.type === 'open-failed') throw new Error(r.error);
            }),
          );
          opened = i + batch.length;
        }
      } catch (err) {
        firstFailure ??= err instanceof Error ? err.message : String(err);
        process.stdout.write(`fan-out: could not open ${n} subscribers: ${firstFailure}\n`);
        break;
      }
      const connectSeconds = (performance.now() - started) / 1000;
      await sleep(1000);
      await ctx.onPhase?.('connected', n);
      const mem = await appMemory(ctx.appUrl, ctx.metricsToken);
      const r: StepResult = {
        n, connectSeconds, events: 0, complete: 0, missed: 0, fromCommit: [], fromResponse: [], mutation: [], commitToResponse: [],
        appCpuMs: 0, clientCpuMs: 0, rss: mem.rss, heap: mem.heap,
      };
      const cpuBefore = (await readMemory(ctx.appUrl, ctx.metricsToken)).cpu;
      let orderId = 0;
      await ctx.onPhase?.('events', n);
      for (let k = 0; k < eventsPerStep; k += 1) {
        const show = Math.floor(k / 2) % showCount;
        const { showtimeId, seats } = shows[show];
        const seat = seats[Math.floor(k / 2) % seats.length];
        const hold = k % 2 === 0;
        if (hold) orderId = (await gql(ctx.appUrl, 'mutation { createOrder(input: {}) { id } }')).createOrder.id;
        const id = orderId;
        const e = await event(show, seat, hold ? 'LOCKED' : 'AVAILABLE', () =>
          hold
            ? gql(ctx.appUrl, 'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }', {
                input: { orderId: id, showtimeId, seats: [seat] },
              })
            : gql(ctx.appUrl, 'mutation($id: Int!) { cancelOrder(orderId: $id) { id } }', { id }),
        );
        r.events += 1;
        r.mutation.push(e.mutation);
        r.commitToResponse.push(e.commitToResponse);
        r.fromCommit.push(...e.fromCommit);
        r.fromResponse.push(...e.fromResponse);
        r.clientCpuMs += e.clientCpuMs;
        if (e.count === e.expected) r.complete += 1;
        r.missed += e.expected - e.count;
      }
      await ctx.onPhase?.('idle', n);
      // The app's CPU over the step's events (metrics reads included; the mutations' own work too).
      r.appCpuMs = ((await readMemory(ctx.appUrl, ctx.metricsToken)).cpu - cpuBefore) * 1000;
      results.push(r);
      process.stdout.write(
        `fan-out: ${n} subscribers, ${r.complete}/${r.events} events reached all, from commit p50 ${percentile(r.fromCommit, 50).toFixed(1)} p99 ${percentile(r.fromCommit, 99).toFixed(1)} ms\n`,
      );
      if (r.complete < r.events) break;
    }
  } finally {
    for (const p of procs) {
      if (p.failures.length > 0) firstFailure ??= p.failures[0];
      p.post({ type: 'close' });
    }
    await Promise.all(procs.map((p) => new Promise((resolve) => (p.child.exitCode !== null ? resolve(null) : p.child.once('exit', resolve)))));
    await sql.end();
  }
  const failures = procs.reduce((n, p) => n + p.failures.length, 0);

  const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
  const f1 = (x: number) => x.toFixed(1);
  const lines = [
    `## Seat-map fan-out (graphql-ws subscribers of ${showCount} showtimes)`,
    '',
    `Each subscriber is its own WebSocket connection (graphql-ws protocol, anonymous) watching one of ${showCount} showtimes (round robin), so each event reaches a quarter of them; at each step ${eventsPerStep} events are made one after another through the API, on the showtimes in turn ` +
      '(a hold of one seat by addTickets, then its release by cancelOrder), each waited for at every subscriber (or 10 s). ' +
      `Latency "from commit" runs from the event's seat_events row (its created_at, clock_timestamp() in the writing statement just before COMMIT) to a subscriber's receipt (Date.now() in the load generator; one machine, one clock); "from response" from the mutation's HTTP response to the receipt; "commit → response" is how long after the commit the mutation answered. ` +
      `Load generator: ${procCount} child process${procCount === 1 ? '' : 'es'} (bench/fanout-client.ts) of raw \`ws\` sockets doing the graphql-ws handshake themselves; live messages are recognised by their cursor's bytes (Buffer.indexOf), not parsed (one per event and process is parsed in full to check the seat and status); "client CPU ms / event" is their user + system CPU per event. ` +
      '"App CPU ms / event" is the app process\'s CPU (process_cpu_seconds_total from /metrics) over the step\'s events, mutations included, divided by the events. ' +
      `Memory: the app's RSS and V8 heap used from its /metrics (before any subscriber: RSS ${mb(before.rss)} MB, heap ${mb(before.heap)} MB), after the step's subscribers connected (the least of 5 reads over 2 s; no GC is forced, so small steps are noisy — the largest step's figure per subscriber is the one to quote). ` +
      'One 2-core machine runs the app, Postgres and the load generator.',
    '',
    '| subscribers | connect s | events reaching all | missed receipts | mutation p50 ms | commit → response p50 ms | from commit p50 ms | from commit p99 ms | from commit max ms | from response p50 ms | from response p99 ms | app CPU ms / event | client CPU ms / event | RSS MB | RSS KB / subscriber | heap MB | heap KB / subscriber |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.n} | ${f1(r.connectSeconds)} | ${r.complete}/${r.events} | ${r.missed} | ${f1(percentile(r.mutation, 50))} | ${f1(percentile(r.commitToResponse, 50))} | ` +
        `${f1(percentile(r.fromCommit, 50))} | ${f1(percentile(r.fromCommit, 99))} | ${f1(percentile(r.fromCommit, 100))} | ${f1(percentile(r.fromResponse, 50))} | ${f1(percentile(r.fromResponse, 99))} | ` +
        `${f1(r.appCpuMs / r.events)} | ${f1(r.clientCpuMs / r.events)} | ${mb(r.rss)} | ${f1((r.rss - before.rss) / 1024 / r.n)} | ${mb(r.heap)} | ${f1((r.heap - before.heap) / 1024 / r.n)} |`,
    );
  }
  const reached = [...results].reverse().find((r) => r.complete === r.events);
  lines.push(
    '',
    reached
      ? `Largest N reached with every subscriber receiving every event: **${reached.n}** (steps tried: ${steps.join(', ')}).`
      : 'No step had every subscriber receive every event.',
  );
  if (failures > 0 || firstFailure) lines.push('', `Subscriber errors: ${failures}; first: \`${firstFailure}\``);
  return lines.join('\n');
}
