import { loadOrderView, loadOrderViews } from '../../src/services/order';
import { useTestApp } from '../helpers/app';
import { M, must, payAndFulfil, pickShowtimes, PREMIERE_CARD, seatsOf, VENDOR, type OrderShape, type ShowtimeFixture } from '../helpers/orders';

/**
 * The order read back by one statement (`orderViewStatement`: REST hold and cancel bodies, GraphQL
 * selections after a write, fulfilment's totals, the loaders' batches) answers exactly what the REST read
 * routes answer: the REST body of a write is byte for byte the body of a GET right after it; and a batch
 * answers each order as it is read alone.
 */
let st: ShowtimeFixture;
const JSON_VENDOR = { ...VENDOR, 'content-type': 'application/json' };

const { app, sql } = useTestApp();
beforeAll(async () => {
  [st] = await pickShowtimes(sql, 1, 3);
});

async function concessionInput(orderId: number) {
  const [tc] = await sql<{ id: number; concession_id: number }[]>`
    select tc.id, tc.concession_id from theatre_concessions tc
    where tc.is_available and exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id)
    order by tc.id limit 1`;
  const groups = await sql<{ id: number; required: boolean; minimum_quantity: number; maximum_quantity: number }[]>`
    select id, required, minimum_quantity, maximum_quantity from modifier_groups where concession_id = ${tc.concession_id} order by id`;
  const modifiers: { modifierId: number; quantity: number }[] = [];
  for (const g of groups) {
    const need = Math.max(g.minimum_quantity, g.required ? 1 : 0, 1);
    const [m] = await sql<{ id: number }[]>`select id from modifiers where modifier_group_id = ${g.id} order by id limit 1`;
    if (m && need <= g.maximum_quantity) modifiers.push({ modifierId: m.id, quantity: need });
  }
  return { orderId, theatreConcessionId: tc.id, quantity: 2, modifiers };
}

it('REST hold and cancel bodies equal the GET of the order right after them', async () => {
  const created = await app.request<{ id: number }>('POST', '/v2/orders', { loyaltyCardNumber: PREMIERE_CARD, email: 'a@b.example' }, JSON_VENDOR);
  expect(created.status).toBe(201);
  const id = created.body.id;
  await must(app.gql, 'mutation($input: AddConcessionInput!) { addConcession(input: $input) { id } }', { input: await concessionInput(id) });

  const first = await app.request('POST', `/v2/orders/${id}/products`, { showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(0, 2)) }, JSON_VENDOR);
  expect(first.status).toBe(201);
  expect(first.body).toEqual((await app.get(`/v2/orders/${id}`, VENDOR)).body);

  // A tender and a discount (no write path adds discounts yet: by hand) before the second hold.
  await must(app.gql, 'mutation($input: AddPaymentInput!) { addPayment(input: $input) { id } }', {
    input: { orderId: id, type: 'CREDIT_CARD', amount: 5, cardNumber: '4111111111111111' },
  });
  await sql`insert into order_discounts (order_product_id, discount_id, amount, description)
            select id, 'TEST', 1.25, 'A test discount' from order_products where order_id = ${id} and kind = 'Ticket' order by line_number limit 1`;
  const second = await app.request<{ _embedded: { products: unknown[]; payments: unknown[] } }>(
    'POST',
    `/v2/orders/${id}/products`,
    { showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(2, 3)), ticketType: 'CHILD' },
    JSON_VENDOR,
  );
  expect(second.status).toBe(201);
  expect(second.body._embedded.products).toHaveLength(4);
  expect(second.body._embedded.payments).toHaveLength(1);
  expect(second.body).toEqual((await app.get(`/v2/orders/${id}`, VENDOR)).body);

  const cancelled = await app.request('DELETE', `/v2/orders/${id}`, undefined, VENDOR);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toEqual((await app.get(`/v2/orders/${id}`, VENDOR)).body);
});

it('a batch of orders answers each as read alone: pending, fulfilled, cancelled and empty orders, missing ids absent', async () => {
  const empty = await must<OrderShape>(app.gql, M.create, { input: {} });
  const held = await must<OrderShape>(app.gql, M.create, { input: { loyaltyCardNumber: PREMIERE_CARD } });
  await must(app.gql, M.addTickets, { input: { orderId: held.id, showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(5, 7)) } });
  const sold = await must<OrderShape>(app.gql, M.create, { input: {} });
  const soldHeld = await must<OrderShape>(app.gql, M.addTickets, { input: { orderId: sold.id, showtimeId: st.showtimeId, seats: seatsOf(st.regular.slice(8, 9)) } });
  await payAndFulfil(app.gql, soldHeld);
  const ids = [empty.id, held.id, sold.id, ...(await sql<{ id: number }[]>`select id from orders order by id`).map((r) => r.id)];
  const now = new Date();
  const batch = await loadOrderViews(app.database.db, [...ids, 2_000_000_000], now);
  expect([...batch.keys()].sort((a, b) => a - b)).toEqual([...new Set(ids)].sort((a, b) => a - b));
  for (const id of new Set(ids)) {
    const alone = await loadOrderView(app.database.db, id, now);
    expect(alone?.id).toBe(id);
    expect(batch.get(id)).toEqual(alone);
  }
  expect(await loadOrderView(app.database.db, 2_000_000_000, now)).toBeNull();
});
