import fc from 'fast-check';
import { expireDueOrders } from '../../src/services/order';
import { useTestApp } from '../helpers/app';
import { M, pickShowtimes, VENDOR, type OrderShape, type ShowtimeFixture } from '../helpers/orders';

/**
 * Random sequences of hold / remove / pay / fulfil / cancel / expire / refund against a small model
 * of orders and seats. After every step the server's answer (success or error code) must be the
 * model's, the active claims in SQL must be exactly the model's owners (so at most one per seat),
 * and order statuses must match.
 */

type Line = { line: number; seat: number; status: 'Held' | 'Fulfilled' | 'Refunded' | 'Cancelled' | 'Abandoned' };
type MOrder = {
  id: number;
  status: 'Pending' | 'Fulfilled' | 'PartialyRefunded' | 'Refunded' | 'Cancelled' | 'Abandonded';
  lines: Line[];
  paidCents: number;
};

type Action =
  | { t: 'hold'; o: number; seats: number[] }
  | { t: 'remove'; o: number; l: number }
  | { t: 'pay'; o: number }
  | { t: 'fulfil'; o: number }
  | { t: 'cancel'; o: number }
  | { t: 'expire'; o: number }
  | { t: 'refund'; o: number; partial: boolean };

const POOL = 4;
const MAX_ORDERS = 4;
const ord = fc.nat({ max: MAX_ORDERS });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('hold' as const), o: ord, seats: fc.uniqueArray(fc.nat({ max: POOL - 1 }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('remove' as const), o: ord, l: fc.nat({ max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('pay' as const), o: ord }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('fulfil' as const), o: ord }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('cancel' as const), o: ord }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const), o: ord }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('refund' as const), o: ord, partial: fc.boolean() }) },
);

let st: ShowtimeFixture;

const { app, sql } = useTestApp();
beforeAll(async () => {
  [st] = await pickShowtimes(sql, 1, 40);
});

const seatOf = (i: number) => ({ row: st.regular[i].row, column: st.regular[i].column });

async function call(query: string, variables: Record<string, unknown>): Promise<{ ok: true; order: OrderShape } | { ok: false; code: string }> {
  const res = await app.gql<Record<string, OrderShape>>(query, variables, VENDOR);
  if (res.errors?.length) return { ok: false, code: String(res.errors[0].extensions?.code) };
  return { ok: true, order: Object.values(res.data!)[0] };
}

const closedCode = (o: MOrder) => (o.status === 'Abandonded' ? 'ORDER_EXPIRED' : 'ORDER_STATE');

