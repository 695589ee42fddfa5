import os from 'node:os';
import postgres from 'postgres';
import { countingDb, openDatabase, StatementCount } from '../db/client';
import { expireDueOrders } from '../src/services/order';
import { bestAvailableRatios, sampleBestAvailableStatements, withBestAvailableHold } from './best-available';
import type { Seat, SideResult, Surface } from './hold-surface';
import { percentile, post, short, type Json } from './http';

/**
 * Seat holds under contention, as whole cycles: `connections` clients loop for `duration` seconds, each
 * iteration creating an order, holding 2 random seats of a hot set of one of `showtimes` showtimes and
 * cancelling the order — through GraphQL, through REST, and as bare SQL behind a minimal HTTP server
 * (bench/baseline-server.ts: one insert, the three-statement hold, one release; the baseline). Then the
 * SQL statements of each step (the app's `x-sql-statements`), fulfilment and an expiry sweep, and an
 * SQL check that no seat has two active claims. Returns a markdown section.
 */
export interface HoldsContext {
  appUrl: string;
  baselineUrl: string;
  databaseUrl: string;
  duration: number;
  connections: number;
  showtimes: number;
}

/** Seats in each showtime's hot set. */
export const HOT_SEATS = 40;
/** Seats per hold. */
export const SEATS_PER_HOLD = 2;

const CREATE = 'mutation { createOrder(input: {}) { id } }';
const ADD = 'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }';
const CANCEL = 'mutation($id: Int!) { cancelOrder(orderId: $id) { id } }';

type Target = { showtimeId: number; seats: Seat[] };

export function graphqlSurface(appUrl: string): Surface {
  const gql = async (query: string, variables?: Record<string, unknown>) => (await post(`${appUrl}/graphql`, { query, variables })).json as Json;
  return {
    name: 'GraphQL: createOrder → addTickets → cancelOrder',
    async create() {
      const r = await gql(CREATE);
      return r.data?.createOrder?.id ?? { error: short(r.errors ?? r) };
    },
    async hold(orderId, showtimeId, seats) {
      const r = await gql(ADD, { input: { orderId, showtimeId, seats } });
      if (r.data?.addTickets) return 'held';
      return r.errors?.[0]?.extensions?.code === 'SEAT_UNAVAILABLE' ? 'lost' : { error: short(r.errors ?? r) };
    },
    async cancel(orderId) {
      const r = await gql(CANCEL, { id: orderId });
      return r.data?.cancelOrder ? true : { error: short(r.errors ?? r) };
    },
  };
}

/** REST and the baseline share their shape: POST an order, POST its tickets (409 when lost), DELETE it. */
function httpSurface(name: string, base: string, paths: { orders: string; tickets: (id: number) => string; order: (id: number) => string }): Surface {
  return {
    name,
    async create() {
      const r = await post(`${base}${paths.orders}`, {});
      return r.status === 201 ? (r.json as { id: number }).id : { error: `${r.status} ${short(r.json)}` };
    },
    async hold(orderId, showtimeId, seats) {
      const r = await post(`${base}${paths.tickets(orderId)}`, { showtimeId, seats });
      if (r.status === 201) return 'held';
      return r.status === 409 ? 'lost' : { error: `${r.status} ${short(r.json)}` };
    },
    async cancel(orderId) {
      const r = await post(`${base}${paths.order(orderId)}`, undefined, 'DELETE');
      return r.status === 200 ? true : { error: `${r.status} ${short(r.json)}` };
    },
  };
}

export const restSurface = (appUrl: string) =>
  httpSurface('REST: POST /v2/orders → POST …/products → DELETE /v2/orders/{id}', appUrl, {
    orders: '/v2/orders',
    tickets: (id) => `/v2/orders/${id}/products`,
    order: (id) => `/v2/orders/${id}`,
  });

export const baselineSurface = (baselineUrl: string) =>
  httpSurface('baseline: bare SQL via postgres.js behind Fastify (1 + 3 + 1 statements)', baselineUrl, {
    orders: '/baseline/orders',
    tickets: (id) => `/baseline/orders/${id}/tickets`,
    order: (id) => `/baseline/orders/${id}`,
  });


function pickTwo(hot: Seat[]): Seat[] {
  const a = Math.floor(Math.random() * hot.length);
  let b = Math.floor(Math.random() * (hot.length - 1));
  if (b >= a) b += 1;
  return [hot[a], hot[b]].sort((x, y) => x.row - y.row || x.column - y.column);
}

