import type { SideResult, Surface } from './hold-surface';
import { percentile, post, short, type Json } from './http';

/**
 * Best-available holds (issue 26) in the holds bench (bench/holds.ts): the same cycle — create an order,
 * hold 2 seats, cancel — by the same clients on the same showtimes, but the service chooses the seats
 * (`addBestAvailableTickets` / `bestAvailable` with quantity 2). Every allocation of a showtime waits for
 * the one before it (the showtime's hold lock), so the hot showtimes serialize their holds; explicit holds
 * of random seats do not wait for each other unless they want the same seat.
 */

const BEST = 'mutation($input: AddBestAvailableTicketsInput!) { addBestAvailableTickets(input: $input) { id } }';

/** The cycle of `explicit` (its create and cancel) with a best-available hold of 2 seats through `surface`. */
export function withBestAvailableHold(explicit: Surface, appUrl: string, surface: 'graphql' | 'rest'): Surface {
  if (surface === 'graphql') {
    return {
      ...explicit,
      name: 'GraphQL best available: createOrder → addBestAvailableTickets(quantity 2) → cancelOrder',
      async hold(orderId, showtimeId) {
        const r = (await post(`${appUrl}/graphql`, { query: BEST, variables: { input: { orderId, showtimeId, quantity: 2 } } })).json as Json;
        if (r.data?.addBestAvailableTickets) return 'held';
        return r.errors?.[0]?.extensions?.code === 'SEAT_UNAVAILABLE' ? 'lost' : { error: short(r.errors ?? r) };
      },
    };
  }
  return {
    ...explicit,
    name: 'REST best available: POST /v2/orders → POST …/products {bestAvailable: {quantity: 2}} → DELETE /v2/orders/{id}',
    async hold(orderId, showtimeId) {
      const r = await post(`${appUrl}/v2/orders/${orderId}/products`, { showtimeId, bestAvailable: { quantity: 2 } });
      if (r.status === 201) return 'held';
      return r.status === 409 ? 'lost' : { error: `${r.status} ${short(r.json)}` };
    },
  };
}

/** Statements of a best-available hold of 2 seats (one client, no contention), GraphQL selecting `id` and REST. */
export async function sampleBestAvailableStatements(appUrl: string, showtimeId: number): Promise<{ graphql: string; rest: string }> {
  const create = async () => ((await post(`${appUrl}/v2/orders`, {})).json as { id: number }).id;
  await post(`${appUrl}/graphql`, { query: '{ __typename }' });
  const g = await create();
  const graphql = await post(`${appUrl}/graphql`, { query: BEST, variables: { input: { orderId: g, showtimeId, quantity: 2 } } });
  const r = await create();
  const rest = await post(`${appUrl}/v2/orders/${r}/products`, { showtimeId, bestAvailable: { quantity: 2 } });
  for (const id of [g, r]) await post(`${appUrl}/v2/orders/${id}`, undefined, 'DELETE');
  if ((graphql.json as Json).errors || rest.status !== 201) throw new Error(`best-available sample failed: ${short([graphql.json, rest.json])}`);
  return { graphql: graphql.statements ?? '?', rest: rest.statements ?? '?' };
}

const perSecond = (r: SideResult, n: number) => n / r.seconds;
const ms = (values: number[], p: number) => {
  const v = percentile([...values].sort((a, b) => a - b), p);
  return Number.isFinite(v) ? v.toFixed(1) : '–';
};

/** The ratio of best-available holds to explicit holds, per surface, as markdown lines. */
export function bestAvailableRatios(pairs: { surface: string; explicit: SideResult; best: SideResult }[]): string[] {
  return [
    'Best-available holds against explicit holds (the same clients, showtimes and rounds; the best-available side divided by the explicit side of the same surface). ' +
      'Holds/s counts holds that succeeded: explicit holds of random seats of the hot set lose some to each other (SEAT_UNAVAILABLE), best-available ones wait for each other instead; cycles/s counts every attempt.',
    '',
    '| surface | explicit holds/s | best-available holds/s | holds ratio | explicit cycles/s | best-available cycles/s | cycles ratio | explicit hold p50 / p99 ms | best-available hold p50 / p99 ms | best-available SEAT_UNAVAILABLE/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pairs.map(({ surface, explicit, best }) => {
      const e = perSecond(explicit, explicit.holds);
      const b = perSecond(best, best.holds);
      const ec = perSecond(explicit, explicit.cycles);
      const bc = perSecond(best, best.cycles);
      return (
        `| ${surface} | ${e.toFixed(0)} | ${b.toFixed(0)} | ${(b / e).toFixed(2)}× | ${ec.toFixed(0)} | ${bc.toFixed(0)} | ${(bc / ec).toFixed(2)}× | ` +
        `${ms(explicit.holdLatencies, 50)} / ${ms(explicit.holdLatencies, 99)} | ${ms(best.holdLatencies, 50)} / ${ms(best.holdLatencies, 99)} | ${perSecond(best, best.rejected).toFixed(0)} |`
      );
    }),
  ];
}