it('holds, sales, releases and refunds always match the model', async () => {
  let unitCents = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(actionArb, { minLength: 1, maxLength: 14 }), async (actions) => {
      await sql`delete from seat_claims where showtime_id = ${st.showtimeId}`;
      const orders: MOrder[] = [];
      const owner = (seat: number) => orders.find((o) => o.lines.some((l) => l.seat === seat && (l.status === 'Held' || l.status === 'Fulfilled')));

      for (const a of actions) {
        if (a.t === 'hold') {
          let o = orders[a.o];
          if (!o) {
            const created = await call(M.create, { input: {} });
            if (!created.ok) throw new Error(created.code);
            o = { id: created.order.id, status: 'Pending', lines: [], paidCents: 0 };
            orders.push(o);
          }
          const res = await call(M.addTickets, { input: { orderId: o.id, showtimeId: st.showtimeId, seats: a.seats.map(seatOf) } });
          const expected = o.status !== 'Pending' ? closedCode(o) : a.seats.some((s) => owner(s)) ? 'SEAT_UNAVAILABLE' : 'ok';
          expect([a, res.ok ? 'ok' : res.code]).toEqual([a, expected]);
          if (res.ok) {
            const first = o.lines.length + 1;
            a.seats.forEach((seat, i) => o.lines.push({ line: first + i, seat, status: 'Held' }));
            unitCents ||= Math.round(res.order.products[0].total * 100);
          }
        } else {
          const o = orders[a.o];
          if (!o) continue;
          const held = o.lines.filter((l) => l.status === 'Held');
          const fulfilled = o.lines.filter((l) => l.status === 'Fulfilled');
          if (a.t === 'remove') {
            const line = o.lines[a.l];
            if (!line) continue;
            const res = await call(M.remove, { id: o.id, line: line.line });
            const expected = o.status !== 'Pending' ? closedCode(o) : line.status !== 'Held' ? 'ORDER_STATE' : 'ok';
            expect([a, res.ok ? 'ok' : res.code]).toEqual([a, expected]);
            if (res.ok) line.status = 'Cancelled';
          } else if (a.t === 'pay') {
            const due = held.length * unitCents - o.paidCents;
            if (o.status !== 'Pending' || due <= 0) continue;
            const res = await call(M.addPayment, { input: { orderId: o.id, type: 'GIFT_CARD', amount: due / 100 } });
            expect([a, res.ok ? 'ok' : res.code]).toEqual([a, 'ok']);
            o.paidCents += due;
          } else if (a.t === 'fulfil') {
            const res = await call(M.fulfil, { id: o.id });
            const expected =
              o.status !== 'Pending'
                ? closedCode(o)
                : held.length === 0
                  ? 'ORDER_STATE'
                  : o.paidCents < held.length * unitCents
                    ? 'PAYMENT_REQUIRED'
                    : 'ok';
            expect([a, res.ok ? 'ok' : res.code]).toEqual([a, expected]);
            if (res.ok) {
              o.status = 'Fulfilled';
              held.forEach((l) => (l.status = 'Fulfilled'));
            }
          } else if (a.t === 'cancel') {
            const res = await call(M.cancel, { id: o.id });
            expect([a, res.ok ? 'ok' : res.code]).toEqual([a, o.status === 'Pending' ? 'ok' : closedCode(o)]);
            if (res.ok) {
              o.status = 'Cancelled';
              held.forEach((l) => (l.status = 'Cancelled'));
            }
          } else if (a.t === 'expire') {
            await sql`update orders set expires_at = now() - interval '1 second' where id = ${o.id} and status = 'Pending'`;
            await expireDueOrders(app.database.db);
            if (o.status === 'Pending') {
              o.status = 'Abandonded';
              held.forEach((l) => (l.status = 'Abandoned'));
            }
          } else if (a.t === 'refund') {
            const lines = a.partial ? fulfilled.slice(0, 1) : fulfilled;
            const res = await call(M.refund, {
              input: { orderId: o.id, reason: 'WrongTime', lineNumbers: a.partial && lines.length ? lines.map((l) => l.line) : null },
            });
            const refundable = o.status === 'Fulfilled' || o.status === 'PartialyRefunded';
            expect([a, res.ok ? 'ok' : res.code]).toEqual([a, refundable && fulfilled.length > 0 ? 'ok' : 'ORDER_STATE']);
            if (res.ok) {
              lines.forEach((l) => (l.status = 'Refunded'));
              o.status = o.lines.some((l) => l.status === 'Fulfilled') ? 'PartialyRefunded' : 'Refunded';
            }
          }
        }

        // The database agrees with the model after every step.
        const claims = await sql<{ row: number; column: number; order_id: number; status: string }[]>`
          select "row", "column", order_id, status from seat_claims
          where showtime_id = ${st.showtimeId} and status in ('held', 'sold') order by "row", "column"`;
        const expectedClaims = [...Array(POOL).keys()]
          .map((seat) => ({ seat, o: owner(seat) }))
          .filter((x) => x.o)
          .map(({ seat, o }) => ({
            ...seatOf(seat),
            order_id: o!.id,
            status: o!.lines.find((l) => l.seat === seat && (l.status === 'Held' || l.status === 'Fulfilled'))!.status === 'Held' ? 'held' : 'sold',
          }))
          .sort((x, y) => x.row - y.row || x.column - y.column);
        expect(claims.map((c) => ({ ...c }))).toEqual(expectedClaims);
        if (orders.length) {
          const rows = await sql<{ id: number; status: string }[]>`
            select id, status from orders where id in ${sql(orders.map((o) => o.id))} order by id`;
          expect(rows.map((r) => [r.id, r.status])).toEqual(orders.map((o) => [o.id, o.status]).sort((x, y) => Number(x[0]) - Number(y[0])));
        }
      }
    }),
    { numRuns: 25, seed: 20261122, endOnFailure: true },
  );
}, 120_000);