/** Future, sellable showtimes without social distancing or blocks, with at least HOT_SEATS regular seats, and the first HOT_SEATS of each. */
export async function pickHotShowtimes(sql: postgres.Sql, count: number): Promise<Target[]> {
  const rows = await sql<{ id: number; layout_version_id: number }[]>`
    select s.id, s.layout_version_id from showtimes s
    join showtime_ticket_prices p on p.showtime_id = s.id and p.type = 'ADULT'
    where s.sell_until_date_time_utc > now() + interval '1 day' and not s.is_canceled
      and not s.social_distancing and not s.in_theatre_ticketing_only
      and not exists (select 1 from seat_blocks b where b.showtime_id = s.id)
      -- Layouts with a hot set's worth of regular seats (which showtimes are still on sale moves with the clock).
      and (select count(*) from layout_seats l
           where l.layout_version_id = s.layout_version_id and l.type = 'CanReserve' and l.tier = 'Regular') >= ${HOT_SEATS}
    order by s.id limit ${count}`;
  if (rows.length < count) throw new Error(`the seed has only ${rows.length} suitable showtimes`);
  const targets: Target[] = [];
  for (const st of rows) {
    const seats = await sql<Seat[]>`
      select "row", "column" from layout_seats
      where layout_version_id = ${st.layout_version_id} and type = 'CanReserve' and tier = 'Regular'
      order by "row", "column" limit ${HOT_SEATS}`;
    if (seats.length < HOT_SEATS) throw new Error(`showtime ${st.id} has only ${seats.length} regular seats`);
    targets.push({ showtimeId: st.id, seats: seats.map((s) => ({ row: s.row, column: s.column })) });
  }
  return targets;
}

/** The first of `pickHotShowtimes` (bench/fanout.ts uses it), skipping `skip`. */
export async function pickHotShowtime(sql: postgres.Sql, skip = 0): Promise<Target> {
  const targets = await pickHotShowtimes(sql, skip + 1);
  return targets[skip];
}

/** `clients` loops of whole cycles over random targets for `seconds`. */
export async function runCycles(surface: Surface, targets: Target[], clients: number, seconds: number): Promise<SideResult> {
  const r: SideResult = { name: surface.name, cycles: 0, holds: 0, rejected: 0, errors: 0, seconds: 0, holdLatencies: [], cycleLatencies: [], firstError: null };
  const fail = (what: string) => {
    r.errors += 1;
    r.firstError ??= what;
  };
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const target = targets[Math.floor(Math.random() * targets.length)];
        const orderId = await surface.create();
        if (typeof orderId !== 'number') {
          fail(orderId.error);
          continue;
        }
        const t1 = performance.now();
        const held = await surface.hold(orderId, target.showtimeId, pickTwo(target.seats));
        r.holdLatencies.push(performance.now() - t1);
        if (held === 'held') r.holds += 1;
        else if (held === 'lost') r.rejected += 1;
        else fail(held.error);
        const cancelled = await surface.cancel(orderId);
        if (cancelled !== true) fail(cancelled.error);
        else r.cycles += 1;
        r.cycleLatencies.push(performance.now() - t0);
      }
    }),
  );
  r.seconds = (performance.now() - started) / 1000;
  return r;
}

/** VACUUM ANALYZE of the tables a cycle writes (see runHoldsBench). */
export async function vacuum(databaseUrl: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    await sql.unsafe('vacuum analyze seat_claims, order_products, orders, seat_events, seat_event_heads');
  } finally {
    await sql.end();
  }
}

/** One side's runs as one. */
export function sumSides(runs: SideResult[]): SideResult {
  const [first, ...rest] = runs;
  return rest.reduce(
    (a, b) => ({
      name: a.name,
      cycles: a.cycles + b.cycles,
      holds: a.holds + b.holds,
      rejected: a.rejected + b.rejected,
      errors: a.errors + b.errors,
      seconds: a.seconds + b.seconds,
      holdLatencies: a.holdLatencies.concat(b.holdLatencies),
      cycleLatencies: a.cycleLatencies.concat(b.cycleLatencies),
      firstError: a.firstError ?? b.firstError,
    }),
    first,
  );
}

/** Seats of the targets with more than one active claim, and the active claims left. */
async function verify(databaseUrl: string, targets: Target[]): Promise<{ doubles: number; active: number; total: number }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  const ids = targets.map((t) => t.showtimeId);
  try {
    const doubles = await sql`
      select showtime_id, "row", "column" from seat_claims where showtime_id = any(${ids}) and status in ('held', 'sold')
      group by 1, 2, 3 having count(*) > 1`;
    const [{ active, total }] = await sql<{ active: number; total: number }[]>`
      select count(*) filter (where status in ('held', 'sold'))::int as active, count(*)::int as total
      from seat_claims where showtime_id = any(${ids})`;
    return { doubles: doubles.length, active, total };
  } finally {
    await sql.end();
  }
}

