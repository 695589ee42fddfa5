import { createClient, type Client } from 'graphql-ws';
import postgres from 'postgres';
import WebSocket from 'ws';
import { pickHotShowtime } from './holds';

/**
 * Seat-map fan-out: N graphql-ws subscribers (one WebSocket each, living in this process) of one
 * showtime's `seatStatusChanged`, raised step by step; at each step K holds/releases are made one at
 * a time through the GraphQL API, and each subscriber's receipt of each event is timed from the
 * mutation's send time (and from its response). The app's memory (from its /metrics) is read before
 * the first subscriber and after each step. Returns a markdown section.
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
}

export const DEFAULT_STEPS = [1000, 5000, 10000];
/** How long an event may take to reach every subscriber before it counts as missed. */
const EVENT_TIMEOUT_MS = 10_000;
/** Subscribers opened at once while raising a step. */
const OPEN_BATCH = 100;

const VENDOR = { 'content-type': 'application/json', 'x-vendor-key': 'demo-vendor-key' };
const SUBSCRIPTION = 'subscription($id: Int!) { seatStatusChanged(showtimeId: $id) { showtimeId seats { row column seatStatus } } }';

interface SeatChange {
  seatStatusChanged: { showtimeId: number; seats: { row: number; column: number; seatStatus: string }[] };
}

/** The event subscribers are waiting for: a seat shown with a status. */
interface Expectation {
  /** Index of the showtime the event is on: only its subscribers receive it. */
  show: number;
  /** Subscribers of that showtime. */
  expected: number;
  row: number;
  column: number;
  status: string;
  sentAt: number;
  answeredAt: number;
  seen: Uint8Array;
  count: number;
  fromSend: number[];
  receivedAt: number[];
  done: () => void;
}

