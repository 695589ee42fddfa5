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

describe('the other writes', () => {
  it('PUT updates order fields (null clears, absent keeps); loyalty discounts waive fees; refresh-expiration extends', async () => {
    const st = shows[2];
    const order = await createOrder({ email: 'a@example.com', shoppingCartId: 'cart-1' });
    const put = expectStatus(await call('PUT', `/v2/orders/${order.id}`, { email: null, vendorTransactionId: 'vt-9', loyaltyCardNumber: PREMIERE_CARD }), 200);
    expect(put).toMatchObject({ email: null, vendorTransactionId: 'vt-9', shoppingCartId: 'cart-1', loyaltyCardNumber: PREMIERE_CARD });
    expect(put.paymentOptions).toEqual({ creditCard: true, giftCard: true, loyalty: true });
    expect(put._links['loyalty-card']).toEqual({ href: `${app.url}/v4/loyalty-cards/${PREMIERE_CARD}`, templated: false });
    const [row] = await sql<{ email: string | null; vendor_transaction_id: string }[]>`select email, vendor_transaction_id from orders where id = ${order.id}`;
    expect(row).toEqual({ email: null, vendor_transaction_id: 'vt-9' });

    // A non-member order pays the convenience fee; applying the Premiere card waives it.
    const plain = await createOrder();
    const held = await addSeats(plain.id, st, seatsOf(st.regular.slice(0, 2)));
    expect(held.feeTotal).toBeGreaterThan(0);
    const waived = expectStatus(await call('POST', `/v2/orders/${plain.id}/loyalty-discounts`, { loyaltyCardNumber: PREMIERE_CARD }), 200);
    expect(waived.loyaltyCardNumber).toBe(PREMIERE_CARD);
    expect(cents(waived.total)).toBe(cents(held.total) - cents(held.feeTotal));
    expect(waived._embedded.products[0].fees.some((f: Json) => f.waived && f.waivedReason === 'PremiereMember')).toBe(true);

    await sql`update orders set expires_at = now() + interval '10 seconds' where id = ${plain.id}`;
    const refreshed = expectStatus(await call('POST', `/v2/orders/${plain.id}/refresh-expiration`), 200);
    expect(Date.parse(refreshed.expirationDateUtc)).toBeGreaterThan(Date.now() + 60_000);
    const [claim] = await sql<{ expires_at: Date }[]>`select expires_at from seat_claims where order_id = ${plain.id} and status = 'held' limit 1`;
    expect(claim.expires_at.toISOString()).toBe(refreshed.expirationDateUtc);
  });

  it('PUT a product: a ticket changes type (re-priced), a concession its quantity; a payment is removed', async () => {
    const st = shows[2];
    const [other] = await sql<{ type: string; price: string; tax: string }[]>`
      select type, price, tax from showtime_ticket_prices where showtime_id = ${st.showtimeId} and type <> 'ADULT' order by type limit 1`;
    expect(other).toBeDefined();
    const order = await createOrder();
    const held = await addSeats(order.id, st, seatsOf(st.regular.slice(10, 11)));
    const line = held._embedded.products[0].lineNumber;
    const changed = expectStatus(await call('PUT', `/v2/orders/${order.id}/products/${line}`, { ticketType: other.type }), 200);
    expect(changed._embedded.products[0]).toMatchObject({ ticketType: other.type, cost: Number(other.price), tax: Number(other.tax), row: held._embedded.products[0].row });
    expectError(await call('PUT', `/v2/orders/${order.id}/products/${line}`, { quantity: 2 }), 400, 4000, /quantity/);

    const [tc] = await sql<{ id: number }[]>`
      select tc.id from theatre_concessions tc join concessions c on c.id = tc.concession_id
      where tc.is_available and not c.is_modifier_only
        and not exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id and (g.required or g.minimum_quantity > 0))
      order by tc.id limit 1`;
    const withSnack = expectStatus(await call('POST', `/v2/orders/${order.id}/products`, { theatreConcessionId: tc.id, quantity: 1 }), 201);
    const snack = withSnack._embedded.products[1];
    expect(snack).toMatchObject({ kind: 'Concession', status: 'Pending', quantity: 1 });
    const three = expectStatus(await call('PUT', `/v2/orders/${order.id}/products/${snack.lineNumber}`, { quantity: 3 }), 200);
    expect(three._embedded.products[1].quantity).toBe(3);
    expect(cents(three.total)).toBe(cents(withSnack.total) + 2 * cents(snack.total));
    expectError(await call('PUT', `/v2/orders/${order.id}/products/${snack.lineNumber}`, { ticketType: 'CHILD' }), 400, 4000, /ticketType/);
    expectError(await call('PUT', `/v2/orders/${order.id}/products/99`, { quantity: 2 }), 404, 4002);

    const paid = expectStatus(await call('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: 1 }), 201);
    const dropped = expectStatus(await call('DELETE', `/v2/orders/${order.id}/payments/${paid._embedded.payments[0].lineNumber}`), 200);
    expect(dropped._embedded.payments[0].status).toBe('Cancelled');
    expect(dropped.paid).toBe(0);
    expectError(await call('DELETE', `/v2/orders/${order.id}/payments/${paid._embedded.payments[0].lineNumber}`), 409, 4092);
    expectError(await call('DELETE', `/v2/orders/${order.id}/payments/42`), 404, 4002);
  });

  it('modifiers by line token: added (201, Location of the line), counted in the total, removed by sku', async () => {
    // A concession whose groups allow a second modifier and require none.
    const [pick] = await sql<{ tc: number; modifier_id: number; sku: string; price: string }[]>`
      select tc.id tc, m.id modifier_id, c.sku, m.price from theatre_concessions tc
      join modifier_groups g on g.concession_id = tc.concession_id
      join modifiers m on m.modifier_group_id = g.id join concessions c on c.id = m.concession_id
      where tc.is_available and g.maximum_quantity >= 2
        and not exists (select 1 from modifier_groups g2 where g2.concession_id = tc.concession_id and (g2.required or g2.minimum_quantity > 0))
      order by tc.id, m.id limit 1`;
    expect(pick).toBeDefined();
    const order = await createOrder();
    const added = expectStatus(await call('POST', `/v2/orders/${order.id}/products`, { theatreConcessionId: pick.tc, quantity: 2 }), 201);
    const line = added._embedded.products[0];
    const link = line._links['product-modifiers'];
    expect(link).toEqual({ href: `${app.url}/v2/orders/${order.id}/products/${line.lineNumber}/token-${line.token}/modifiers`, templated: false });

    const res = await call('POST', pathOf(link.href), { modifierId: pick.modifier_id, quantity: 2 });
    const withMod = expectStatus(res, 201);
    expect(res.headers.get('location')).toBe(`${app.url}/v2/orders/${order.id}/products/${line.lineNumber}`);
    expect(withMod._embedded.products[0].modifiers).toEqual([expect.objectContaining({ modifierId: pick.modifier_id, sku: pick.sku, quantity: 2 })]);
    expect(cents(withMod.total)).toBe(cents(added.total) + 2 * 2 * cents(Number(pick.price)));

    const wrongToken = `/v2/orders/${order.id}/products/${line.lineNumber}/token-00000000-0000-4000-8000-000000000000/modifiers`;
    expectError(await call('POST', wrongToken, { modifierId: pick.modifier_id }), 404, 4002);
    const [foreign] = await sql<{ id: number }[]>`
      select m.id from modifiers m join modifier_groups g on g.id = m.modifier_group_id
      where g.concession_id <> (select concession_id from theatre_concessions where id = ${pick.tc}) limit 1`;
    expectError(await call('POST', pathOf(link.href), { modifierId: foreign.id }), 400, 4000, /modifierId/);

    const removed = expectStatus(await call('DELETE', `${pathOf(link.href)}/${encodeURIComponent(pick.sku)}`), 200);
    expect(removed._embedded.products[0].modifiers).toEqual([]);
    expect(removed.total).toBe(added.total);
    expectError(await call('DELETE', `${pathOf(link.href)}/${encodeURIComponent(pick.sku)}`), 404, 4002);
  });
});

describe('error statuses, with the error body, and nothing written', () => {
  let held: Json;
  let fulfilled: Json;
  const st = () => shows[3];

  beforeAll(async () => {
    held = await addSeats((await createOrder()).id, st(), seatsOf(st().regular.slice(0, 2)));
    const other = await addSeats((await createOrder()).id, st(), seatsOf(st().regular.slice(4, 5)));
    expectStatus(await call('POST', `/v2/orders/${other.id}/payments`, { type: 'creditCard', amount: other.total }), 201);
    fulfilled = expectStatus(await call('POST', `/v2/orders/${other.id}/fulfillment`), 200);
  });

  it('400 on invalid bodies and values, naming the field; nothing is written', async () => {
    const free = seatsOf(st().regular.slice(20, 22));
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/v2/orders', { email: 'guest@example.com', coupon: 'FREE' }, /coupon/],
      ['POST', '/v2/orders', { email: 'not-an-email' }, /email/],
      ['POST', '/v2/orders', { loyaltyCardNumber: 'NO-SUCH-CARD' }, /loyaltyCardNumber/],
      ['POST', '/v2/orders', { vendorTransactionId: 'x'.repeat(101) }, /vendorTransactionId/],
      ['PUT', `/v2/orders/${held.id}`, { email: 'still-not-an-email' }, /email/],
      ['PUT', `/v2/orders/${held.id}`, { status: 'Fulfilled' }, /status/],
      ['POST', `/v2/orders/${held.id}/products`, {}, /showtimeId/],
      ['POST', `/v2/orders/${held.id}/products`, { showtimeId: st().showtimeId, seats: [] }, /seats/],
      ['POST', `/v2/orders/${held.id}/products`, { showtimeId: st().showtimeId, seats: 'A1' }, /seats/],
      ['POST', `/v2/orders/${held.id}/products`, { showtimeId: st().showtimeId, seats: [free[0], free[0]] }, /seats/],
      ['POST', `/v2/orders/${held.id}/products`, { showtimeId: st().showtimeId, seats: [free[1], st().notASeat] }, /seats/],
      ['POST', `/v2/orders/${held.id}/products`, { showtimeId: st().showtimeId, seats: free, ticketType: 'ALIEN' }, /ticketType/],
      ['POST', `/v2/orders/${held.id}/products`, { showtimeId: st().showtimeId, seats: free, quantity: 2 }, /quantity/],
      ['POST', `/v2/orders/${held.id}/products`, { theatreConcessionId: 1, seats: free }, /seats/],
      ['POST', `/v2/orders/${held.id}/products`, { theatreConcessionId: 1, quantity: 21 }, /quantity/],
      ['PUT', `/v2/orders/${held.id}/products/${held._embedded.products[0].lineNumber}`, {}, /ticketType/],
      ['POST', `/v2/orders/${held.id}/payments`, { type: 'cash', amount: 1 }, /type/],
      ['POST', `/v2/orders/${held.id}/payments`, { type: 'creditCard', amount: -1 }, /amount/],
      ['POST', `/v2/orders/${held.id}/payments`, { type: 'creditCard', amount: 1.234 }, /amount/],
      ['POST', `/v2/orders/${held.id}/payments`, { type: 'creditCard', amount: held.total + 1 }, /amount/],
      ['POST', `/v2/orders/${held.id}/payments`, { type: 'loyalty', amount: 1 }, /type/],
      ['POST', `/v2/orders/${held.id}/payments`, { type: 'creditCard', amount: 1, cardNumber: '4111-abcd' }, /cardNumber/],
      ['POST', `/v2/orders/${held.id}/payments`, { amount: 1 }, /type/],
      ['POST', `/v2/orders/${held.id}/loyalty-discounts`, {}, /loyaltyCardNumber/],
      ['POST', `/v2/orders/${held.id}/loyalty-discounts`, { loyaltyCardNumber: 'NO-SUCH-CARD' }, /loyaltyCardNumber/],
      ['POST', `/v2/orders/${fulfilled.id}/refunds`, { reason: 'Bored' }, /reason/],
      ['POST', `/v2/orders/${fulfilled.id}/refunds`, { reason: 'WrongSeats', lineNumbers: [99] }, /lineNumbers/],
      ['POST', `/v2/orders/${fulfilled.id}/refunds`, { lineNumbers: [] }, /reason/],
      ['POST', `/v2/orders/${fulfilled.id}/products/${fulfilled._embedded.products[0].lineNumber}/sms-ticket-confirmation/555-CALL-ME`, undefined, /phoneNumber/],
      ['GET', '/v2/orders/abc', undefined, /orderId/],
    ];
    const before = await footprint();
    for (const [method, path, body, naming] of cases) {
      const res = await call(method, path, body);
      expectError(res, 400, 4000, naming);
    }
    expect(await footprint()).toBe(before);
    expect(await seatStatuses(st().showtimeId, free)).toEqual(['Available', 'Available']);
  });

  it('400 on a body that is not JSON, 401 without (or with a wrong) vendor key on writes; nothing is written', async () => {
    const before = await footprint();
    const raw = await fetch(`${app.url}/v2/orders`, { method: 'POST', headers: { ...VENDOR, 'content-type': 'application/json' }, body: '{"email":' });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ errors: [{ code: 4000, message: expect.any(String) }] });
    const seat = seatsOf(st().regular.slice(30, 31));
    const writes: [string, string, unknown][] = [
      ['POST', '/v2/orders', {}],
      ['PUT', `/v2/orders/${held.id}`, { email: 'x@example.com' }],
      ['DELETE', `/v2/orders/${held.id}`, undefined],
      ['POST', `/v2/orders/${held.id}/products`, { showtimeId: st().showtimeId, seats: seat }],
      ['DELETE', `/v2/orders/${held.id}/products/1`, undefined],
      ['POST', `/v2/orders/${held.id}/payments`, { type: 'creditCard', amount: 1 }],
      ['POST', `/v2/orders/${held.id}/refresh-expiration`, undefined],
      ['POST', `/v2/orders/${fulfilled.id}/refunds`, { reason: 'WrongSeats' }],
    ];
    for (const [method, path, body] of writes) {
      expectError(await call(method, path, body, {}), 401, 4010, /X-Vendor-Key/);
      expectError(await call(method, path, body, bearer('owner')), 401, 4010, /X-Vendor-Key/);
      expectError(await call(method, path, body, { 'x-vendor-key': 'stolen' }), 401, 4010);
    }
    expect(await footprint()).toBe(before);
  });

  it("403 writing another vendor's order, 404 for unknown orders, lines and showtimes", async () => {
    const before = await footprint();
    expectError(await call('PUT', `/v2/orders/${held.id}`, { email: 'x@example.com' }, OTHER_VENDOR), 403, 4030);
    expectError(await call('DELETE', `/v2/orders/${held.id}`, undefined, OTHER_VENDOR), 403, 4030);
    expectError(await call('POST', `/v2/orders/${held.id}/payments`, { type: 'creditCard', amount: 1 }, OTHER_VENDOR), 403, 4030);
    expectError(await app.get<Json>(`/v2/orders/${held.id}/products/1`, OTHER_VENDOR), 403, 4030);
    expectError(await call('PUT', '/v2/orders/987654321', { email: 'x@example.com' }), 404, 4002);
    expectError(await call('POST', '/v2/orders/987654321/products', { showtimeId: st().showtimeId, seats: seatsOf(st().regular.slice(30, 31)) }), 404, 4002);
    expectError(await call('POST', `/v2/orders/${held.id}/products`, { showtimeId: 987654321, seats: [{ row: 1, column: 1 }] }), 404, 4002);
    expectError(await call('POST', `/v2/orders/${held.id}/products`, { theatreConcessionId: 987654321 }), 404, 4002);
    expectError(await call('DELETE', `/v2/orders/${held.id}/products/99`), 404, 4002);
    expectError(await app.get<Json>(`/v2/orders/${held.id}/products/99`, VENDOR), 404, 4002);
    expectError(await app.get<Json>(`/v2/orders/${held.id}/payments/99`, VENDOR), 404, 4002);
    expectError(await call('POST', '/v2/orders/987654321/fulfillment'), 404, 4002);
    expect(await footprint()).toBe(before);
  });

  it('409 SEAT_UNAVAILABLE names the seats and holds none of the call; 409 ORDER_STATE for SMS on an unfulfilled ticket', async () => {
    const taken = st().regular.slice(0, 2);
    const free = st().regular.slice(40, 41);
    const rival = await createOrder();
    const before = await footprint();
    const res = await call('POST', `/v2/orders/${rival.id}/products`, { showtimeId: st().showtimeId, seats: seatsOf([...free, ...taken]) });
    expectError(res, 409, 4091);
    const named = res.body.errors[0].message.replace(/^[^:]*:\s*/, '').split(/,\s*/);
    expect(named.sort()).toEqual(taken.map((s) => s.seatName).sort());
    expect(await footprint()).toBe(before);
    expect(await seatStatuses(st().showtimeId, seatsOf(free))).toEqual(['Available']);

    const sms = await call('POST', `/v2/orders/${held.id}/products/${held._embedded.products[0].lineNumber}/sms-ticket-confirmation/5551234567`);
    expectError(sms, 409, 4092, /not a fulfilled ticket/);
    expect(await footprint()).toBe(before);
  });

  it('410 ORDER_EXPIRED once the hold has run out (a second instance with a 1-second hold on the same database)', async () => {
    const quick = await startTestApp({ env: { ORDER_HOLD_SECONDS: '1' }, databaseUrl: app.databaseUrl });
    try {
      const seats = seatsOf(st().regular.slice(50, 52));
      const created = await quick.request<Json>('POST', '/v2/orders', {}, VENDOR);
      const order = expectStatus(created as Res, 201);
      expectStatus((await quick.request<Json>('POST', `/v2/orders/${order.id}/products`, { showtimeId: st().showtimeId, seats }, VENDOR)) as Res, 201);
      expect(await seatStatuses(st().showtimeId, seats)).toEqual(['Locked', 'Locked']);
      await new Promise((r) => setTimeout(r, 1200));
      // Past its expiration, whether or not a sweeper has run yet.
      expectError(await call('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: 1 }), 410, 4100, /expired/);
      // The sweeper (every second, on each instance) releases the seats and marks the order.
      for (let i = 0; i < 40 && (await app.get<Json>(`/v2/orders/${order.id}`, VENDOR)).body.status !== 'Abandonded'; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const expired = expectStatus(await app.get<Json>(`/v2/orders/${order.id}`, VENDOR), 200);
      expect(expired.status).toBe('Abandonded');
      expect(expired._embedded.products.map((p: Json) => p.status)).toEqual(['Abandoned', 'Abandoned']);
      expect(await seatStatuses(st().showtimeId, seats)).toEqual(['Available', 'Available']);
      const before = await footprint();
      expectError(await call('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: 1 }), 410, 4100);
      expectError(await call('POST', `/v2/orders/${order.id}/refresh-expiration`), 410, 4100);
      expectError(await call('POST', `/v2/orders/${order.id}/products`, { showtimeId: st().showtimeId, seats }), 410, 4100);
      expect(await footprint()).toBe(before);
    } finally {
      await quick.close();
    }
  });
});

describe('conformance of the order routes', () => {
  const ORDER_SPEC: ShapeSpec = {
    id: 'int',
    vendorTransactionId: 'string?',
    email: 'string?',
    loyaltyCardNumber: 'string?',
    status: 'string',
    createdDateUtc: 'string',
    total: 'number',
    subtotal: 'number',
    paid: 'number',
    token: 'string',
    shoppingCartId: 'string?',
    confirmationUrl: 'string?',
    'paymentOptions.creditCard': 'boolean',
    'paymentOptions.giftCard': 'boolean',
    'paymentOptions.loyalty': 'boolean',
    expirationDateUtc: 'string?',
    '_embedded.products[].sku': 'string',
    '_embedded.products[].quantity': 'int',
    '_embedded.products[].status': 'string',
    '_embedded.products[].cost': 'number',
    '_embedded.products[].name': 'string',
    '_embedded.products[].modifiers': 'array',
    '_embedded.products[].siteAccountId': 'int?',
    '_embedded.products[].cardNumber': 'string?',
    '_embedded.products[].theatre': 'string?',
    '_embedded.products[].movie': 'string?',
    '_embedded.products[].format': 'string?',
    '_embedded.products[].internalReleaseNumber': 'int?',
    '_embedded.products[].showDateTime': 'string?',
    '_embedded.products[].performanceNumber': 'int?',
    '_embedded.products[].auditorium': 'int?',
    '_embedded.products[].expirationDateUtc': 'string?',
    '_embedded.products[].row': 'int?',
    '_embedded.products[].column': 'int?',
    '_embedded.products[].seatName': 'string?',
    '_embedded.products[].recipientName': 'string?',
    '_embedded.products[].recipientAddress': 'string?',
    '_embedded.products[].fromName': 'string?',
    '_embedded.products[].message': 'string?',
    '_embedded.products[].imageUrl': 'string?',
    '_embedded.products[].pickupUrl': 'string?',
    '_embedded.products[].pin': 'string?',
    '_embedded.products[].confirmationCode': 'string?',
    '_embedded.products[].token': 'string',
    '_embedded.products[].partnerFeeAmount': 'number',
    '_embedded.products[].fees[].name': 'string',
    '_embedded.products[].fees[].cost': 'number',
    '_embedded.products[].fees[].quantity': 'int',
    '_embedded.products[].fees[].total': 'number',
    '_embedded.products[].fees[].waived': 'boolean',
    '_embedded.products[].fees[].waivedReason': 'string?',
    '_embedded.products[]._embedded.discounts': 'array',
    '_embedded.products[]._links.self': 'link',
    '_embedded.products[]._links.movie': 'link',
    '_embedded.products[]._links.theatre': 'link',
    '_embedded.payments[].type': 'string',
    '_embedded.payments[].cardNumber': 'string?',
    '_embedded.payments[].balance': 'number?',
    '_embedded.payments[].amount': 'number',
    '_embedded.payments[].status': 'string',
    '_embedded.payments[]._links.self': 'link',
    '_links.self': 'link',
  };
  const ORDER_STATUSES = ['Pending', 'Submitted', 'Fulfilled', 'Errored', 'Refunded', 'PartialyRefunded', 'Cancelled', 'Abandonded'];
  const PRODUCT_STATUSES = ['Pending', 'Held', 'Submitted', 'Fulfilled', 'Cancelled', 'Abandoned', 'Errored', 'Refunded'];

  it('an order with tickets and payments has every spec field with its type, in the spec spellings', async () => {
    const st = shows[4];
    const order = await addSeats((await createOrder({}, { ...VENDOR, ...bearer('owner') })).id, st, seatsOf(st.regular.slice(0, 2)));
    expectStatus(await call('POST', `/v2/orders/${order.id}/payments`, { type: 'creditCard', amount: 1, cardNumber: '4111111111111111' }), 201);
    const body = expectStatus(await app.get<Json>(`/v2/orders/${order.id}`, VENDOR), 200);
    expect(shapeProblems(body, ORDER_SPEC)).toEqual([]);
    expect(ORDER_STATUSES).toContain(body.status);
    for (const p of body._embedded.products) expect(PRODUCT_STATUSES).toContain(p.status);
    expect(body._embedded.products[0].siteAccountId).toBe(accounts[0]);
    expect(body._embedded.products[0]._links.movie.href).toBe(`${app.url}/v2/movies/${body._embedded.products[0].movieId}`);
    expect(body._embedded.products[0]._links.theatre.href).toBe(`${app.url}/v2/theatres/${body._embedded.products[0].theatreId}`);
    // The links the order offers resolve.
    for (const href of [body._links.self.href, body._embedded.products[0]._links.self.href, body._embedded.payments[0]._links.self.href]) {
      expectStatus(await app.get<Json>(pathOf(href), VENDOR), 200);
    }
    for (const l of [body._embedded.products[0]._links.movie, body._embedded.products[0]._links.theatre]) {
      expectStatus(await app.get<Json>(pathOf(l.href)), 200);
    }
  });

  it('POST /v2/orders without a body creates an empty order', async () => {
    const res = await fetch(`${app.url}/v2/orders`, { method: 'POST', headers: VENDOR });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Json).status).toBe('Pending');
    const order = await createOrder();
    const noBody = await fetch(`${app.url}/v2/orders/${order.id}/payments`, { method: 'POST', headers: VENDOR });
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toEqual({ errors: [{ code: 4000, message: "body parameter 'type' is required" }] });
  });

  it("an account's order list costs the same SQL statements for 2 and 8 orders with products", async () => {
    const who = { ...VENDOR, ...bearer('other') };
    const [tc] = await sql<{ id: number }[]>`
      select tc.id from theatre_concessions tc join concessions c on c.id = tc.concession_id
      where tc.is_available and not c.is_modifier_only
        and not exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id and (g.required or g.minimum_quantity > 0))
      order by tc.id limit 1`;
    for (let i = 0; i < 8; i++) {
      const st = shows[4 + (i % 2)];
      const order = await addSeats((await createOrder({}, who)).id, st, seatsOf(st.regular.slice(10 + i, 11 + i)), who);
      expectStatus(await call('POST', `/v2/orders/${order.id}/products`, { theatreConcessionId: tc.id, quantity: 1 }, who), 201);
    }
    const path = `/v2/site-accounts/${accounts[1]}/orders/`;
    const two = await app.get<Json>(`${path}?page-size=2`, bearer('other'));
    const eight = await app.get<Json>(`${path}?page-size=8`, bearer('other'));
    expect(two.body._embedded.orders).toHaveLength(2);
    expect(eight.body._embedded.orders).toHaveLength(8);
    expect(new Set(eight.body._embedded.orders.flatMap((o: Json) => o._embedded.products.map((p: Json) => p.showtimeId)))).toEqual(
      new Set([shows[4].showtimeId, shows[5].showtimeId, null]),
    );
    const statements = (r: { headers: Headers }) => Number(r.headers.get('x-sql-statements'));
    expect(statements(two)).toBeGreaterThan(0);
    expect(statements(eight)).toBe(statements(two));
  });

  it('the OpenAPI document lists every order route', async () => {
    const doc = expectStatus(await app.get<Json>('/openapi.json'), 200);
    const expected: [string, string][] = [
      ['/v2/orders/{orderId}', 'get'],
      ['/v2/orders/token-{token}', 'get'],
      ['/v2/orders', 'post'],
      ['/v2/orders/{orderId}', 'put'],
      ['/v2/orders/{orderId}', 'delete'],
      ['/v2/orders/{orderId}/products', 'post'],
      ['/v2/orders/{orderId}/products/{lineNumber}', 'get'],
      ['/v2/orders/{orderId}/products/{lineNumber}', 'put'],
      ['/v2/orders/{orderId}/products/{lineNumber}', 'delete'],
      ['/v2/orders/{orderId}/products/{lineNumber}/token-{token}/modifiers', 'post'],
      ['/v2/orders/{orderId}/products/{lineNumber}/token-{token}/modifiers/{modifierSku}', 'delete'],
      ['/v2/orders/{orderId}/payments', 'post'],
      ['/v2/orders/{orderId}/payments/{lineNumber}', 'get'],
      ['/v2/orders/{orderId}/payments/{lineNumber}', 'delete'],
      ['/v2/orders/{orderId}/refresh-expiration', 'post'],
      ['/v2/orders/{orderId}/products/{lineNumber}/sms-ticket-confirmation/{phoneNumber}', 'post'],
      ['/v2/site-accounts/{accountId}/orders/', 'get'],
      ['/v2/orders/{orderId}/loyalty-discounts', 'post'],
      ['/v2/orders/{orderId}/fulfillment', 'post'],
      ['/v2/orders/{orderId}/refunds', 'post'],
    ];
    const missing = expected.filter(([path, method]) => !doc.paths[path]?.[method]);
    expect(missing).toEqual([]);
  });
});