/**
 * Statements of each step, one client, no contention (the app's `x-sql-statements`; the vendor key
 * is cached for 5 s per instance, so a step costs its lookup only when the cache entry ran out just
 * before it), and of an expiry sweep of one order with 2 held seats (run in this
 * process with the app's services, counted the same way).
 */
async function sampleStatements(ctx: HoldsContext, target: Target): Promise<string[]> {
  const gqlCount = async (query: string, variables?: Record<string, unknown>) => {
    const r = await post(`${ctx.appUrl}/graphql`, { query, variables });
    const json = r.json as Json & { data?: Record<string, { id: number; balanceDue?: number }> };
    if (json.errors) throw new Error(short(json.errors));
    return { value: Object.values(json.data!)[0]!, statements: r.statements ?? '?' };
  };
  // The key looked up (or found cached) before counting.
  await post(`${ctx.appUrl}/graphql`, { query: '{ __typename }' });
  const seats = target.seats.slice(-4);
  const two = (i: number) => seats.slice(i, i + 2);
  const create = await gqlCount(CREATE);
  const hold = await gqlCount(ADD, { input: { orderId: create.value.id, showtimeId: target.showtimeId, seats: two(0) } });
  const holdFull = await gqlCount(
    'mutation($input: AddTicketsInput!) { addTickets(input: $input) { id balanceDue products { lineNumber status total } } }',
    { input: { orderId: (await gqlCount(CREATE)).value.id, showtimeId: target.showtimeId, seats: two(2) } },
  );
  const cancel = await gqlCount(CANCEL, { id: create.value.id });
  const pay = await gqlCount('mutation($input: AddPaymentInput!) { addPayment(input: $input) { id } }', {
    input: { orderId: holdFull.value.id, type: 'CREDIT_CARD', amount: holdFull.value.balanceDue },
  });
  const fulfil = await gqlCount('mutation($id: Int!) { fulfillOrder(orderId: $id) { id } }', { id: holdFull.value.id });

  const rCreate = await post(`${ctx.appUrl}/v2/orders`, {});
  const orderId = (rCreate.json as { id: number }).id;
  const rHold = await post(`${ctx.appUrl}/v2/orders/${orderId}/products`, { showtimeId: target.showtimeId, seats: two(0) });
  const rCancel = await post(`${ctx.appUrl}/v2/orders/${orderId}`, undefined, 'DELETE');

  // Expiry: one order with 2 held seats, swept as if its hold had run out.
  const due = await gqlCount(CREATE);
  await gqlCount(ADD, { input: { orderId: due.value.id, showtimeId: target.showtimeId, seats: two(0) } });
  const database = await openDatabase({ databaseUrl: ctx.databaseUrl, dataDir: '', maxConnections: 1 });
  const store = new StatementCount();
  let swept = 0;
  try {
    swept = await expireDueOrders(countingDb(database.db, store), new Date(Date.now() + 3600_000), 1);
  } finally {
    await database.close();
  }
  return [
    'SQL statements per step (one client, no contention; the vendor key is cached for 5 s per instance — a lookup adds 1 when the entry runs out):',
    '',
    '| step | GraphQL (selecting `id`) | REST (whole order in the body) | baseline |',
    '|---|---:|---:|---:|',
    `| create order | ${create.statements} | ${rCreate.statements} | 1 |`,
    `| hold 2 seats | ${hold.statements} (${holdFull.statements} selecting totals and products) | ${rHold.statements} | 3 |`,
    `| cancel | ${cancel.statements} | ${rCancel.statements} | 1 |`,
    `| add payment | ${pay.statements} | – | – |`,
    `| fulfil | ${fulfil.statements} | – | – |`,
    `| expiry sweep of one order with 2 held seats (in-process, no key lookup) | ${swept === 1 ? store.count : `? (swept ${swept})`} | – | – |`,
  ];
}

const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

function row(r: SideResult, baseline?: SideResult): string {
  const holds = [...r.holdLatencies].sort((a, b) => a - b);
  const cycles = [...r.cycleLatencies].sort((a, b) => a - b);
  const hps = r.holds / r.seconds;
  const ratio = baseline ? `${(hps / (baseline.holds / baseline.seconds)).toFixed(2)}×` : 'baseline';
  const cycleRatio = baseline ? `${(r.cycles / r.seconds / (baseline.cycles / baseline.seconds)).toFixed(2)}×` : 'baseline';
  return `| ${r.name} | ${fmt(r.cycles / r.seconds)} | ${cycleRatio} | ${fmt(hps)} | ${ratio} | ${fmt(r.rejected / r.seconds)} | ${fmt(percentile(cycles, 50), 1)} | ${fmt(percentile(holds, 50), 1)} | ${fmt(percentile(holds, 99), 1)} | ${r.errors} |`;
}

