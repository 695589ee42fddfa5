import type postgres from 'postgres';
import type { Check } from '../faults/checks';
import type { ClientHost, Json } from './client';

const CREATE = `mutation { createOrder(input: {}) { id } }`;
const HOLD = `mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }`;

type Seat = { row: number; column: number };

export interface RaceFigures {
  rounds: number;
  attempts: number;
  won: number;
  lost: number;
  /** Answers that were neither a hold nor SEAT_UNAVAILABLE / 409 nor 503 (a failure of the run). */
  failed: string[];
  /** 503 / SERVICE_UNAVAILABLE answers: not a wrong answer, counted with the run's 5xx. */
  unavailable: number;
  /** Seats two winners were told they hold (in one round). */
  doubleWins: number;
  /** Won holds whose claims are not the winning order's held claims in the primary's seat_claims. */
  unrecorded: number;
  /** Seats with two or more active (held/sold) claims in the primary's seat_claims, at the end of the race. */
  doubleClaims: number;
  /** Instances that served the holds (the proxy's header). */
  servedBy: Map<string, number>;
  ms: number;
}

/**
 * The seat race: in each round every client creates an order (GraphQL or REST, through the proxy), then
 * all of them at once try to hold two neighbouring seats of the same few; each pair overlaps the next,
 * so at most one of any two neighbours can win. Nothing may be sold twice.
 */
export async function seatRace(
  sql: postgres.Sql,
  proxy: string,
  clients: ClientHost[],
  vendorKey: string,
  showtimeId: number,
  seats: Seat[],
  rounds: number,
): Promise<RaceFigures> {
  const started = Date.now();
  const headers = { 'x-vendor-key': vendorKey };
  const f: RaceFigures = { rounds, attempts: 0, won: 0, lost: 0, failed: [], unavailable: 0, doubleWins: 0, unrecorded: 0, doubleClaims: 0, servedBy: new Map(), ms: 0 };
  const width = 5;
  for (let round = 0; round < rounds; round++) {
    const window = seats.slice(round * width, round * width + width);
    if (window.length < width) throw new Error(`the showtime has too few sellable seats for ${rounds} rounds`);
    const orders = await Promise.all(clients.map((c, i) => createOrder(c, proxy, headers, i % 2 === 0)));
    const results = await Promise.all(clients.map(async (c, i) => {
      const pair = [window[i % width], window[(i + 1) % width]];
      const orderId = orders[i];
      if (orderId === null) return { pair, orderId, outcome: 'create failed' };
      const answer = i % 2 === 0
        ? await c.graphql(proxy, HOLD, { input: { orderId, showtimeId, seats: pair } }, headers)
        : await c.request(proxy, 'POST', `/v2/orders/${orderId}/products`, { showtimeId, seats: pair }, headers);
      f.servedBy.set(answer.servedBy, (f.servedBy.get(answer.servedBy) ?? 0) + 1);
      return { pair, orderId, outcome: outcomeOf(answer.status, answer.body, i % 2 === 0) };
    }));
    const held = new Map<string, number>();
    const winners: { orderId: number; seats: Seat[] }[] = [];
    for (const r of results) {
      f.attempts += 1;
      if (r.outcome === 'won') {
        f.won += 1;
        winners.push({ orderId: r.orderId!, seats: r.pair });
        for (const s of r.pair) held.set(`${s.row}:${s.column}`, (held.get(`${s.row}:${s.column}`) ?? 0) + 1);
      } else if (r.outcome === 'lost') f.lost += 1;
      else if (r.outcome === 'SERVICE_UNAVAILABLE' || r.outcome === 'HTTP 503') f.unavailable += 1;
      else f.failed.push(r.outcome);
    }
    f.doubleWins += [...held.values()].filter((n) => n > 1).length;
    // At once, before the holds can expire: each winner's seats are its order's active claims.
    const claims = await sql<{ order_id: number; row: number; column: number }[]>`
      select order_id, "row", "column" from seat_claims
      where showtime_id = ${showtimeId} and status in ('held', 'sold') and order_id = any(${winners.map((w) => w.orderId)}::int[])`;
    const byOrder = new Set(claims.map((c) => `${c.order_id}:${c.row}:${c.column}`));
    f.unrecorded += winners.filter((w) => w.seats.some((s) => !byOrder.has(`${w.orderId}:${s.row}:${s.column}`))).length;
  }
  f.ms = Date.now() - started;
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from (select 1 from seat_claims where status in ('held', 'sold')
    group by showtime_id, "row", "column" having count(*) > 1) d`;
  f.doubleClaims = n;
  return f;
}

async function createOrder(c: ClientHost, proxy: string, headers: Record<string, string>, viaGraphql: boolean): Promise<number | null> {
  if (viaGraphql) {
    const r = await c.graphql(proxy, CREATE, {}, headers);
    return (r.body?.data?.createOrder?.id as number | undefined) ?? null;
  }
  const r = await c.request(proxy, 'POST', '/v2/orders', {}, headers);
  return r.status === 201 ? (r.body.id as number) : null;
}

function outcomeOf(status: number, body: Json, viaGraphql: boolean): string {
  if (viaGraphql) {
    if (status === 200 && body?.data?.addTickets) return 'won';
    const code = String(body?.errors?.[0]?.extensions?.code ?? `HTTP ${status}`);
    return code === 'SEAT_UNAVAILABLE' ? 'lost' : code;
  }
  if (status === 201) return 'won';
  return status === 409 ? 'lost' : `HTTP ${status}`;
}

export function raceCheck(f: RaceFigures): Check {
  const served = [...f.servedBy.entries()].sort().map(([k, n]) => `${k || '?'} ${n}`).join(', ');
  return {
    name: '1. seat race through the proxy: nothing double-sold',
    ok: f.won > 0 && f.lost > 0 && f.failed.length === 0 && f.doubleWins === 0 && f.unrecorded === 0 && f.doubleClaims === 0,
    detail: `${f.rounds} rounds, ${f.attempts} holds raced (GraphQL and REST; served by ${served}): ${f.won} won, ${f.lost} refused as taken, ` +
      `${f.unavailable} 503, ${f.failed.length} failed${f.failed.length ? ` (${[...new Set(f.failed)].slice(0, 3).join(', ')})` : ''}; ` +
      `${f.doubleWins} seats told to two winners, ${f.unrecorded} wins not the order's claims in seat_claims right after the round, ${f.doubleClaims} seats with two active claims in the primary`,
  };
}
