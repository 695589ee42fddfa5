import type postgres from 'postgres';
import { signAccountToken } from '../../src/auth/principal';
import { startTestApp, type TestApp } from '../helpers/app';
import { OTHER_VENDOR, pickShowtimes, PREMIERE_CARD, seatsOf, sqlOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';
import { shapeProblems, type ShapeSpec } from '../helpers/shape';

/**
 * Orders v2 over REST (real HTTP, real Postgres): the lifecycle with the seat map, reads by id, token
 * and account, every write path, the error statuses with the chain's error body, and (via SQL) that a
 * rejected request wrote nothing.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Res {
  status: number;
  body: Json;
  headers: Headers;
}

let app: TestApp;
let sql: postgres.Sql;
let shows: ShowtimeFixture[];
let accounts: number[];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  sql = sqlOf(app);
  shows = await pickShowtimes(sql, 6, 20);
  accounts = (await sql<{ id: number }[]>`select id from site_accounts order by id limit 2`).map((r) => r.id);
  expect(accounts).toHaveLength(2);
  tokens.owner = await signAccountToken(app.config.JWT_SECRET, accounts[0]);
  tokens.other = await signAccountToken(app.config.JWT_SECRET, accounts[1]);
  tokens.admin = await signAccountToken(app.config.JWT_SECRET, accounts[1], { admin: true });
});
afterAll(async () => {
  await sql?.end();
  await app?.close();
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = VENDOR) =>
  app.request<Json>(method, path, body, headers) as Promise<Res>;
const bearer = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });
const rel = (name: string) => `${app.url}/rels/${name}`;
const pathOf = (href: string) => href.slice(app.url.length);
const cents = (n: number) => Math.round(n * 100);

/** Expects a status; on a mismatch the body is in the failure message. */
function expectStatus(res: Res, status: number): Json {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The chain's error body with the catalog's code. */
function expectError(res: Res, status: number, code: number, message?: RegExp) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { errors: [{ code, message: expect.any(String) }] } });
  if (message) expect(res.body.errors[0].message).toMatch(message);
  expect(JSON.stringify(res.body)).not.toMatch(/select |from "|at .*\.ts|stack/i);
}

async function createOrder(body: Json = {}, headers: Record<string, string> = VENDOR): Promise<Json> {
  return expectStatus(await call('POST', '/v2/orders', body, headers), 201);
}

async function addSeats(orderId: number, st: ShowtimeFixture, seats: { row: number; column: number }[], headers = VENDOR): Promise<Json> {
  return expectStatus(await call('POST', `/v2/orders/${orderId}/products`, { showtimeId: st.showtimeId, seats }, headers), 201);
}

/** Statuses of seats on the v3 seat map of the showtime's performance. */
async function seatStatuses(showtimeId: number, seats: { row: number; column: number }[]): Promise<string[]> {
  const showtime = expectStatus(await app.get<Json>(`/v2/showtimes/${showtimeId}`), 200);
  const map = expectStatus(await app.get<Json>(`/v3/seating-layouts/${showtime.theatreId}/${showtime.performanceNumber}`), 200);
  return seats.map((s) => map.seats.find((m: Json) => m.row === s.row && m.column === s.column)?.seatStatus);
}

/** Row counts of everything an order write can touch (to prove a rejected request wrote nothing). */
async function footprint(): Promise<string> {
  const [r] = await sql`
    select (select count(*) from orders) o, (select count(*) from order_products) p,
           (select count(*) from order_payments) pay, (select count(*) from seat_claims) c,
           (select count(*) from order_product_modifiers) m, (select count(*) from order_refunds) r,
           (select count(*) from sms_confirmations) s, (select max(updated_at) from orders) u,
           (select string_agg(status || ':' || quantity || ':' || cost, ',' order by id) from order_products) ps,
           (select string_agg(coalesce(email, '-'), ',' order by id) from orders) e`;
  return JSON.stringify(r);
}

