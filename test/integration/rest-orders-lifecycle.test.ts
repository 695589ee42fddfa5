import type postgres from 'postgres';
import type { TestApp } from '../helpers/app';
import { PREMIERE_CARD, seatsOf, VENDOR, type ShowtimeFixture } from '../helpers/orders';
import { cents, expectError, expectStatus, useRestOrders, type Json } from '../helpers/rest-orders';

/**
 * Orders v2 over REST (real HTTP, real Postgres): the lifecycle with the seat map (create, tickets,
 * payments, fulfilment, SMS, refunds, cancel) and the other write paths (PUT order and product,
 * loyalty discounts, refresh-expiration, payments removed, modifiers by line token).
 */

const t = useRestOrders();
const { call, rel, pathOf, createOrder, addSeats, seatStatuses } = t;
let app: TestApp;
let sql: postgres.Sql;
let shows: ShowtimeFixture[];
beforeAll(() => {
  ({ app, sql, shows } = t);
});

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
    expect(fulfilLink).toEqual({ href: `${app.url}/v2/orders/${order.id}/fulfillment`, templated: true });
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

describe('the other writes', () => {
  it('PUT updates order fields (null clears, absent keeps); loyalty discounts waive fees; refresh-expiration extends', async () => {
    const st = shows[2];
    const order = await createOrder({ email: 'a@example.com', shoppingCartId: 'cart-1' });
    const put = expectStatus(await call('PUT', `/v2/orders/${order.id}`, { email: null, vendorTransactionId: 'vt-9', loyaltyCardNumber: PREMIERE_CARD }), 200);
    // The card number is personal data: in full to the creating vendor (it gave it), masked to the last
    // four for a read by the order's token alone; the link names the card by id either way.
    const masked = `${'*'.repeat(PREMIERE_CARD.length - 4)}${PREMIERE_CARD.slice(-4)}`;
    expect(put).toMatchObject({ email: null, vendorTransactionId: 'vt-9', shoppingCartId: 'cart-1', loyaltyCardNumber: PREMIERE_CARD });
    const byToken = await call('GET', `/v2/orders/token-${put.token}`, undefined, {});
    expect([byToken.status, byToken.body.loyaltyCardNumber]).toEqual([200, masked]);
    expect(JSON.stringify(byToken.body)).not.toContain(PREMIERE_CARD);
    expect(put.paymentOptions).toEqual({ creditCard: true, giftCard: true, loyalty: true });
    const [card] = await sql<{ id: number }[]>`select id from loyalty_cards where card_number = ${PREMIERE_CARD}`;
    expect(put._links['loyalty-card']).toEqual({ href: `${app.url}/v4/loyalty-cards/id-${card.id}`, templated: false });
    const linked = await call('GET', `/v4/loyalty-cards/id-${card.id}`);
    expect([linked.status, linked.body.cardNumber]).toEqual([200, PREMIERE_CARD]);
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
