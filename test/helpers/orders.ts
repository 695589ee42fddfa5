import postgres from 'postgres';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { VENDOR, type TestApp } from './app';

/** Fixture builders and clients for order and seat-map tests (HTTP, SQL, graphql-ws). */

export { OTHER_VENDOR, VENDOR } from './app';

/** Loyalty card of demo account 1 (Premiere). */
export const PREMIERE_CARD = 'PREM000000000001';

export const ORDER_FIELDS = `id token status total subtotal paid taxTotal feeTotal balanceDue expirationDateUtc
  links { canFulfill canRefund canAddPayments }
  products { lineNumber kind status showtimeId row column seatName cost tax total confirmationCode
    fees { name cost total waived waivedReason } links { smsTicketConfirmation } }
  payments { lineNumber type amount status cardNumber }`;

export interface SeatRef {
  row: number;
  column: number;
  seatName: string;
}

export interface ShowtimeFixture {
  showtimeId: number;
  /** Sellable Regular seats (CanReserve, Regular tier), row by row. */
  regular: SeatRef[];
  premiere: SeatRef[];
  notASeat: { row: number; column: number } | null;
  blocked: { row: number; column: number } | null;
}

/** A one-connection SQL client on the app's database (for checks and fixture lookups). */
export const sqlOf = (app: TestApp) => postgres(app.databaseUrl, { max: 2, onnotice: () => undefined });

/**
 * Future, sellable showtimes (not canceled, no social distancing, on sale for at least a day) whose
 * layout has Premiere seats, an aisle and a blocked seat, skipping `skip` of them (so tests in one
 * file can use different showtimes).
 */
export async function pickShowtimes(sql: postgres.Sql, count: number, skip = 0): Promise<ShowtimeFixture[]> {
  const rows = await sql<{ id: number; layout_version_id: number }[]>`
    select s.id, s.layout_version_id from showtimes s
    join showtime_ticket_prices p on p.showtime_id = s.id and p.type = 'ADULT'
    where s.sell_until_date_time_utc > now() + interval '1 day' and not s.is_canceled
      and not s.social_distancing and not s.in_theatre_ticketing_only
      and exists (select 1 from layout_seats l where l.layout_version_id = s.layout_version_id and l.tier = 'Premiere')
      and exists (select 1 from layout_seats l where l.layout_version_id = s.layout_version_id and l.type = 'NotASeat')
    order by s.id limit ${count} offset ${skip}`;
  if (rows.length < count) throw new Error(`seed has only ${rows.length} suitable showtimes`);
  const out: ShowtimeFixture[] = [];
  for (const r of rows) {
    const seats = await sql<{ row: number; column: number; seat_name: string; type: string; tier: string }[]>`
      select "row", "column", seat_name, type, tier from layout_seats
      where layout_version_id = ${r.layout_version_id} order by "row", "column"`;
    const ref = (s: (typeof seats)[number]) => ({ row: s.row, column: s.column, seatName: s.seat_name });
    const aisle = seats.find((s) => s.type === 'NotASeat');
    const blocked = seats.find((s) => s.type === 'Blocked');
    out.push({
      showtimeId: r.id,
      regular: seats.filter((s) => s.type === 'CanReserve' && s.tier === 'Regular').map(ref),
      premiere: seats.filter((s) => s.tier === 'Premiere' && s.type !== 'NotASeat' && s.type !== 'Blocked').map(ref),
      notASeat: aisle ? { row: aisle.row, column: aisle.column } : null,
      blocked: blocked ? { row: blocked.row, column: blocked.column } : null,
    });
  }
  return out;
}

/** Active claims (held or sold) of a showtime, as `row:column` → order id and status. */
export async function activeClaims(sql: postgres.Sql, showtimeId: number) {
  const rows = await sql<{ row: number; column: number; order_id: number | null; status: string }[]>`
    select "row", "column", order_id, status from seat_claims
    where showtime_id = ${showtimeId} and status in ('held', 'sold')`;
  return new Map(rows.map((r) => [`${r.row}:${r.column}`, { orderId: r.order_id, status: r.status }]));
}

export const seatsOf = (seats: readonly SeatRef[]) => seats.map((s) => ({ row: s.row, column: s.column }));

type Gql = TestApp['gql'];

