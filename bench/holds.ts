import postgres from 'postgres';

/**
 * Seat-hold throughput under contention. `connections` clients loop for `duration` seconds over a hot
 * set of seats of one future showtime, each iteration holding 2 random seats of the set and releasing
 * them, first through the GraphQL API (createOrder → addTickets → cancelOrder), then as the bare SQL
 * of a hold (INSERT of the claims in one transaction, unique_violation caught) and its release
 * (UPDATE), through postgres.js with the app's pool size. Afterwards SQL checks that no seat has two
 * active claims. Returns a markdown section.
 */
export interface HoldsContext {
  appUrl: string;
  databaseUrl: string;
  duration: number;
  connections: number;
}

/** Seats in the hot set all clients draw from. */
export const HOT_SEATS = 40;
/** Seats per hold. */
export const SEATS_PER_HOLD = 2;
/** The app's database pool size (db/client.ts default): the baseline gets the same. */
const POOL = 10;

const VENDOR = { 'content-type': 'application/json', 'x-vendor-key': 'demo-vendor-key' };
const CREATE = 'mutation { createOrder(input: {}) { id } }';
const ADD = 'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }';
const CANCEL = 'mutation($id: Int!) { cancelOrder(orderId: $id) { id } }';

type Seat = { row: number; column: number };

