import { useTestApp } from '../helpers/app';
import { holdSeats, M, must, pickShowtimes, seatsOf, VENDOR, type OrderShape } from '../helpers/orders';

/** GraphQL edits of one order line: the same services REST serves at …/products/{line} and …/modifiers. */

const { app, sql } = useTestApp();

const LINE = `id total products { lineNumber kind cost quantity token modifiers { modifierId sku quantity } }`;
type Line = { lineNumber: number; kind: string; cost: number; quantity: number; token: string; modifiers: { modifierId: number; sku: string; quantity: number }[] };
type Edited = { id: number; total: number; products: Line[] };
const UPDATE = `mutation($input: UpdateOrderProductInput!) { updateOrderProduct(input: $input) { ${LINE} } }`;
const ADD_MOD = `mutation($input: AddProductModifierInput!) { addProductModifier(input: $input) { ${LINE} } }`;
const REMOVE_MOD = `mutation($input: RemoveProductModifierInput!) { removeProductModifier(input: $input) { ${LINE} } }`;
const ADD_CONCESSION = `mutation($input: AddConcessionInput!) { addConcession(input: $input) { ${LINE} } }`;

it('re-prices a ticket when its type changes', async () => {
  const [st] = await pickShowtimes(sql, 1, 60);
  const held: OrderShape = await holdSeats(app.gql, st.showtimeId, seatsOf(st.regular.slice(0, 1)));
  const [child] = await sql<{ price: string }[]>`
    select price from showtime_ticket_prices where showtime_id = ${st.showtimeId} and type = 'CHILD'`;
  const line = held.products[0].lineNumber;
  const edited = await must<Edited>(app.gql, UPDATE, { input: { orderId: held.id, lineNumber: line, ticketType: 'CHILD' } });
  expect(edited.products[0].cost).toBeCloseTo(Number(child.price), 2);
  expect(edited.total).toBeLessThan(held.total);

  const wrong = await app.gql(UPDATE, { input: { orderId: held.id, lineNumber: 999, ticketType: 'SENIOR' } }, VENDOR);
  expect(wrong.errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

it('adds and removes a modifier of a concession line, by the line token', async () => {
  // A product sold at a theatre whose modifier groups are all optional, with room for one more.
  const [tc] = await sql<{ id: number; concession_id: number }[]>`
    select tc.id, tc.concession_id from theatre_concessions tc
    where tc.is_available
      and exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id)
      and not exists (select 1 from modifier_groups g where g.concession_id = tc.concession_id
                      and (g.required or g.minimum_quantity > 0))
    order by tc.id limit 1`;
  expect(tc).toBeDefined();
  const [mod] = await sql<{ id: number }[]>`
    select m.id from modifiers m join modifier_groups g on g.id = m.modifier_group_id
    where g.concession_id = ${tc.concession_id} and g.maximum_quantity >= 1 order by m.id limit 1`;
  const order = await must<OrderShape>(app.gql, M.create, { input: {} });
  const added = await must<Edited>(app.gql, ADD_CONCESSION, { input: { orderId: order.id, theatreConcessionId: tc.id } });
  const line = added.products[0];
  expect(line.modifiers).toHaveLength(0);

  const badToken = await app.gql(ADD_MOD, { input: { orderId: order.id, lineNumber: line.lineNumber, token: '00000000-0000-0000-0000-000000000000', modifierId: mod.id } }, VENDOR);
  expect(badToken.errors?.[0].extensions?.code).toBe('NOT_FOUND');

  const withMod = await must<Edited>(app.gql, ADD_MOD, { input: { orderId: order.id, lineNumber: line.lineNumber, token: line.token, modifierId: mod.id } });
  expect(withMod.products[0].modifiers.map((m) => m.modifierId)).toEqual([mod.id]);
  expect(withMod.total).toBeGreaterThanOrEqual(added.total);
  const [{ n }] = await sql<{ n: number }[]>`
    select count(*)::int as n from order_product_modifiers m join order_products p on p.id = m.order_product_id
    where p.order_id = ${order.id}`;
  expect(n).toBe(1);

  const removed = await must<Edited>(app.gql, REMOVE_MOD, {
    input: { orderId: order.id, lineNumber: line.lineNumber, token: line.token, modifierSku: withMod.products[0].modifiers[0].sku },
  });
  expect(removed.products[0].modifiers).toHaveLength(0);
  expect(removed.total).toBeCloseTo(added.total, 2);
});

it('refuses modifiers on a ticket line', async () => {
  const [st] = await pickShowtimes(sql, 1, 61);
  const held = await holdSeats(app.gql, st.showtimeId, seatsOf(st.regular.slice(0, 1)));
  const ticket = (await must<Edited>(app.gql, `query($id: Int!) { order(id: $id) { ${LINE} } }`, { id: held.id })).products[0];
  const res = await app.gql(ADD_MOD, { input: { orderId: held.id, lineNumber: ticket.lineNumber, token: ticket.token, modifierId: 1 } }, VENDOR);
  expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'lineNumber' });
});