/** Runs a mutation that must succeed; returns its field. */
export async function must<T = Record<string, unknown>>(
  gql: Gql,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = VENDOR,
): Promise<T> {
  const res = await gql<Record<string, T>>(query, variables, headers);
  if (res.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors)}`);
  return Object.values(res.data!)[0];
}

export interface OrderShape {
  id: number;
  token: string;
  status: string;
  total: number;
  subtotal: number;
  paid: number;
  taxTotal: number;
  feeTotal: number;
  balanceDue: number;
  expirationDateUtc: string | null;
  links: { canFulfill: boolean; canRefund: boolean; canAddPayments: boolean };
  products: {
    lineNumber: number;
    kind: string;
    status: string;
    showtimeId: number | null;
    row: number | null;
    column: number | null;
    seatName: string | null;
    cost: number;
    tax: number;
    total: number;
    confirmationCode: string | null;
    fees: { name: string; cost: number; total: number; waived: boolean; waivedReason: string | null }[];
    links: { smsTicketConfirmation: boolean };
  }[];
  payments: { lineNumber: number; type: string; amount: number; status: string; cardNumber: string | null }[];
}

export const M = {
  create: `mutation($input: CreateOrderInput!) { createOrder(input: $input) { ${ORDER_FIELDS} } }`,
  addTickets: `mutation($input: AddTicketsInput!) { addTickets(input: $input) { ${ORDER_FIELDS} } }`,
  addPayment: `mutation($input: AddPaymentInput!) { addPayment(input: $input) { ${ORDER_FIELDS} } }`,
  fulfil: `mutation($id: Int!) { fulfillOrder(orderId: $id) { ${ORDER_FIELDS} } }`,
  cancel: `mutation($id: Int!) { cancelOrder(orderId: $id) { ${ORDER_FIELDS} } }`,
  refund: `mutation($input: RefundOrderInput!) { refundOrder(input: $input) { ${ORDER_FIELDS} } }`,
  remove: `mutation($id: Int!, $line: Int!) { removeOrderProduct(orderId: $id, lineNumber: $line) { ${ORDER_FIELDS} } }`,
  refresh: `mutation($id: Int!) { refreshOrderExpiration(orderId: $id) { ${ORDER_FIELDS} } }`,
};

/** Creates an order and holds `seats` on it; returns the order. */
export async function holdSeats(
  gql: Gql,
  showtimeId: number,
  seats: readonly { row: number; column: number }[],
  headers: Record<string, string> = VENDOR,
  create: Record<string, unknown> = {},
): Promise<OrderShape> {
  const order = await must<OrderShape>(gql, M.create, { input: create }, headers);
  return must<OrderShape>(gql, M.addTickets, { input: { orderId: order.id, showtimeId, seats } }, headers);
}

/** Pays the balance of an order and fulfils it. */
export async function payAndFulfil(gql: Gql, order: OrderShape, headers: Record<string, string> = VENDOR): Promise<OrderShape> {
  const paid = await must<OrderShape>(
    gql,
    M.addPayment,
    { input: { orderId: order.id, type: 'CREDIT_CARD', amount: order.balanceDue, cardNumber: '4111111111111111' } },
    headers,
  );
  return must<OrderShape>(gql, M.fulfil, { id: paid.id }, headers);
}

export interface SeatEvent {
  showtimeId: number;
  seats: { row: number; column: number; seatStatus: string; available: boolean }[];
}

/**
 * A graphql-ws subscriber of one showtime's seat map. `ready` resolves on the first message (the
 * whole current map), so everything done afterwards is seen. `next(pred)` waits for a matching event.
 */
export interface SeatWatcher {
  events: SeatEvent[];
  ready: Promise<SeatEvent>;
  next(pred: (e: SeatEvent) => boolean, timeoutMs?: number): Promise<SeatEvent>;
  close(): Promise<void>;
  client: Client;
}

export function watchSeats(
  baseUrl: string,
  showtimeId: number,
  connectionParams: Record<string, string> = {},
): SeatWatcher {
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
  const events: SeatEvent[] = [];
  const waiters: { pred: (e: SeatEvent) => boolean; resolve: (e: SeatEvent) => void }[] = [];
  let failed: unknown = null;
  let cursor = 1;
  let readyResolve!: (e: SeatEvent) => void;
  let readyReject!: (e: unknown) => void;
  const ready = new Promise<SeatEvent>((res, rej) => {
    readyResolve = res;
    readyReject = rej;
  });
  const dispose = client.subscribe<{ seatStatusChanged: SeatEvent }>(
    {
      query: `subscription($id: Int!) { seatStatusChanged(showtimeId: $id) { showtimeId seats { row column seatStatus available } } }`,
      variables: { id: showtimeId },
    },
    {
      next: (msg) => {
        if (msg.errors?.length) {
          failed = msg.errors;
          readyReject(msg.errors);
          return;
        }
        const e = msg.data!.seatStatusChanged;
        if (events.length === 0) readyResolve(e);
        events.push(e);
        if (events.length === 1) return;
        for (const w of [...waiters]) {
          if (w.pred(e)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      },
      error: (err) => {
        failed = err;
        readyReject(err);
      },
      complete: () => undefined,
    },
  );
  return {
    events,
    ready,
    client,
    next(pred, timeoutMs = 5000) {
      // Only events after the one the previous next() matched (the first message is the snapshot).
      const from = Math.max(cursor, 1);
      const i = events.findIndex((e, k) => k >= from && pred(e));
      if (i >= 0) {
        cursor = i + 1;
        return Promise.resolve(events[i]);
      }
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        const w = {
          pred,
          resolve: (e: SeatEvent) => {
            cursor = events.length;
            resolve(e);
          },
        };
        waiters.push(w);
        setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) {
            waiters.splice(i, 1);
            reject(new Error(`no matching seat event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(1))}`));
          }
        }, timeoutMs).unref();
      });
    },
    async close() {
      dispose();
      await client.dispose();
    },
  };
}

/** The status a seat has in an event, if the event carries it. */
export const statusIn = (e: SeatEvent, seat: { row: number; column: number }) =>
  e.seats.find((s) => s.row === seat.row && s.column === seat.column)?.seatStatus;

/** True when the event shows every given seat with `status`. */
export const showsAll = (seats: readonly { row: number; column: number }[], status: string) => (e: SeatEvent) =>
  seats.every((s) => statusIn(e, s) === status);