interface SideResult {
  name: string;
  attempts: number;
  holds: number;
  rejected: number;
  errors: number;
  seconds: number;
  latencies: number[];
  firstError: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function pickTwo(hot: Seat[]): Seat[] {
  const a = Math.floor(Math.random() * hot.length);
  let b = Math.floor(Math.random() * (hot.length - 1));
  if (b >= a) b += 1;
  return [hot[a], hot[b]].sort((x, y) => x.row - y.row || x.column - y.column);
}

/** A future, sellable showtime without social distancing, and its first HOT_SEATS regular seats. */
export async function pickHotShowtime(sql: postgres.Sql, skip = 0): Promise<{ showtimeId: number; seats: Seat[] }> {
  const [st] = await sql<{ id: number; layout_version_id: number }[]>`
    select s.id, s.layout_version_id from showtimes s
    join showtime_ticket_prices p on p.showtime_id = s.id and p.type = 'ADULT'
    where s.sell_until_date_time_utc > now() + interval '1 day' and not s.is_canceled
      and not s.social_distancing and not s.in_theatre_ticketing_only
      and not exists (select 1 from seat_blocks b where b.showtime_id = s.id)
    order by s.id limit 1 offset ${skip}`;
  if (!st) throw new Error('no future sellable showtime in the seed');
  const seats = await sql<Seat[]>`
    select "row", "column" from layout_seats
    where layout_version_id = ${st.layout_version_id} and type = 'CanReserve' and tier = 'Regular'
    order by "row", "column" limit ${HOT_SEATS}`;
  if (seats.length < HOT_SEATS) throw new Error(`showtime ${st.id} has only ${seats.length} regular seats`);
  return { showtimeId: st.id, seats: seats.map((s) => ({ row: s.row, column: s.column })) };
}

async function gql(appUrl: string, query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${appUrl}/graphql`, { method: 'POST', headers: VENDOR, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as { data?: Record<string, { id: number } | null>; errors?: { message: string; extensions?: { code?: string } }[] };
}

/**
 * One client, no contention: `n` sequential create → hold → cancel iterations on distinct seats, giving
 * each mutation's p50 latency and its SQL statement count (the app's `x-sql-statements` header).
 */
async function sampleUncontended(appUrl: string, showtimeId: number, hot: Seat[], n = 20): Promise<string[]> {
  const steps = { createOrder: [] as number[], addTickets: [] as number[], cancelOrder: [] as number[] };
  const statements: Record<keyof typeof steps, string> = { createOrder: '?', addTickets: '?', cancelOrder: '?' };
  const timed = async (step: keyof typeof steps, query: string, variables?: Record<string, unknown>) => {
    const t0 = performance.now();
    const res = await fetch(`${appUrl}/graphql`, { method: 'POST', headers: VENDOR, body: JSON.stringify({ query, variables }) });
    const body = (await res.json()) as { data?: Record<string, { id: number } | null>; errors?: unknown };
    steps[step].push(performance.now() - t0);
    statements[step] = res.headers.get('x-sql-statements') ?? '?';
    if (body.errors) throw new Error(`${step} failed: ${JSON.stringify(body.errors).slice(0, 300)}`);
    return body.data!;
  };
  for (let i = 0; i < n; i += 1) {
    const orderId = (await timed('createOrder', CREATE)).createOrder!.id;
    await timed('addTickets', ADD, { input: { orderId, showtimeId, seats: [hot[i % hot.length]] } });
    await timed('cancelOrder', CANCEL, { id: orderId });
  }
  return [
    `One client, no contention (${n} iterations before the runs):`,
    '',
    '| mutation | p50 ms | SQL statements |',
    '|---|---:|---:|',
    ...Object.entries(steps).map(([k, v]) => {
      const sorted = [...v].sort((a, b) => a - b);
      return `| ${k} | ${fmt(percentile(sorted, 50), 1)} | ${statements[k as keyof typeof steps]} |`;
    }),
  ];
}

/** Runs `clients` loops of `iteration` until `seconds` have passed. */
async function loop(clients: number, seconds: number, iteration: (client: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) await iteration(c);
    }),
  );
  return (performance.now() - started) / 1000;
}

async function runApi(ctx: HoldsContext, showtimeId: number, hot: Seat[]): Promise<SideResult> {
  const r: SideResult = { name: 'GraphQL API: createOrder → addTickets → cancelOrder', attempts: 0, holds: 0, rejected: 0, errors: 0, seconds: 0, latencies: [], firstError: null };
  const fail = (what: string) => {
    r.errors += 1;
    r.firstError ??= what;
  };
  r.seconds = await loop(ctx.connections, ctx.duration, async () => {
    const created = await gql(ctx.appUrl, CREATE);
    const orderId = created.data?.createOrder?.id;
    if (!orderId) return fail(JSON.stringify(created.errors ?? created).slice(0, 300));
    const t0 = performance.now();
    const added = await gql(ctx.appUrl, ADD, { input: { orderId, showtimeId, seats: pickTwo(hot) } });
    r.latencies.push(performance.now() - t0);
    r.attempts += 1;
    if (added.data?.addTickets) r.holds += 1;
    else if (added.errors?.[0]?.extensions?.code === 'SEAT_UNAVAILABLE') r.rejected += 1;
    else fail(JSON.stringify(added.errors ?? added).slice(0, 300));
    const cancelled = await gql(ctx.appUrl, CANCEL, { id: orderId });
    if (!cancelled.data?.cancelOrder) fail(JSON.stringify(cancelled.errors ?? cancelled).slice(0, 300));
  });
  return r;
}

async function runBaseline(ctx: HoldsContext, showtimeId: number, hot: Seat[]): Promise<SideResult> {
  const r: SideResult = { name: 'baseline: the hold INSERT + release UPDATE via postgres.js', attempts: 0, holds: 0, rejected: 0, errors: 0, seconds: 0, latencies: [], firstError: null };
  const sql = postgres(ctx.databaseUrl, { max: POOL, onnotice: () => undefined });
  try {
    // One order row per client to own its claims (the API run creates one per iteration).
    const orders = await sql<{ id: number }[]>`
      insert into orders (expires_at) select now() + interval '1 hour' from generate_series(1, ${ctx.connections})
      returning id`;
    r.seconds = await loop(ctx.connections, ctx.duration, async (c) => {
      const orderId = orders[c].id;
      const seats = pickTwo(hot);
      const t0 = performance.now();
      r.attempts += 1;
      let held = false;
      try {
        await sql.begin(async (tx) => {
          const expires_at = new Date(Date.now() + 420_000);
          const rows = seats.map((s) => ({ showtime_id: showtimeId, row: s.row, column: s.column, order_id: orderId, status: 'held', expires_at }));
          await tx`insert into seat_claims ${tx(rows)}`;
        });
        held = true;
        r.holds += 1;
      } catch (err) {
        if ((err as { code?: string }).code === '23505') r.rejected += 1;
        else {
          r.errors += 1;
          r.firstError ??= String(err).slice(0, 300);
        }
      }
      r.latencies.push(performance.now() - t0);
      if (held) {
        await sql`
          update seat_claims set status = 'released', expires_at = null, updated_at = now()
          where order_id = ${orderId} and status = 'held'`;
      }
    });
    await sql`update orders set status = 'Cancelled' where id in ${sql(orders.map((o) => o.id))}`;
  } finally {
    await sql.end();
  }
  return r;
}

/** Seats of the showtime with more than one active (held or sold) claim, and the active claims left. */
async function verify(databaseUrl: string, showtimeId: number): Promise<{ doubles: number; active: number; total: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const doubles = await sql`
      select "row", "column" from seat_claims where showtime_id = ${showtimeId} and status in ('held', 'sold')
      group by "row", "column" having count(*) > 1`;
    const [{ active, total }] = await sql<{ active: number; total: number }[]>`
      select count(*) filter (where status in ('held', 'sold'))::int as active, count(*)::int as total
      from seat_claims where showtime_id = ${showtimeId}`;
    return { doubles: doubles.length, active, total };
  } finally {
    await sql.end();
  }
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

function row(r: SideResult, ratioTo?: SideResult): string {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const hps = r.holds / r.seconds;
  const ratio = ratioTo ? `${(hps / (ratioTo.holds / ratioTo.seconds)).toFixed(2)}×` : 'baseline';
  return `| ${r.name} | ${fmt(r.attempts / r.seconds)} | ${fmt(hps)} | ${ratio} | ${fmt(r.rejected / r.seconds)} | ${fmt(percentile(sorted, 50), 1)} | ${fmt(percentile(sorted, 99), 1)} | ${r.errors} |`;
}

/** Runs the hold benchmark against a running app and its database; returns its markdown section. */
export async function runHoldsBench(ctx: HoldsContext): Promise<string> {
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => undefined });
  const { showtimeId, seats } = await pickHotShowtime(sql).finally(() => sql.end());
  process.stdout.write(`holds: showtime ${showtimeId}, ${seats.length} hot seats, ${ctx.connections} clients × ${ctx.duration} s per side\n`);
  // Warm-up (JIT, pools, caches) so the first seconds do not weigh on the API side.
  await runApi({ ...ctx, duration: 2 }, showtimeId, seats);
  const sample = await sampleUncontended(ctx.appUrl, showtimeId, seats);
  const api = await runApi(ctx, showtimeId, seats);
  await sleep(500);
  const baseline = await runBaseline(ctx, showtimeId, seats);
  const check = await verify(ctx.databaseUrl, showtimeId);
  const lines = [
    '## Seat holds under contention',
    '',
    `${ctx.connections} concurrent clients × ${ctx.duration} s per side; each iteration holds ${SEATS_PER_HOLD} random seats of a hot set of ${HOT_SEATS} regular seats of showtime ${showtimeId}, then releases them. ` +
      `Latency is of the hold alone (addTickets / the INSERT transaction), measured in the load generator. The baseline runs the same claim SQL through postgres.js with the app's pool size (${POOL}), without HTTP, GraphQL, order rows, products or NOTIFY. ` +
      'One 2-core machine runs the app, Postgres and the load generator.',
    '',
    '| case | attempts/s | holds/s | vs baseline | SEAT_UNAVAILABLE/s | hold p50 ms | hold p99 ms | other errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row(baseline),
    row(api, baseline),
    '',
    `Check after both runs (SQL): ${check.doubles} seats with more than one active claim; ${check.active} active claims left; ${check.total} claim rows written.`,
    '',
    ...sample,
  ];
  for (const r of [api, baseline]) if (r.firstError) lines.push('', `First error of "${r.name}": \`${r.firstError}\``);
  return lines.join('\n');
}
