import type postgres from 'postgres';
import { signAccountToken } from '../../src/auth/principal';
import { useTestApp, type TestApp } from './app';
import { pickShowtimes, VENDOR, type ShowtimeFixture } from './orders';

/**
 * The shared setup of the Orders v2 REST tests (rest-orders-*.test.ts): each file calls
 * `useRestOrders()` once at its top level, which starts its own app over its own database copy, picks
 * the showtimes and two site accounts, and returns the HTTP/SQL helpers those tests use.
 */

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export interface Res {
  status: number;
  body: Json;
  headers: Headers;
}

export const cents = (n: number) => Math.round(n * 100);

/** Expects a status; on a mismatch the body is in the failure message. */
export function expectStatus(res: Res, status: number): Json {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The chain's error body with the catalog's code. */
export function expectError(res: Res, status: number, code: number, message?: RegExp) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { errors: [{ code, message: expect.any(String) }] } });
  if (message) expect(res.body.errors[0].message).toMatch(message);
  expect(JSON.stringify(res.body)).not.toMatch(/select |from "|at .*\.ts|stack/i);
}

export interface RestOrders {
  /** app, sql, shows and accounts are set in the file's first beforeAll. */
  app: TestApp;
  sql: postgres.Sql;
  shows: ShowtimeFixture[];
  accounts: number[];
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Res>;
  bearer(who: string): { authorization: string };
  rel(name: string): string;
  pathOf(href: string): string;
  createOrder(body?: Json, headers?: Record<string, string>): Promise<Json>;
  addSeats(orderId: number, st: ShowtimeFixture, seats: { row: number; column: number }[], headers?: Record<string, string>): Promise<Json>;
  /** Statuses of seats on the v3 seat map of the showtime's performance. */
  seatStatuses(showtimeId: number, seats: { row: number; column: number }[]): Promise<string[]>;
  /** Row counts of everything an order write can touch (to prove a rejected request wrote nothing). */
  footprint(): Promise<string>;
}

/** Registers the file's beforeAll/afterAll (own app, 6 showtimes, 2 accounts) and returns the helpers. */
export function useRestOrders(): RestOrders {
  const tokens: Record<string, string> = {};
  const t = {} as RestOrders;
  ({ app: t.app, sql: t.sql } = useTestApp());

  beforeAll(async () => {
    t.shows = await pickShowtimes(t.sql, 6, 20);
    t.accounts = (await t.sql<{ id: number }[]>`select id from site_accounts order by id limit 2`).map((r) => r.id);
    expect(t.accounts).toHaveLength(2);
    tokens.owner = await signAccountToken(t.app.config.JWT_SECRET, t.accounts[0]);
    tokens.other = await signAccountToken(t.app.config.JWT_SECRET, t.accounts[1]);
    tokens.admin = await signAccountToken(t.app.config.JWT_SECRET, t.accounts[1], { admin: true });
  });

  t.call = (method, path, body, headers = VENDOR) => t.app.request<Json>(method, path, body, headers) as Promise<Res>;
  t.bearer = (who) => ({ authorization: `Bearer ${tokens[who]}` });
  t.rel = (name) => `${t.app.url}/rels/${name}`;
  t.pathOf = (href) => href.slice(t.app.url.length);

  t.createOrder = async (body = {}, headers = VENDOR) => expectStatus(await t.call('POST', '/v2/orders', body, headers), 201);

  t.addSeats = async (orderId, st, seats, headers = VENDOR) =>
    expectStatus(await t.call('POST', `/v2/orders/${orderId}/products`, { showtimeId: st.showtimeId, seats }, headers), 201);

  t.seatStatuses = async (showtimeId, seats) => {
    const showtime = expectStatus(await t.app.get<Json>(`/v2/showtimes/${showtimeId}`), 200);
    const map = expectStatus(await t.app.get<Json>(`/v3/seating-layouts/${showtime.theatreId}/${showtime.performanceNumber}`), 200);
    return seats.map((s) => map.seats.find((m: Json) => m.row === s.row && m.column === s.column)?.seatStatus);
  };

  t.footprint = async () => {
    const [r] = await t.sql`
      select (select count(*) from orders) o, (select count(*) from order_products) p,
             (select count(*) from order_payments) pay, (select count(*) from seat_claims) c,
             (select count(*) from order_product_modifiers) m, (select count(*) from order_refunds) r,
             (select count(*) from sms_confirmations) s, (select max(updated_at) from orders) u,
             (select string_agg(status || ':' || quantity || ':' || cost, ',' order by id) from order_products) ps,
             (select string_agg(coalesce(email, '-'), ',' order by id) from orders) e`;
    return JSON.stringify(r);
  };

  return t;
}
