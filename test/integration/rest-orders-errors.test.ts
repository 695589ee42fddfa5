import { startTestApp, type TestApp } from '../helpers/app';
import { OTHER_VENDOR, seatsOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';
import { expectError, expectStatus, useRestOrders, type Json, type Res } from '../helpers/rest-orders';

/**
 * Orders v2 over REST (real HTTP, real Postgres): the error statuses (400, 401, 403, 404, 409, 410)
 * with the chain's error body, and (via SQL) that a rejected request wrote nothing.
 */

const t = useRestOrders();
const { call, bearer, createOrder, addSeats, seatStatuses, footprint } = t;
let app: TestApp;
let shows: ShowtimeFixture[];
beforeAll(() => {
  ({ app, shows } = t);
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