interface StepResult {
  n: number;
  connectSeconds: number;
  events: number;
  complete: number;
  missed: number;
  fromSend: number[];
  fromResponse: number[];
  mutation: number[];
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

async function readMemory(appUrl: string, token: string): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const read = (name: string) => {
    const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)`, 'm').exec(text);
    if (!m) throw new Error(`/metrics has no ${name}`);
    return Number(m[1]);
  };
  return { rss: read('process_resident_memory_bytes'), heap: read('nodejs_heap_size_used_bytes') };
}

async function gql(appUrl: string, query: string, variables?: Record<string, unknown>): Promise<Record<string, { id: number }>> {
  const res = await fetch(`${appUrl}/graphql`, { method: 'POST', headers: VENDOR, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: Record<string, { id: number }>; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(`fan-out mutation failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Runs the fan-out benchmark against a running app; returns its markdown section. */
export async function runFanoutBench(ctx: FanoutContext): Promise<string> {
  const steps = ctx.steps ?? DEFAULT_STEPS;
  const eventsPerStep = ctx.events ?? 20;
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => undefined });
  // Showtimes other than the holds benchmark's; subscriber i watches shows[i % K].
  const showCount = ctx.showtimes ?? 4;
  const shows: { showtimeId: number; seats: { row: number; column: number }[] }[] = [];
  try {
    // Showtimes with enough regular seats (pickHotShowtime refuses smaller ones), after the holds bench's.
    for (let skip = 10; shows.length < showCount && skip < 200; skip += 1) {
      const show = await pickHotShowtime(sql, skip).catch(() => null);
      if (show && !shows.some((s) => s.showtimeId === show.showtimeId)) shows.push(show);
    }
  } finally {
    await sql.end();
  }
  if (shows.length < showCount) throw new Error(`fan-out: found only ${shows.length} showtimes with enough seats`);
  process.stdout.write(
    `fan-out: showtimes ${shows.map((s) => s.showtimeId).join(', ')}, steps ${steps.join(', ')}, ${eventsPerStep} events per step\n`,
  );

  const clients: Client[] = [];
  const disposers: (() => void)[] = [];
  let current: Expectation | null = null;
  let failures = 0;
  let firstFailure: string | null = null;
  const wsUrl = `${ctx.appUrl.replace(/^http/, 'ws')}/graphql`;

  /** Opens one subscriber of shows[index % K]; resolves on its first message (the whole current map). */
  const subscribe = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true, connectionParams: {} });
      clients.push(client);
      let first = true;
      const dispose = client.subscribe<SeatChange>(
        { query: SUBSCRIPTION, variables: { id: shows[index % showCount].showtimeId } },
        {
          next: (msg) => {
            if (first) {
              first = false;
              if (msg.errors?.length) reject(new Error(JSON.stringify(msg.errors)));
              else resolve();
              return;
            }
            const e = current;
            if (!e || index % showCount !== e.show || e.seen[index]) return;
            const hit = msg.data?.seatStatusChanged.seats.some((s) => s.row === e.row && s.column === e.column && s.seatStatus === e.status);
            if (!hit) return;
            const now = performance.now();
            e.seen[index] = 1;
            e.count += 1;
            e.fromSend.push(now - e.sentAt);
            e.receivedAt.push(now);
            if (e.count === e.expected) e.done();
          },
          error: (err) => {
            failures += 1;
            firstFailure ??= err instanceof Error ? err.message : JSON.stringify(err).slice(0, 300);
            if (first) reject(err instanceof Error ? err : new Error(String(firstFailure)));
          },
          complete: () => undefined,
        },
      );
      disposers.push(dispose);
    });

  /** Makes one change through the API and waits for all `n` subscribers to see it (or the timeout). */
  const event = async (n: number, show: number, seat: { row: number; column: number }, status: string, send: () => Promise<unknown>) => {
    let done!: () => void;
    const all = new Promise<void>((r) => (done = r));
    const expected = Math.floor(n / showCount) + (show < n % showCount ? 1 : 0);
    const e: Expectation = { show, expected, ...seat, status, sentAt: 0, answeredAt: 0, seen: new Uint8Array(n), count: 0, fromSend: [], receivedAt: [], done };
    current = e;
    e.sentAt = performance.now();
    await send();
    e.answeredAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((r) => (timer = setTimeout(r, EVENT_TIMEOUT_MS)))]);
    clearTimeout(timer);
    current = null;
    return e;
  };

  const before = await appMemory(ctx.appUrl, ctx.metricsToken);
  const results: StepResult[] = [];
  try {
    for (const n of steps) {
      const started = performance.now();
      try {
        for (let i = clients.length; i < n; i += OPEN_BATCH) {
          await Promise.all(Array.from({ length: Math.min(OPEN_BATCH, n - i) }, (_, k) => subscribe(i + k)));
        }
      } catch (err) {
        firstFailure ??= err instanceof Error ? err.message : String(err);
        process.stdout.write(`fan-out: could not open ${n} subscribers: ${firstFailure}\n`);
        break;
      }
      const connectSeconds = (performance.now() - started) / 1000;
      await sleep(1000);
      const mem = await appMemory(ctx.appUrl, ctx.metricsToken);
      const r: StepResult = { n, connectSeconds, events: 0, complete: 0, missed: 0, fromSend: [], fromResponse: [], mutation: [], rss: mem.rss, heap: mem.heap };
      let orderId = 0;
      for (let k = 0; k < eventsPerStep; k += 1) {
        const show = Math.floor(k / 2) % showCount;
        const { showtimeId, seats } = shows[show];
        const seat = seats[Math.floor(k / 2) % seats.length];
        const hold = k % 2 === 0;
        if (hold) orderId = (await gql(ctx.appUrl, 'mutation { createOrder(input: {}) { id } }')).createOrder.id;
        const id = orderId;
        const e = await event(n, show, seat, hold ? 'LOCKED' : 'AVAILABLE', () =>
          hold
            ? gql(ctx.appUrl, 'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }', {
                input: { orderId: id, showtimeId, seats: [seat] },
              })
            : gql(ctx.appUrl, 'mutation($id: Int!) { cancelOrder(orderId: $id) { id } }', { id }),
        );
        r.events += 1;
        r.mutation.push(e.answeredAt - e.sentAt);
        r.fromSend.push(...e.fromSend);
        r.fromResponse.push(...e.receivedAt.map((t) => t - e.answeredAt));
        if (e.count === e.expected) r.complete += 1;
        r.missed += e.expected - e.count;
      }
      results.push(r);
      process.stdout.write(
        `fan-out: ${n} subscribers, ${r.complete}/${r.events} events reached all, p99 ${percentile(r.fromSend, 99).toFixed(1)} ms\n`,
      );
      if (r.complete < r.events) break;
    }
  } finally {
    for (const d of disposers) d();
    await Promise.all(clients.map((c) => c.dispose()));
  }

  const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
  const lines = [
    `## Seat-map fan-out (graphql-ws subscribers of ${showCount} showtimes)`,
    '',
    `Each subscriber is its own WebSocket connection (graphql-ws, anonymous) held by the load generator, watching one of ${showCount} showtimes (round robin); at each step ${eventsPerStep} events are made one after another through the API, on the showtimes in turn ` +
      '(a hold of one seat, then its release by cancelOrder), each waited for at every subscriber (or 10 s). ' +
      'Latency "from send" runs from sending the mutation to a subscriber\'s receipt of the event (it includes the mutation itself); "from response" from the mutation\'s HTTP response to the receipt. ' +
      'Receipt times are taken in the load-generator process, so the last of N subscribers also waits for that process to read N messages. ' +
      `Memory: the app's RSS and V8 heap used from its /metrics (before any subscriber: RSS ${mb(before.rss)} MB, heap ${mb(before.heap)} MB), after the step's subscribers connected (the least of 5 reads over 2 s; no GC is forced, so small steps are noisy — the largest step's figure per subscriber is the one to quote). ` +
      'One 2-core machine runs the app, Postgres and the load generator.',
    '',
    '| subscribers | connect s | events reaching all | missed receipts | mutation p50 ms | from send p50 ms | from send p99 ms | from response p50 ms | from response p99 ms | RSS MB | RSS KB / subscriber | heap MB | heap KB / subscriber |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.n} | ${r.connectSeconds.toFixed(1)} | ${r.complete}/${r.events} | ${r.missed} | ${percentile(r.mutation, 50).toFixed(1)} | ${percentile(r.fromSend, 50).toFixed(1)} | ${percentile(r.fromSend, 99).toFixed(1)} | ` +
        `${percentile(r.fromResponse, 50).toFixed(1)} | ${percentile(r.fromResponse, 99).toFixed(1)} | ${mb(r.rss)} | ${((r.rss - before.rss) / 1024 / r.n).toFixed(1)} | ${mb(r.heap)} | ${((r.heap - before.heap) / 1024 / r.n).toFixed(1)} |`,
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
