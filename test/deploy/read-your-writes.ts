import type { Check } from '../faults/checks';
import type { ClientHost, Json } from './client';

const CREATE = `mutation { createOrder(input: {}) { id } }`;
const HOLD = `mutation($input: AddTicketsInput!) { addTickets(input: $input) { id } }`;
const READ = `query($id: Int!) { order(id: $id) { id status products { showtimeId row column status } } }`;

type Seat = { row: number; column: number };

export interface RywFigures {
  orders: number;
  /** Reads (through an instance other than the writer's) that did not show the write. */
  stale: string[];
  /** Writes that failed (a failure of the run, not of the property). */
  failedWrites: string[];
  readMs: number[];
}

/**
 * Read-your-writes for orders: an order is created and a seat held through one instance, and at once read
 * through another (REST and GraphQL in turn), with a replica behind both: the read must show the hold.
 * Orders are read on the primary, so a replica's lag never shows here.
 */
export async function readYourWrites(
  client: ClientHost,
  instances: string[],
  vendorKey: string,
  showtimeId: number,
  seats: Seat[],
): Promise<RywFigures> {
  const headers = { 'x-vendor-key': vendorKey };
  const f: RywFigures = { orders: 0, stale: [], failedWrites: [], readMs: [] };
  for (const [i, seat] of seats.entries()) {
    const writer = instances[i % instances.length];
    const reader = instances[(i + 1) % instances.length];
    const viaGraphql = i % 2 === 0;
    let orderId: number | null = null;
    let held = false;
    if (viaGraphql) {
      const created = await client.graphql(writer, CREATE, {}, headers);
      orderId = (created.body?.data?.createOrder?.id as number | undefined) ?? null;
      if (orderId !== null) {
        const answer = await client.graphql(writer, HOLD, { input: { orderId, showtimeId, seats: [seat] } }, headers);
        held = !!answer.body?.data?.addTickets;
        if (!held) f.failedWrites.push(`hold ${JSON.stringify(answer.body?.errors?.[0]?.extensions?.code ?? answer.status)}`);
      }
    } else {
      const created = await client.request(writer, 'POST', '/v2/orders', {}, headers);
      orderId = created.status === 201 ? (created.body.id as number) : null;
      if (orderId !== null) {
        const answer = await client.request(writer, 'POST', `/v2/orders/${orderId}/products`, { showtimeId, seats: [seat] }, headers);
        held = answer.status === 201;
        if (!held) f.failedWrites.push(`hold HTTP ${answer.status}`);
      }
    }
    if (orderId === null) f.failedWrites.push('create');
    if (orderId === null || !held) continue;
    f.orders += 1;
    const started = Date.now();
    const products: Json[] = viaGraphql
      ? ((await client.graphql(reader, READ, { id: orderId }, headers)).body?.data?.order?.products ?? [])
      : ((await client.request(reader, 'GET', `/v2/orders/${orderId}`, undefined, headers)).body?._embedded?.products ?? []);
    f.readMs.push(Date.now() - started);
    const shown = products.some((p: Json) => p.showtimeId === showtimeId && p.row === seat.row && p.column === seat.column);
    if (!shown) f.stale.push(`order ${orderId} (${viaGraphql ? 'GraphQL' : 'REST'}, written on ${writer}, read on ${reader})`);
    // Give the seat back, so the seat maps and the race are not crowded by these.
    await client.request(writer, 'DELETE', `/v2/orders/${orderId}`, undefined, headers);
  }
  return f;
}

export function rywCheck(f: RywFigures): Check {
  const sorted = [...f.readMs].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    name: '5. read-your-writes for orders across instances',
    ok: f.orders > 0 && f.stale.length === 0 && f.failedWrites.length === 0,
    detail: `${f.orders} orders held through one instance and read at once through another (GraphQL and REST in turn): ` +
      `${f.orders - f.stale.length} showed the hold${f.stale.length ? `; stale: ${f.stale.slice(0, 3).join(', ')}` : ''}` +
      `${f.failedWrites.length ? `; ${f.failedWrites.length} writes failed (${f.failedWrites.slice(0, 3).join(', ')})` : ''}; read p50 ${p(0.5)} ms, max ${sorted.at(-1) ?? 0} ms`,
  };
}