describe('the order lifecycle over REST', () => {
  it('create → tickets (Locked) → pay → fulfillment link → fulfil (Sold) → SMS recorded → refund (Available)', async () => {
    const st = shows[0];
    const seats = seatsOf(st.regular.slice(0, 3));
    expect(await seatStatuses(st.showtimeId, seats)).toEqual(['Available', 'Available', 'Available']);

    const created = await call('POST', '/v2/orders', { email: 'guest@example.com', vendorTransactionId: 'vt-1' });
    const order = expectStatus(created, 201);
    expect(created.headers.get('location')).toBe(`${app.url}/v2/orders/${order.id}`);
    expect(order).toMatchObject({ status: 'Pending', email: 'guest@example.com', vendorTransactionId: 'vt-1', total: 0, paid: 0 });
    expect(order._links.self.href).toBe(`${app.url}/v2/orders/${order.id}`);
    expect(order._links[rel('v2/order-products')]).toEqual({ href: `${app.url}/v2/orders/${order.id}/products/{lineNumber}`, templated: true });
    expect(order._links[rel('v2/order-payments')]).toEqual({ href: `${app.url}/v2/orders/${order.id}/payments/{lineNumber}`, templated: true });

    const addRes = await call('POST', `/v2/orders/${order.id}/products`, { showtimeId: st.showtimeId, seats });
    const held = expectStatus(addRes, 201);
    const products = held._embedded.products;
    expect(addRes.headers.get('location')).toBe(`${app.url}/v2/orders/${order.id}/products/${products[0].lineNumber}`);
    expect(products.map((p: Json) => [p.row, p.column, p.status, p.kind])).toEqual(seats.map((s) => [s.row, s.column, 'Held', 'Ticket']));
    expect(products[0]).toMatchObject({ showtimeId: st.showtimeId, movie: expect.any(String), theatre: expect.any(String), expirationDateUtc: held.expirationDateUtc });
    expect(products[0]._links['sms-ticket-confirmation']).toBeUndefined();
    expect(await seatStatuses(st.showtimeId, seats)).toEqual(['Locked', 'Locked', 'Locked']);
    expect(cents(held.total)).toBe(cents(held.subtotal) + cents(held.taxTotal) + cents(held.feeTotal));
    expect(held.total).toBeGreaterThan(0);
    expect(held._links[rel('v2/order-fulfillment')]).toBeUndefined();

    const line = expectStatus(await app.get<Json>(pathOf(products[1]._links.self.href), VENDOR), 200);
    expect(line).toMatchObject({ lineNumber: products[1].lineNumber, row: seats[1].row, status: 'Held' });

    const early = await call('POST', `/v2/orders/${order.id}/fulfillment`);
    expectError(early, 402, 4020);

    // Paying part of the total does not offer fulfilment; paying the rest does.
    const part = await call('POST', `/v2/orders/${order.id}/payments`, { type: 'giftCard', amount: 1, cardNumber: '6000 1234 5678 9012' });
    const partly = expectStatus(part, 201);
    expect(part.headers.get('location')).toBe(`${app.url}/v2/orders/${order.id}/payments/1`);
    expect(partly._links[rel('v2/order-fulfillment')]).toBeUndefined();
    const restRes = await call('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: (cents(held.total) - 100) / 100, cardNumber: '4111111111111111' });
    const paid = expectStatus(restRes, 201);
    expect(restRes.headers.get('location')).toBe(`${app.url}/v2/orders/${order.id}/payments/2`);
    expect(paid.paid).toBe(held.total);
    expect(paid._embedded.payments.map((p: Json) => [p.type, p.cardNumber, p.status])).toEqual([
      ['giftCard', '************9012', 'Pending'],
      ['creditCard', '************1111', 'Pending'],
    ]);
    const fulfilLink = paid._links[rel('v2/order-fulfillment')];
    expect(fulfilLink).toEqual({ href: `${app.url}/v2/orders/${order.id}/fulfillment`, templated: false });
    const payment = expectStatus(await app.get<Json>(pathOf(paid._embedded.payments[1]._links.self.href), VENDOR), 200);
    expect(payment).toMatchObject({ lineNumber: 2, amount: paid._embedded.payments[1].amount });

    const sold = expectStatus(await call('POST', pathOf(fulfilLink.href)), 200);
    expect(sold.status).toBe('Fulfilled');
    expect(sold.expirationDateUtc).toBeNull();
    expect(sold.confirmationUrl).toBe(`${app.url}/v2/orders/token-${sold.token}`);
    expect(sold._links[rel('v2/order-fulfillment')]).toBeUndefined();
    expect(sold._links.smsTicketConfirmation).toEqual({
      href: `${app.url}/v2/orders/${order.id}/products/{lineNumber}/sms-ticket-confirmation/{phoneNumber}`,
      templated: true,
    });
    for (const p of sold._embedded.products) {
      expect(p.status).toBe('Fulfilled');
      expect(p.confirmationCode).toMatch(/^[0-9A-F]{10}$/);
      expect(p._links['sms-ticket-confirmation']).toEqual({
        href: `${app.url}/v2/orders/${order.id}/products/${p.lineNumber}/sms-ticket-confirmation/{phoneNumber}`,
        templated: true,
      });
    }
    expect(sold._embedded.payments.every((p: Json) => p.status === 'Fulfilled')).toBe(true);
    expect(await seatStatuses(st.showtimeId, seats)).toEqual(['Sold', 'Sold', 'Sold']);

    const smsHref = sold._embedded.products[0]._links['sms-ticket-confirmation'].href.replace('{phoneNumber}', '5551234567');
    expectStatus(await call('POST', pathOf(smsHref)), 200);
    const sms = await sql<{ phone_number: string; line_number: number }[]>`
      select s.phone_number, p.line_number from sms_confirmations s join order_products p on p.id = s.order_product_id
      where p.order_id = ${order.id}`;
    expect(sms).toEqual([{ phone_number: '5551234567', line_number: sold._embedded.products[0].lineNumber }]);

    // Partial refund by line, then the rest: seats become Available, the outbox has both events.
    const first = sold._embedded.products[0].lineNumber;
    const partial = expectStatus(await call('POST', `/v2/orders/${order.id}/refunds`, { reason: 'WrongSeats', lineNumbers: [first] }), 200);
    expect(partial.status).toBe('PartialyRefunded');
    expect(await seatStatuses(st.showtimeId, seats)).toEqual(['Available', 'Sold', 'Sold']);
    const whole = expectStatus(await call('POST', `/v2/orders/${order.id}/refunds`, { reason: 'ShowCancelled' }), 200);
    expect(whole.status).toBe('Refunded');
    expect(whole._embedded.products.map((p: Json) => p.status)).toEqual(['Refunded', 'Refunded', 'Refunded']);
    expect(whole._embedded.payments.map((p: Json) => p.status)).toEqual(['Refunded', 'Refunded']);
    expect(await seatStatuses(st.showtimeId, seats)).toEqual(['Available', 'Available', 'Available']);
    const events = await sql<{ payload: Json }[]>`
      select payload from outbox_events where type = 'Orders.Refund' and (payload->>'OrderId')::int = ${order.id} order by id`;
    expect(events.map((e) => e.payload.RefundReason)).toEqual(['WrongSeats', 'ShowCancelled']);
    expect(events.reduce((s, e) => s + cents(e.payload.RefundAmount), 0)).toBe(cents(held.total));
  });

  it('DELETE cancels and releases seats; removing a line releases its seat', async () => {
    const st = shows[1];
    const seats = seatsOf(st.regular.slice(5, 8));
    const order = await createOrder();
    const held = await addSeats(order.id, st, seats);
    const removed = expectStatus(await call('DELETE', `/v2/orders/${order.id}/products/${held._embedded.products[2].lineNumber}`), 200);
    expect(removed._embedded.products.map((p: Json) => p.status)).toEqual(['Held', 'Held', 'Cancelled']);
    expect(cents(removed.total)).toBe(cents(held.total) - cents(held._embedded.products[2].total));
    expect(await seatStatuses(st.showtimeId, seats)).toEqual(['Locked', 'Locked', 'Available']);
    const cancelled = expectStatus(await call('DELETE', `/v2/orders/${order.id}`), 200);
    expect(cancelled.status).toBe('Cancelled');
    expect(await seatStatuses(st.showtimeId, seats)).toEqual(['Available', 'Available', 'Available']);
    // A cancelled order takes no more writes.
    expectError(await call('DELETE', `/v2/orders/${order.id}`), 409, 4092, /Cancelled/);
  });
});

describe('reads: by id, by token, by account', () => {
  it('an order is read by its vendor or owner, by anyone with its token; others get 401/403; unknown ids 404', async () => {
    const order = await createOrder({}, { ...VENDOR, ...bearer('owner') });
    expect(expectStatus(await app.get<Json>(`/v2/orders/${order.id}`, VENDOR), 200).id).toBe(order.id);
    expect(expectStatus(await app.get<Json>(`/v2/orders/${order.id}`, bearer('owner')), 200).id).toBe(order.id);
    expect(expectStatus(await app.get<Json>(`/v2/orders/${order.id}`, bearer('admin')), 200).id).toBe(order.id);
    expectError(await app.get<Json>(`/v2/orders/${order.id}`), 401, 4010);
    expectError(await app.get<Json>(`/v2/orders/${order.id}`, OTHER_VENDOR), 403, 4030);
    expectError(await app.get<Json>(`/v2/orders/${order.id}`, bearer('other')), 403, 4030);
    expectError(await app.get<Json>('/v2/orders/987654321', VENDOR), 404, 4002);

    const byToken = expectStatus(await app.get<Json>(`/v2/orders/token-${order.token}`), 200);
    expect(byToken).toMatchObject({ id: order.id, token: order.token });
    expectError(await app.get<Json>('/v2/orders/token-00000000-0000-4000-8000-000000000000'), 404, 4002);
    expectError(await app.get<Json>('/v2/orders/token-not-a-guid'), 404, 4002);
  });

  it("an account's orders: paged, newest first, by creation window; owner or admin only", async () => {
    const owner = { ...VENDOR, ...bearer('owner') };
    const made = [await createOrder({}, owner), await createOrder({}, owner), await createOrder({}, owner)];
    const path = `/v2/site-accounts/${accounts[0]}/orders/`;
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int n from orders where site_account_id = ${accounts[0]}`;

    const page1 = expectStatus(await app.get<Json>(`${path}?page-size=2`, bearer('owner')), 200);
    expect(page1).toMatchObject({ pageNumber: 1, pageSize: 2, count: n, startDateUtc: null, endDateUtc: null });
    expect(page1._embedded.orders.map((o: Json) => o.id)).toEqual([made[2].id, made[1].id]);
    expect(page1._links.next.href).toBe(`${app.url}${path}?page-size=2&page-number=2`);
    expect(expectStatus(await app.get<Json>(path, bearer('admin')), 200).count).toBe(n);

    const start = made[1].createdDateUtc;
    const windowed = expectStatus(await app.get<Json>(`${path}?startDateUtc=${start}`, bearer('owner')), 200);
    expect(windowed.startDateUtc).toBe(start);
    expect(windowed._embedded.orders.map((o: Json) => o.id)).toEqual([made[2].id, made[1].id]);
    const before = expectStatus(await app.get<Json>(`${path}?endDateUtc=${start}`, bearer('owner')), 200);
    expect(before._embedded.orders.map((o: Json) => o.id)).not.toContain(made[1].id);
    expect(before._embedded.orders.map((o: Json) => o.id)).toContain(made[0].id);
    const today = new Date().toISOString().slice(0, 10);
    expect(expectStatus(await app.get<Json>(`${path}?startDateUtc=${today}&endDateUtc=${today}`, bearer('owner')), 200).count).toBeGreaterThanOrEqual(3);
    expect(expectStatus(await app.get<Json>(`${path}?startDateUtc=2099-01-01`, bearer('owner')), 200).count).toBe(0);

    expectError(await app.get<Json>(path, bearer('other')), 403, 4030);
    expectError(await app.get<Json>(path, VENDOR), 401, 4010);
    expectError(await app.get<Json>(`${path}?startDateUtc=yesterday`, bearer('owner')), 400, 4000, /startDateUtc/);
    expectError(await app.get<Json>(`${path}?startDateUtc=2030-02-30`, bearer('owner')), 400, 4000, /startDateUtc/);
  });
});