/** Runs the hold benchmark against a running app, the baseline server and their database. */
export async function runHoldsBench(ctx: HoldsContext): Promise<string> {
  const sql = postgres(ctx.databaseUrl, { max: 1, onnotice: () => undefined });
  const targets = await pickHotShowtimes(sql, ctx.showtimes).finally(() => sql.end());
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  process.stdout.write(`holds: showtimes ${targets.map((t) => t.showtimeId).join(', ')}, ${ctx.connections} clients × ${ctx.duration} s per side; load ${load}\n`);
  const surfaces = [
    baselineSurface(ctx.baselineUrl),
    graphqlSurface(ctx.appUrl),
    restSurface(ctx.appUrl),
    withBestAvailableHold(graphqlSurface(ctx.appUrl), ctx.appUrl, 'graphql'),
    withBestAvailableHold(restSurface(ctx.appUrl), ctx.appUrl, 'rest'),
  ];
  // Warm-up (JIT, pools, prepared statements, the layout cache) of every side.
  for (const s of surfaces) await runCycles(s, targets, ctx.connections, 2);
  // Two interleaved rounds (baseline, GraphQL, REST, best available by GraphQL and REST, then again), each side's halves summed, so a
  // drift of the machine during the run does not fall on one side; and VACUUM ANALYZE of the tables a
  // cycle writes before every side. This Postgres runs with autovacuum off: without it, each side would
  // scan the dead index entries of every claim the sides before it released (the partial index of held
  // claims keeps them until a vacuum), which a production server's autovacuum clears as it goes.
  const rounds: SideResult[][] = surfaces.map(() => []);
  for (let round = 0; round < 2; round += 1) {
    for (const [i, surface] of surfaces.entries()) {
      await vacuum(ctx.databaseUrl);
      rounds[i].push(await runCycles(surface, targets, ctx.connections, ctx.duration / 2));
    }
  }
  const [baseline, graphql, rest, bestGraphql, bestRest] = rounds.map(sumSides);
  const check = await verify(ctx.databaseUrl, targets);
  const sample = await sampleStatements(ctx, targets[0]);
  const bestSample = await sampleBestAvailableStatements(ctx.appUrl, targets[0].showtimeId);
  const lines = [
    '## Seat holds under contention',
    '',
    `${ctx.connections} concurrent clients × ${ctx.duration} s per side (two interleaved rounds of ${ctx.duration / 2} s, VACUUM ANALYZE before each); each cycle creates an order, holds ${SEATS_PER_HOLD} random seats of a hot set of ${HOT_SEATS} regular seats of one of ${targets.length} showtimes (${targets.map((t) => t.showtimeId).join(', ')}), and cancels the order; ` +
      `the best-available sides hold the ${SEATS_PER_HOLD} best seats of the same showtimes instead (bench/best-available.ts). ` +
      'Latencies are measured in the load generator. The baseline is the same cycle as bare SQL through postgres.js (prepared) behind a minimal Fastify server: one insert, the three-statement hold (lock order, insert claims, insert products), one release. ' +
      `One 2-core machine runs the app, the baseline, Postgres and the load generator; load average before the run ${load} (1 / 5 / 15 min).`,
    '',
    '| case | cycles/s | vs baseline | holds/s | vs baseline | SEAT_UNAVAILABLE/s | cycle p50 ms | hold p50 ms | hold p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(baseline),
    row(graphql, baseline),
    row(rest, baseline),
    row(bestGraphql, baseline),
    row(bestRest, baseline),
    '',
    ...bestAvailableRatios([
      { surface: 'GraphQL', explicit: graphql, best: bestGraphql },
      { surface: 'REST', explicit: rest, best: bestRest },
    ]),
    '',
    `Check after the runs (SQL): ${check.doubles} seats with more than one active claim; ${check.active} active claims left; ${check.total} claim rows written.`,
    '',
    ...sample,
    `| hold 2 best available seats | ${bestSample.graphql} | ${bestSample.rest} | – |`,
  ];
  for (const r of [baseline, graphql, rest, bestGraphql, bestRest]) if (r.firstError) lines.push('', `First error of "${r.name}": \`${r.firstError}\``);
  return lines.join('\n');
}
