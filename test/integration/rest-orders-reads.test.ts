import type postgres from 'postgres';
import type { TestApp } from '../helpers/app';
import { OTHER_VENDOR, seatsOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';
import { expectError, expectStatus, useRestOrders, type Json } from '../helpers/rest-orders';
import { shapeProblems, type ShapeSpec } from '../helpers/shape';

/**
 * Orders v2 over REST (real HTTP, real Postgres): reads by id, token and account with their access
 * rules, and the conformance of the order routes (spec fields and spellings, links that resolve,
 * batched account lists, the OpenAPI document).
 */

const t = useRestOrders();
const { call, bearer, pathOf, createOrder, addSeats } = t;
let app: TestApp;
let sql: postgres.Sql;
let shows: ShowtimeFixture[];
let accounts: number[];
beforeAll(() => {
  ({ app, sql, shows, accounts } = t);
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
      ['/v2/orders/{orderId}/products/{lineNumber}/token-{modifiedOrderItemGuid}/modifiers', 'post'],
      ['/v2/orders/{orderId}/products/{lineNumber}/token-{modifiedOrderItemGuid}/modifiers/{modifierSku}', 'delete'],
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
